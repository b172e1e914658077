/**
 * Validation area: the test library with each founder's own state — started, progress,
 * completed, evaluated, removed — kept on the server (the original kept it on screen).
 * Open once the phase rule the sidebar follows opens it (isPageOpen('validation')), whatever the UI shows.
 */
import * as z from 'zod';
import type { UpdateValidationTestResponse, ValidationTestsResponse, ValidationTestView } from '#shared/api-types';
import { isPageOpen, PAGE_LOCKED_MESSAGES } from '#shared/domain/phases';
import {
  EVALUATION_RESULTS,
  findValidationTest,
  TEST_STATUSES,
  VALIDATION_TESTS,
  type ValidationTestDefinition,
} from '#shared/domain/validation-tests';
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

const testParams = z.object({ testId: z.string().max(50) });

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
    params: testParams,
    body: z
      .strictObject({
        status: z
          .enum(TEST_STATUSES, { error: () => `status must be one of: ${TEST_STATUSES.join(', ')}.` })
          .optional(),
        progress: z
          .number({ error: () => 'progress must be a number.' })
          .int()
          .min(0, { error: 'progress must be between 0 and 100.' })
          .max(100, { error: 'progress must be between 0 and 100.' })
          .optional(),
        evaluation: z
          .strictObject({
            result: z.enum(EVALUATION_RESULTS, {
              error: () => `result must be one of: ${EVALUATION_RESULTS.join(', ')}.`,
            }),
            notes: z
              .string()
              .max(5000, { error: 'Notes must be at most 5000 characters.' })
              .nullish()
              // Blank notes are dropped (spec §4).
              .transform((n) => (n?.trim() ? n.trim() : null)),
          })
          .nullable()
          .optional(),
      })
      .refine((b) => b.status !== undefined || b.progress !== undefined || b.evaluation !== undefined, {
        error: 'Send at least one of status, progress or evaluation.',
      }),
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
    params: testParams,
    handle: async ({ principal, params }) => {
      await requireValidationOpen(principal.sub);
      const test = requireTest(params.testId);
      await updateTestRun(principal.sub, test.id, { deleted: true }, new Date().toISOString());
      return {};
    },
  }),
};

export const handler = createAreaHandler('validation', validationRoutes);
