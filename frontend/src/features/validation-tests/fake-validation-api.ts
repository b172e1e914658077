/**
 * Test helpers: validation tests and an in-memory validation API that keeps changes as the server does (status and
 * progress follow the checked steps, removed tests wait in `removed`, a retried create is the same test).
 */
import type {
  CreateCustomTestRequest,
  CustomTestFields,
  UpdateValidationTestRequest,
  ValidationTestView,
} from '#shared/api-types';
import { CUSTOM_TEST_LIMIT, progressOf, statusOf } from '#shared/domain/validation-tests';
import type { FakeHandler, FakeRoutes } from '../../test/fake-api';

export function validationTest(overrides: Partial<ValidationTestView> = {}): ValidationTestView {
  return {
    id: 'test-1',
    name: 'Customer Interview',
    description: 'Talk to people who have the problem, to learn how they live with it today.',
    difficulty: 'easy',
    category: 'Problem Validation',
    estimatedTime: '1-2 weeks',
    steps: ['Write down the riskiest assumption.', 'List 10 people to talk to.', 'Look for patterns.'],
    checkedSteps: [],
    status: 'not-started',
    progress: 0,
    results: null,
    evaluation: null,
    custom: null,
    removedAt: null,
    ...overrides,
  };
}

/** Four tests in every status, with one result of each kind among the completed ones. */
export function sampleTests(): ValidationTestView[] {
  return [
    validationTest(),
    validationTest({
      id: 'test-2',
      name: 'Landing Page Test',
      description: 'Describe your offer on a simple page and measure sign-ups.',
      difficulty: 'medium',
      category: 'Market Validation',
      steps: ['Write one headline.', 'Build a one-page site.', 'Send traffic to it.', 'Measure sign-ups.', 'Decide.'],
      checkedSteps: [0, 1],
      status: 'in-progress',
      progress: 40,
    }),
    validationTest({
      id: 'test-3',
      name: 'Competitive Analysis',
      description: 'Map how customers solve the problem today.',
      category: 'Market Validation',
      estimatedTime: '3-5 days',
      checkedSteps: [0, 1, 2],
      status: 'completed',
      progress: 100,
      results: 'Two strong competitors, both expensive.',
      evaluation: { result: 'partial', notes: 'Two strong competitors.' },
    }),
    validationTest({
      id: 'test-4',
      name: 'Pre-sale Campaign',
      description: 'Ask customers to commit money before the product exists.',
      difficulty: 'hard',
      category: 'Revenue Validation',
      estimatedTime: '2-4 weeks',
      checkedSteps: [0, 1, 2],
      status: 'completed',
      progress: 100,
      evaluation: { result: 'success', notes: null },
    }),
  ];
}

const withSteps = (test: ValidationTestView, checkedSteps: number[], started: boolean): ValidationTestView => ({
  ...test,
  checkedSteps,
  status: statusOf(started, checkedSteps.length, test.steps.length),
  progress: progressOf(checkedSteps.length, test.steps.length),
});

function customView(id: string, fields: CustomTestFields): ValidationTestView {
  const { name, steps, ...plan } = fields;
  return validationTest({
    id,
    name,
    description: plan.hypothesis,
    difficulty: null,
    category: 'Your own test',
    estimatedTime: null,
    steps,
    custom: plan,
  });
}

export function validationFake(
  initial: ValidationTestView[] = sampleTests(),
  routes: FakeRoutes = {},
  removed: ValidationTestView[] = [],
) {
  const state = { tests: initial.map((t) => ({ ...t })), removed: removed.map((t) => ({ ...t })) };
  const idOf = (pathname: string) => decodeURIComponent(pathname.split('/')[3] ?? '');
  const notFound = { status: 404, body: { error: 'NotFound', message: 'No such validation test.' } };
  const used = () => [...state.tests, ...state.removed].filter((t) => t.custom).length;

  const list: FakeHandler = () => ({
    body: { tests: state.tests, removed: state.removed, customTests: { used: used(), limit: CUSTOM_TEST_LIMIT } },
  });
  const update: FakeHandler = (request) => {
    const id = idOf(request.url.pathname);
    const body = request.body as UpdateValidationTestRequest;
    const current = state.tests.find((t) => t.id === id);
    if (!current) return notFound;
    let next = withSteps(
      current,
      body.checkedSteps ? [...new Set(body.checkedSteps)].sort((a, b) => a - b) : current.checkedSteps,
      current.status !== 'not-started' || body.start === true,
    );
    if (body.results !== undefined) next = { ...next, results: body.results?.trim() || null };
    if (body.evaluation !== undefined) {
      next = {
        ...next,
        evaluation: body.evaluation
          ? { result: body.evaluation.result, notes: body.evaluation.notes?.trim() || null }
          : null,
      };
    }
    state.tests = state.tests.map((t) => (t.id === id ? next : t));
    return { body: { test: next } };
  };
  const remove: FakeHandler = (request) => {
    const id = idOf(request.url.pathname);
    const test = state.tests.find((t) => t.id === id);
    if (test) {
      state.tests = state.tests.filter((t) => t.id !== id);
      state.removed = [{ ...test, removedAt: '2026-11-25T10:00:00.000Z' }, ...state.removed];
    }
    return { status: 204 };
  };
  const restore: FakeHandler = (request) => {
    const id = idOf(request.url.pathname);
    const test = state.removed.find((t) => t.id === id) ?? state.tests.find((t) => t.id === id);
    if (!test) return notFound;
    const back = { ...test, removedAt: null };
    state.removed = state.removed.filter((t) => t.id !== id);
    if (!state.tests.some((t) => t.id === id)) state.tests = [...state.tests, back];
    return { body: { test: back } };
  };
  const create: FakeHandler = (request) => {
    const { id, ...fields } = request.body as CreateCustomTestRequest;
    const testId = `custom-${id}`;
    const existing = state.tests.find((t) => t.id === testId);
    if (existing) return { status: 201, body: { test: existing } };
    if (used() >= CUSTOM_TEST_LIMIT)
      return { status: 409, body: { error: 'Conflict', message: 'You already keep 50 tests of your own.' } };
    const test = customView(testId, fields);
    state.tests = [...state.tests, test];
    return { status: 201, body: { test } };
  };
  const edit: FakeHandler = (request) => {
    const id = idOf(request.url.pathname);
    const current = state.tests.find((t) => t.id === id && t.custom);
    if (!current) return notFound;
    const fields = request.body as CustomTestFields;
    const checkedTexts = new Set(current.checkedSteps.map((i) => current.steps[i]));
    const checked = fields.steps.flatMap((s, i) => (checkedTexts.has(s) ? [i] : []));
    const next = withSteps(
      { ...customView(id, fields), results: current.results, evaluation: current.evaluation },
      checked,
      current.status !== 'not-started',
    );
    state.tests = state.tests.map((t) => (t.id === id ? next : t));
    return { body: { test: next } };
  };
  const purge: FakeHandler = (request) => {
    const id = idOf(request.url.pathname);
    state.removed = state.removed.filter((t) => t.id !== id);
    return { status: 204 };
  };
  return {
    state,
    routes: {
      'validation.list': list,
      'validation.update': update,
      'validation.delete': remove,
      'validation.restore': restore,
      'validation.createCustom': create,
      'validation.editCustom': edit,
      'validation.purgeCustom': purge,
      ...routes,
    } satisfies FakeRoutes,
  };
}
