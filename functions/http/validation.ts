/**
 * Validation area: the test library with each founder's own state — started, progress,
 * completed, evaluated, removed — kept on the server (the original kept it on screen).
 * Open once the phase rule the sidebar follows opens it (isPageOpen('validation')), whatever the UI shows.
 */
import type { UpdateValidationTestResponse, ValidationTestsResponse, ValidationTestView } from '#shared/api-types';
import { isPageOpen, PAGE_LOCKED_MESSAGES } from '#shared/domain/phases';
import { findValidationTest, VALIDATION_TESTS, type ValidationTestDefinition } from '#shared/domain/validation-tests';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import { readPhaseRecord } from '../store/phases';
import { listTestRuns, type TestRun, updateTestRun } from '../store/test-runs';

function view(test: ValidationTestDefinition, run: TestRun | undefined): ValidationTestView {
  return {
    ...test,
    steps: [...test.steps],
    status: run?.status ?? 'not-started',
    progress: run?.progress ?? 0,
    evaluation: run?.evaluation ?? null,
  };
}

/**
 * 403 until the coach's business-model unlock. Flags are only ever set, never cleared, so a check read
 * before a write still holds when the write lands.
 */
async function requireValidationOpen(sub: string): Promise<void> {
  const { phases } = await readPhaseRecord(sub);
  if (!isPageOpen('validation', phases)) throw new ForbiddenError(PAGE_LOCKED_MESSAGES.validation);
}

function requireTest(testId: string): ValidationTestDefinition {
  const test = findValidationTest(testId);
  if (!test) throw new NotFoundError('No such validation test.');
  return test;
}

export const validationRoutes: AreaRoutes<'validation'> = {
  'validation.list': defineRoute('validation.list', {
    handle: async ({ principal }) => {
      const [, runs] = await Promise.all([requireValidationOpen(principal.sub), listTestRuns(principal.sub)]);
      const response: ValidationTestsResponse = {
        tests: VALIDATION_TESTS.filter((t) => !runs.get(t.id)?.deleted).map((t) => view(t, runs.get(t.id))),
      };
      return { body: response };
    },
  }),

  'validation.update': defineRoute('validation.update', {
    handle: async ({ principal, params, body }) => {
      await requireValidationOpen(principal.sub);
      const test = requireTest(params.testId);
      await updateTestRun(
        principal.sub,
        test.id,
        {
          ...(body.status ? { status: body.status } : {}),
          ...(body.progress !== undefined ? { progress: body.progress } : {}),
          ...(body.evaluation !== undefined
            ? { evaluation: body.evaluation ? { result: body.evaluation.result, notes: body.evaluation.notes } : null }
            : {}),
          // Working on a removed test brings it back.
          deleted: false,
        },
        new Date().toISOString(),
      );
      const runs = await listTestRuns(principal.sub);
      const response: UpdateValidationTestResponse = { test: view(test, runs.get(test.id)) };
      return { body: response };
    },
  }),

  'validation.delete': defineRoute('validation.delete', {
    handle: async ({ principal, params }) => {
      await requireValidationOpen(principal.sub);
      const test = requireTest(params.testId);
      await updateTestRun(principal.sub, test.id, { deleted: true }, new Date().toISOString());
      return {};
    },
  }),
};

export const handler = createAreaHandler('validation', validationRoutes);
