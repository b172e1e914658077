/**
 * Validation area: the test library and each founder's own tests, with the founder's state per test — started,
 * checked steps (progress follows them), results, evaluation, removed — kept on the server.
 * Open once the phase rule the sidebar follows opens it (isPageOpen('validation')), whatever the UI shows.
 */

import type { ValidationTestView } from '#shared/api-types';
import { validationContract } from '#shared/contract/validation';
import { isPageOpen, PAGE_LOCKED_MESSAGES } from '#shared/domain/phases';
import {
  CUSTOM_TEST_ID_PREFIX,
  CUSTOM_TEST_LIMIT,
  findValidationTest,
  isCustomTestId,
  progressOf,
  statusOf,
  VALIDATION_TESTS,
  type ValidationTestDefinition,
} from '#shared/domain/validation-tests';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import { readPhaseRecord } from '../store/phases';
import {
  changeTestRun,
  createCustomTest,
  editCustomTest,
  getTestRun,
  listTestRuns,
  purgeCustomTest,
  setTestRemoved,
  type TestRun,
} from '../store/test-runs';

const NO_SUCH_TEST = 'No such validation test.';

/** Its steps, and how the founder's run of them stands. */
function runState(run: TestRun | null, steps: readonly string[]) {
  const checkedSteps = (run?.checkedSteps ?? []).filter((i) => i < steps.length);
  // A run saved before steps could be checked off, completed then: every step counts as done.
  const checked = !run?.checkedSteps.length && run?.status === 'completed' ? steps.map((_, i) => i) : checkedSteps;
  return {
    steps: [...steps],
    checkedSteps: checked,
    status: statusOf(run?.started ?? false, checked.length, steps.length),
    progress: progressOf(checked.length, steps.length),
    results: run?.results ?? null,
    evaluation: run?.evaluation ?? null,
    removedAt: run?.deleted ? (run.deletedAt ?? run.createdAt ?? new Date(0).toISOString()) : null,
  };
}

function libraryView(test: ValidationTestDefinition, run: TestRun | null): ValidationTestView {
  const { steps, ...definition } = test;
  return { ...definition, ...runState(run, steps), custom: null };
}

function customView(run: TestRun & { custom: NonNullable<TestRun['custom']> }): ValidationTestView {
  const { name, steps, stepsRev: _rev, ...plan } = run.custom;
  return {
    id: run.testId,
    name,
    description: plan.hypothesis,
    difficulty: null,
    category: 'Your own test',
    estimatedTime: null,
    ...runState(run, steps),
    custom: plan,
  };
}

/** The founder's view of a test, or null when there is no such test (a custom id never created or deleted for good). */
function viewOf(testId: string, run: TestRun | null): ValidationTestView | null {
  if (run?.custom) return customView({ ...run, custom: run.custom });
  const test = findValidationTest(testId);
  return test ? libraryView(test, run) : null;
}

async function requireView(sub: string, testId: string): Promise<ValidationTestView> {
  const view = viewOf(testId, await getTestRun(sub, testId));
  if (!view) throw new NotFoundError(NO_SUCH_TEST);
  return view;
}

/**
 * 403 until the coach's business-model unlock. Flags are only ever set, never cleared, so a check read
 * before a write still holds when the write lands.
 */
async function requireValidationOpen(sub: string): Promise<void> {
  const { phases } = await readPhaseRecord(sub);
  if (!isPageOpen('validation', phases)) throw new ForbiddenError(PAGE_LOCKED_MESSAGES.validation);
}

export const validationRoutes: AreaRoutes<'validation'> = {
  'validation.list': defineRoute('validation.list', {
    handle: async ({ principal }) => {
      const [, runs] = await Promise.all([requireValidationOpen(principal.sub), listTestRuns(principal.sub)]);
      const library = VALIDATION_TESTS.map((t) => libraryView(t, runs.get(t.id) ?? null));
      // Oldest first, after the library's: a new test of the founder's own lands at the end, where it was added.
      const own = [...runs.values()]
        .filter((r) => r.custom)
        .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''))
        .flatMap((r) => viewOf(r.testId, r) ?? []);
      const all = [...library, ...own];
      return {
        body: {
          tests: all.filter((t) => t.removedAt === null),
          // Most recently removed first: the one just removed is at hand to restore.
          removed: all
            .filter((t) => t.removedAt !== null)
            .sort((a, b) => (b.removedAt ?? '').localeCompare(a.removedAt ?? '')),
          customTests: { used: own.length, limit: CUSTOM_TEST_LIMIT },
        },
      };
    },
  }),

  'validation.update': defineRoute('validation.update', {
    handle: async ({ principal, params, body }) => {
      await requireValidationOpen(principal.sub);
      await changeTestRun(
        principal.sub,
        params.testId,
        (run) => {
          const view = viewOf(params.testId, run);
          if (!view) throw new NotFoundError(NO_SUCH_TEST);
          const stepCount = view.steps.length;
          const beyond = body.checkedSteps?.find((i) => i >= stepCount);
          if (beyond !== undefined) {
            throw new BadRequestError(
              `checkedSteps holds ${beyond}, but this test has ${stepCount} steps: use 0 to ${stepCount - 1}.`,
            );
          }
          return {
            stepCount,
            ...(body.start ? { started: true } : {}),
            // Always the whole set: a run saved before steps were checked off gets its steps written down.
            checkedSteps: body.checkedSteps ? [...new Set(body.checkedSteps)].sort((a, b) => a - b) : view.checkedSteps,
            ...(body.results !== undefined ? { results: body.results } : {}),
            ...(body.evaluation !== undefined
              ? { evaluation: body.evaluation && { result: body.evaluation.result, notes: body.evaluation.notes } }
              : {}),
          };
        },
        new Date().toISOString(),
      );
      return { body: { test: await requireView(principal.sub, params.testId) } };
    },
  }),

  'validation.delete': defineRoute('validation.delete', {
    handle: async ({ principal, params }) => {
      await requireValidationOpen(principal.sub);
      const custom = isCustomTestId(params.testId);
      if (!custom && !findValidationTest(params.testId)) throw new NotFoundError(NO_SUCH_TEST);
      // A custom test deleted for good is gone: removing it again is a repeat of what already happened.
      await setTestRemoved(principal.sub, params.testId, true, new Date().toISOString(), custom);
      return {};
    },
  }),

  'validation.restore': defineRoute('validation.restore', {
    handle: async ({ principal, params }) => {
      await requireValidationOpen(principal.sub);
      const custom = isCustomTestId(params.testId);
      if (!custom && !findValidationTest(params.testId)) throw new NotFoundError(NO_SUCH_TEST);
      const found = await setTestRemoved(principal.sub, params.testId, false, new Date().toISOString(), custom);
      if (!found) throw new NotFoundError('No such test of your own: it may have been deleted for good.');
      return { body: { test: await requireView(principal.sub, params.testId) } };
    },
  }),

  'validation.createCustom': defineRoute('validation.createCustom', {
    handle: async ({ principal, body }) => {
      await requireValidationOpen(principal.sub);
      const { id, ...definition } = body;
      const run = await createCustomTest(
        principal.sub,
        `${CUSTOM_TEST_ID_PREFIX}${id.toLowerCase()}`,
        definition,
        new Date().toISOString(),
      );
      const test = viewOf(run.testId, run);
      if (!test) throw new Error(`custom test ${run.testId} has no view`);
      return { statusCode: 201, body: { test } };
    },
  }),

  'validation.editCustom': defineRoute('validation.editCustom', {
    handle: async ({ principal, params, body }) => {
      await requireValidationOpen(principal.sub);
      if (!isCustomTestId(params.testId))
        throw new NotFoundError('Only tests of your own can be edited; the library tests stay as they are.');
      const found = await editCustomTest(principal.sub, params.testId, body, new Date().toISOString());
      if (!found) throw new NotFoundError('No such test of your own.');
      return { body: { test: await requireView(principal.sub, params.testId) } };
    },
  }),

  'validation.purgeCustom': defineRoute('validation.purgeCustom', {
    handle: async ({ principal, params }) => {
      await requireValidationOpen(principal.sub);
      if (!isCustomTestId(params.testId))
        throw new NotFoundError('Library tests cannot be deleted for good; remove one to hide it.');
      await purgeCustomTest(principal.sub, params.testId);
      return {};
    },
  }),
};

export const handler = createAreaHandler('validation', validationRoutes, validationContract);
