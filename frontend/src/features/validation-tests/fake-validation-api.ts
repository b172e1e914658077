/** Test helpers: validation tests and an in-memory validation API that keeps changes, as the server does. */
import type { UpdateValidationTestRequest, ValidationTestView } from '#shared/api-types';
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
    status: 'not-started',
    progress: 0,
    evaluation: null,
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
      status: 'in-progress',
      progress: 40,
    }),
    validationTest({
      id: 'test-3',
      name: 'Competitive Analysis',
      description: 'Map how customers solve the problem today.',
      category: 'Market Validation',
      estimatedTime: '3-5 days',
      status: 'completed',
      progress: 100,
      evaluation: { result: 'partial', notes: 'Two strong competitors.' },
    }),
    validationTest({
      id: 'test-4',
      name: 'Pre-sale Campaign',
      description: 'Ask customers to commit money before the product exists.',
      difficulty: 'hard',
      category: 'Revenue Validation',
      estimatedTime: '2-4 weeks',
      status: 'completed',
      progress: 100,
      evaluation: { result: 'success', notes: null },
    }),
  ];
}

export function validationFake(initial: ValidationTestView[] = sampleTests(), routes: FakeRoutes = {}) {
  const state = { tests: initial.map((t) => ({ ...t })) };
  const idOf = (pathname: string) => decodeURIComponent(pathname.split('/')[3] ?? '');
  const list: FakeHandler = () => ({ body: { tests: state.tests } });
  const update: FakeHandler = (request) => {
    const id = idOf(request.url.pathname);
    const body = request.body as UpdateValidationTestRequest;
    const current = state.tests.find((t) => t.id === id);
    if (!current) return { status: 404, body: { error: 'NotFound', message: 'Test not found.' } };
    const next: ValidationTestView = {
      ...current,
      ...(body.status ? { status: body.status } : {}),
      ...(body.progress !== undefined ? { progress: body.progress } : {}),
      ...(body.evaluation !== undefined
        ? {
            evaluation: body.evaluation
              ? { result: body.evaluation.result, notes: body.evaluation.notes?.trim() || null }
              : null,
          }
        : {}),
    };
    state.tests = state.tests.map((t) => (t.id === id ? next : t));
    return { body: { test: next } };
  };
  const remove: FakeHandler = (request) => {
    const id = idOf(request.url.pathname);
    state.tests = state.tests.filter((t) => t.id !== id);
    return { status: 204 };
  };
  return {
    state,
    routes: {
      'validation.list': list,
      'validation.update': update,
      'validation.delete': remove,
      ...routes,
    } satisfies FakeRoutes,
  };
}
