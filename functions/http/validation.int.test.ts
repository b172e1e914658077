import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ValidationTestsResponse, ValidationTestView } from '#shared/api-types';
import { PAGE_LOCKED_MESSAGES } from '#shared/domain/phases';
import { CUSTOM_TEST_LIMIT } from '#shared/domain/validation-tests';
import { adminToken, api, createUser, setPhases, type TestUser } from '../../test/helpers';
import { ddb, tableName } from '../store/client';
import { keys } from '../store/keys';

async function storedRun(founder: TestUser, testId: string): Promise<Record<string, unknown> | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.testRun(founder.sub, testId), ConsistentRead: true }),
  );
  return out.Item;
}

async function storedCount(founder: TestUser): Promise<unknown> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.customTestCount(founder.sub), ConsistentRead: true }),
  );
  return out.Item?.count;
}

/** A paid founder whose business model a coach unlocked: validation tests are open. */
async function openFounder(): Promise<TestUser> {
  const founder = await createUser({ paid: true });
  await setPhases(founder.sub, { bmc_status: true });
  return founder;
}

const list = (founder: TestUser) =>
  api<ValidationTestsResponse>('GET', '/api/validation-tests', { token: founder.token });
const put = (founder: TestUser, testId: string, body: unknown) =>
  api<{ test: ValidationTestView }>('PUT', `/api/validation-tests/${testId}`, { token: founder.token, body });

const customTest = (overrides: Record<string, unknown> = {}) => ({
  name: 'Price anchoring',
  hypothesis: 'Parents pay 20 euros a month for planned meals.',
  method: 'Show two priced offers to 30 parents at the school gate.',
  metric: 'Share of parents choosing the 20 euro offer',
  successCriterion: 'At least 30 percent choose it',
  steps: ['Write both offers', 'Show them to 30 parents', 'Count the choices'],
  ...overrides,
});
const create = (founder: TestUser, id: string, overrides: Record<string, unknown> = {}) =>
  api<{ test: ValidationTestView }>('POST', '/api/custom-tests', {
    token: founder.token,
    body: { id, ...customTest(overrides) },
  });

describe('validation tests behind the business-model unlock', () => {
  it('refuses a paid founder before the unlock with 403 naming it, writing nothing; after the unlock it works', async () => {
    const founder = await createUser({ paid: true });
    const id = randomUUID();
    const calls = [
      ['GET', '/api/validation-tests', undefined],
      ['PUT', '/api/validation-tests/test-1', { start: true }],
      ['DELETE', '/api/validation-tests/test-2', undefined],
      ['POST', '/api/validation-tests/test-2/restore', undefined],
      ['POST', '/api/custom-tests', { id, ...customTest() }],
      ['PUT', `/api/custom-tests/custom-${id}`, customTest()],
      ['DELETE', `/api/custom-tests/custom-${id}`, undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      const res = await api(method, path, { token: founder.token, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ error: 'Forbidden', message: PAGE_LOCKED_MESSAGES.validation });
    }
    expect(PAGE_LOCKED_MESSAGES.validation).toContain('Business Model');
    expect(await storedRun(founder, 'test-1')).toBeUndefined();
    expect(await storedRun(founder, 'test-2')).toBeUndefined();
    expect(await storedRun(founder, `custom-${id}`)).toBeUndefined();
    expect(await storedCount(founder)).toBeUndefined();

    // The coach's business-model unlock sets the flag the sidebar opens the pages with.
    const unlock = await api('POST', `/api/admin/founders/${founder.sub}/unlock`, {
      token: await adminToken(),
      body: { phase: 'business-model' },
    });
    expect(unlock.status).toBe(200);

    const started = await put(founder, 'test-1', { start: true });
    expect(started.status).toBe(200);
    expect(started.body.test).toMatchObject({ status: 'in-progress', progress: 0, checkedSteps: [] });
    expect((await api('DELETE', '/api/validation-tests/test-2', { token: founder.token })).status).toBe(204);
    const after = await list(founder);
    expect(after.status).toBe(200);
    expect(after.body.tests.find((t) => t.id === 'test-1')).toMatchObject({ status: 'in-progress', progress: 0 });
    expect(after.body.tests.some((t) => t.id === 'test-2')).toBe(false);
  });
});

describe('tests that progress through their steps', () => {
  let founder: TestUser;
  beforeAll(async () => {
    founder = await openFounder();
  });

  it('progress follows the checked steps, all steps checked completes the test, unchecking one reopens it', async () => {
    // Competitive Analysis: four steps.
    const one = await put(founder, 'test-3', { checkedSteps: [0] });
    expect(one.status).toBe(200);
    expect(one.body.test).toMatchObject({ status: 'in-progress', progress: 25, checkedSteps: [0] });

    const three = await put(founder, 'test-3', { checkedSteps: [2, 0, 1, 2] });
    expect(three.body.test).toMatchObject({ status: 'in-progress', progress: 75, checkedSteps: [0, 1, 2] });
    // Sent again (a retry): the same state.
    expect((await put(founder, 'test-3', { checkedSteps: [2, 0, 1, 2] })).body.test).toEqual(three.body.test);

    const all = await put(founder, 'test-3', { checkedSteps: [0, 1, 2, 3] });
    expect(all.body.test).toMatchObject({ status: 'completed', progress: 100 });
    expect(await storedRun(founder, 'test-3')).toMatchObject({ status: 'completed', progress: 100 });

    const reopened = await put(founder, 'test-3', { checkedSteps: [0, 1, 3] });
    expect(reopened.body.test).toMatchObject({ status: 'in-progress', progress: 75 });
  });

  it('records results and an evaluation beside the steps; blank results are dropped', async () => {
    const saved = await put(founder, 'test-1', { results: '  7 of 10 said they pay for a workaround.  ' });
    expect(saved.body.test).toMatchObject({
      results: '7 of 10 said they pay for a workaround.',
      status: 'not-started',
    });
    const evaluated = await put(founder, 'test-1', { evaluation: { result: 'success', notes: 'Strong pull.' } });
    expect(evaluated.body.test).toMatchObject({
      results: '7 of 10 said they pay for a workaround.',
      evaluation: { result: 'success', notes: 'Strong pull.' },
    });
    const blank = await put(founder, 'test-1', { results: '   ' });
    expect(blank.body.test.results).toBeNull();
    expect(blank.body.test.evaluation).toEqual({ result: 'success', notes: 'Strong pull.' });
  });

  it('refuses step numbers the test does not have, and malformed bodies, with 400 and nothing written', async () => {
    const cases: [unknown, RegExp][] = [
      [{ checkedSteps: [4] }, /has 4 steps: use 0 to 3/],
      [{ checkedSteps: [-1] }, /from 0/],
      [{ checkedSteps: [1.5] }, /whole step numbers/],
      [{ start: false }, /start can only be true/],
      [{}, /at least one of start, checkedSteps, results or evaluation/],
      [{ results: 'x'.repeat(5001) }, /Results must be at most 5000 characters/],
      [{ progress: 50 }, /progress/],
    ];
    for (const [body, message] of cases) {
      const res = await put(founder, 'test-8', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    expect(await storedRun(founder, 'test-8')).toBeUndefined();
    expect((await put(founder, 'test-99', { start: true })).status).toBe(404);
    expect((await put(founder, `custom-${randomUUID()}`, { start: true })).status).toBe(404);
  });

  it('reads a run saved before steps could be checked off (status completed) as every step done', async () => {
    const legacy = await openFounder();
    await ddb().send(
      new (await import('@aws-sdk/lib-dynamodb')).PutCommand({
        TableName: tableName(),
        Item: { ...keys.testRun(legacy.sub, 'test-6'), status: 'completed', progress: 100, deleted: false },
      }),
    );
    const test = (await list(legacy)).body.tests.find((t) => t.id === 'test-6');
    expect(test).toMatchObject({ status: 'completed', progress: 100, checkedSteps: [0, 1, 2, 3] });
    // Evaluating it keeps it completed: its steps are written down.
    const evaluated = await put(legacy, 'test-6', { evaluation: { result: 'partial', notes: null } });
    expect(evaluated.body.test).toMatchObject({ status: 'completed', checkedSteps: [0, 1, 2, 3] });
  });
});

describe('removing and restoring tests', () => {
  it('a removed test leaves the list for Removed tests, keeps its state, refuses work until restored; both repeat safely', async () => {
    const founder = await openFounder();
    await put(founder, 'test-5', { checkedSteps: [0, 1], results: 'Two of five finished the task.' });

    for (let i = 0; i < 2; i++) {
      expect((await api('DELETE', '/api/validation-tests/test-5', { token: founder.token })).status).toBe(204);
    }
    const removed = await list(founder);
    expect(removed.body.tests.some((t) => t.id === 'test-5')).toBe(false);
    expect(removed.body.removed).toHaveLength(1);
    expect(removed.body.removed[0]).toMatchObject({
      id: 'test-5',
      checkedSteps: [0, 1],
      results: 'Two of five finished the task.',
      removedAt: expect.any(String),
    });

    const refused = await put(founder, 'test-5', { checkedSteps: [0, 1, 2] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'Conflict', message: expect.stringContaining('Restore it') });

    for (let i = 0; i < 2; i++) {
      const restored = await api<{ test: ValidationTestView }>('POST', '/api/validation-tests/test-5/restore', {
        token: founder.token,
      });
      expect(restored.status).toBe(200);
      expect(restored.body.test).toMatchObject({ id: 'test-5', removedAt: null, checkedSteps: [0, 1], progress: 40 });
    }
    const back = await list(founder);
    expect(back.body.removed).toEqual([]);
    expect(back.body.tests.find((t) => t.id === 'test-5')).toMatchObject({ status: 'in-progress', progress: 40 });
    expect((await put(founder, 'test-5', { checkedSteps: [0, 1, 2] })).body.test.progress).toBe(60);
  });

  it('answers 404 for a library test that does not exist, without writing', async () => {
    const founder = await openFounder();
    expect((await api('DELETE', '/api/validation-tests/test-42', { token: founder.token })).status).toBe(404);
    expect((await api('POST', '/api/validation-tests/test-42/restore', { token: founder.token })).status).toBe(404);
    expect(await storedRun(founder, 'test-42')).toBeUndefined();
  });
});

describe("a founder's own tests", () => {
  it('adds one (a retried create is the same test, counted once), edits it, works through its steps and evaluates it', async () => {
    const founder = await openFounder();
    const id = randomUUID();
    const first = await create(founder, id);
    expect(first.status).toBe(201);
    expect(first.body.test).toMatchObject({
      id: `custom-${id}`,
      name: 'Price anchoring',
      description: 'Parents pay 20 euros a month for planned meals.',
      difficulty: null,
      estimatedTime: null,
      custom: {
        hypothesis: 'Parents pay 20 euros a month for planned meals.',
        method: 'Show two priced offers to 30 parents at the school gate.',
        metric: 'Share of parents choosing the 20 euro offer',
        successCriterion: 'At least 30 percent choose it',
      },
      steps: ['Write both offers', 'Show them to 30 parents', 'Count the choices'],
      status: 'not-started',
      progress: 0,
    });
    const retried = await create(founder, id);
    expect(retried.status).toBe(201);
    expect(retried.body.test).toEqual(first.body.test);
    expect(await storedCount(founder)).toBe(1);

    const listed = await list(founder);
    expect(listed.body.tests.at(-1)?.id).toBe(`custom-${id}`);
    expect(listed.body.customTests).toEqual({ used: 1, limit: CUSTOM_TEST_LIMIT });

    const testId = `custom-${id}`;
    expect((await put(founder, testId, { checkedSteps: [0, 1] })).body.test.progress).toBe(67);

    // Editing keeps the checks of the steps that stay (by their text), wherever they move.
    const edited = await api<{ test: ValidationTestView }>('PUT', `/api/custom-tests/${testId}`, {
      token: founder.token,
      body: customTest({
        name: 'Price anchoring, two schools',
        steps: ['Show them to 30 parents', 'Pick a second school', 'Write both offers', 'Count the choices'],
      }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.test).toMatchObject({
      name: 'Price anchoring, two schools',
      checkedSteps: [0, 2],
      progress: 50,
      status: 'in-progress',
    });

    const done = await put(founder, testId, {
      checkedSteps: [0, 1, 2, 3],
      results: '11 of 30 chose the 20 euro offer (37 %).',
    });
    expect(done.body.test).toMatchObject({ status: 'completed', progress: 100 });
    const evaluated = await put(founder, testId, { evaluation: { result: 'success', notes: 'Above 30 %.' } });
    expect(evaluated.body.test).toMatchObject({
      results: '11 of 30 chose the 20 euro offer (37 %).',
      evaluation: { result: 'success', notes: 'Above 30 %.' },
    });
    // The dashboard counts it among the founder's tests under way.
    const dashboard = await api<{ validationTests: { count: number } }>('GET', '/api/dashboard', {
      token: founder.token,
    });
    expect(dashboard.body.validationTests.count).toBe(1);
  });

  it('refuses incomplete or malformed tests with 400 naming the field, writing nothing', async () => {
    const founder = await openFounder();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '  ' }, /Name is required/],
      [{ hypothesis: undefined }, /Hypothesis is required/],
      [{ successCriterion: 'x'.repeat(501) }, /Success criterion must be at most 500 characters/],
      [{ steps: [] }, /Add at least one step/],
      [{ steps: ['Call', ' call '] }, /Each step must be different/],
      [{ steps: Array.from({ length: 21 }, (_, i) => `Step ${i}`) }, /at most 20 steps/],
      [{ extra: 1 }, /extra/],
    ];
    for (const [overrides, message] of cases) {
      const res = await create(founder, randomUUID(), overrides);
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    const badId = await api('POST', '/api/custom-tests', {
      token: founder.token,
      body: { id: 'not-a-uuid', ...customTest() },
    });
    expect(badId.status).toBe(400);
    expect(JSON.stringify(badId.body)).toMatch(/id must be a UUID/);
    expect(await storedCount(founder)).toBeUndefined();
    expect((await list(founder)).body.customTests.used).toBe(0);

    // Library tests are not edited or deleted for good.
    expect((await api('PUT', '/api/custom-tests/test-1', { token: founder.token, body: customTest() })).status).toBe(
      404,
    );
    expect((await api('DELETE', '/api/custom-tests/test-1', { token: founder.token })).status).toBe(404);
    expect(
      (await api('PUT', `/api/custom-tests/custom-${randomUUID()}`, { token: founder.token, body: customTest() }))
        .status,
    ).toBe(404);
  });

  it("another founder's test is not theirs: no list entry, 404 to edit or restore, work on it writes nothing", async () => {
    const owner = await openFounder();
    const other = await openFounder();
    const id = randomUUID();
    await create(owner, id);
    expect((await list(other)).body.tests.some((t) => t.id === `custom-${id}`)).toBe(false);
    const edit = await api('PUT', `/api/custom-tests/custom-${id}`, { token: other.token, body: customTest() });
    expect(edit.status).toBe(404);
    expect((await put(other, `custom-${id}`, { checkedSteps: [0] })).status).toBe(404);
    expect((await api('POST', `/api/validation-tests/custom-${id}/restore`, { token: other.token })).status).toBe(404);
    expect(await storedRun(other, `custom-${id}`)).toBeUndefined();
    expect((await storedRun(owner, `custom-${id}`))?.checkedSteps).toEqual([]);
  });

  it('removes and restores like a library test; deleting for good needs it removed first and frees its place', async () => {
    const founder = await openFounder();
    const id = randomUUID();
    const testId = `custom-${id}`;
    await create(founder, id);

    const notRemoved = await api('DELETE', `/api/custom-tests/${testId}`, { token: founder.token });
    expect(notRemoved.status).toBe(409);
    expect(notRemoved.body).toMatchObject({ message: expect.stringContaining('Remove this test first') });

    expect((await api('DELETE', `/api/validation-tests/${testId}`, { token: founder.token })).status).toBe(204);
    const removed = await list(founder);
    expect(removed.body.removed.map((t) => t.id)).toEqual([testId]);
    // A removed test still counts: it can come back.
    expect(removed.body.customTests.used).toBe(1);
    const editRemoved = await api('PUT', `/api/custom-tests/${testId}`, { token: founder.token, body: customTest() });
    expect(editRemoved.status).toBe(409);

    const restored = await api<{ test: ValidationTestView }>('POST', `/api/validation-tests/${testId}/restore`, {
      token: founder.token,
    });
    expect(restored.body.test).toMatchObject({ id: testId, removedAt: null, name: 'Price anchoring' });

    await api('DELETE', `/api/validation-tests/${testId}`, { token: founder.token });
    for (let i = 0; i < 2; i++) {
      expect((await api('DELETE', `/api/custom-tests/${testId}`, { token: founder.token })).status).toBe(204);
    }
    expect(await storedRun(founder, testId)).toBeUndefined();
    expect(await storedCount(founder)).toBe(0);
    const gone = await list(founder);
    expect(gone.body.removed).toEqual([]);
    expect(gone.body.customTests.used).toBe(0);
    const restoreGone = await api('POST', `/api/validation-tests/${testId}/restore`, { token: founder.token });
    expect(restoreGone.status).toBe(404);
    // Removing it again is a repeat of what already happened, and recreates nothing.
    expect((await api('DELETE', `/api/validation-tests/${testId}`, { token: founder.token })).status).toBe(204);
    expect(await storedRun(founder, testId)).toBeUndefined();
  });

  it(`parallel creates stop at ${CUSTOM_TEST_LIMIT}: the rest get 409 saying how to make room, nothing past the limit is stored`, async () => {
    const founder = await openFounder();
    const extra = 6;
    const results = await Promise.all(
      Array.from({ length: CUSTOM_TEST_LIMIT + extra }, (_, i) =>
        create(founder, randomUUID(), { name: `Test ${i}`, steps: ['Only step'] }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(CUSTOM_TEST_LIMIT);
    expect(statuses.filter((s) => s === 409)).toHaveLength(extra);
    const refused = results.find((r) => r.status === 409);
    expect(refused?.body).toMatchObject({
      error: 'Conflict',
      message: expect.stringContaining(`${CUSTOM_TEST_LIMIT} tests of your own`),
    });
    expect(await storedCount(founder)).toBe(CUSTOM_TEST_LIMIT);
    const listed = await list(founder);
    expect(listed.body.customTests).toEqual({ used: CUSTOM_TEST_LIMIT, limit: CUSTOM_TEST_LIMIT });
    expect(listed.body.tests.filter((t) => t.custom)).toHaveLength(CUSTOM_TEST_LIMIT);

    // Removing, then deleting one for good, makes room for one more.
    const victim = listed.body.tests.find((t) => t.custom)?.id ?? '';
    await api('DELETE', `/api/validation-tests/${victim}`, { token: founder.token });
    expect((await create(founder, randomUUID())).status).toBe(409);
    await api('DELETE', `/api/custom-tests/${victim}`, { token: founder.token });
    expect((await create(founder, randomUUID())).status).toBe(201);
    expect(await storedCount(founder)).toBe(CUSTOM_TEST_LIMIT);
  });
});
