/**
 * Every route in the table × every kind of caller, against a table of expected
 * outcomes. A route added to the table without an entry here fails this test
 * (and the type of MATRIX), so no route ships without its access decided.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS, ROUTE_IDS, ROUTES, type RouteId } from '#shared/routes';
import { adminToken, api, createUser, setPhases, type TestUser } from './helpers';

type Caller = 'anonymous' | 'unpaid' | 'founderA' | 'founderB' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'unpaid', 'founderA', 'founderB', 'admin'];

type Callers = Record<Caller, TestUser | null>;

interface Entry {
  /** Path and body for the call; built per caller so writes never collide. */
  request: (ctx: { callers: Callers }) => { path: string; body?: unknown; rawBody?: string };
  expect: Record<Caller, number>;
}

/** A coach's route about founder A, the founder the coaches' rows act on. */
const aboutFounderA = (callers: Callers, rest = ''): string => `/api/admin/founders/${callers.founderA?.sub}${rest}`;

const onboarding = {
  startupName: 'Matrix Co',
  businessType: 'saas',
  stage: 'idea',
  industry: 'tech',
  customerType: 'b2b',
  description: 'Checks who may call what.',
  teamSize: 'solo',
  fundingStatus: 'bootstrapped',
};

const MATRIX_IDEA = 'A checker of who may call what';
const MATRIX_QUESTION = 'seed-trigger-customer-jobs-1';
// Founder A's answer a coach comments on in beforeAll (the feedback rows need a thread).
const MATRIX_FEEDBACK_QUESTION = 'seed-trigger-customer-jobs-2';
// Business-model questions the admin edits and deletes (the trigger set stays at its seeded 27).
const MATRIX_EDITED_QUESTION = randomUUID();
const MATRIX_DELETED_QUESTION = randomUUID();
// A validation test of founder A's own (created in beforeAll), for the edit row.
const MATRIX_CUSTOM_TEST_ID = randomUUID();
const MATRIX_CUSTOM_TEST = {
  name: 'Matrix test',
  hypothesis: 'Only its owner can change it.',
  method: 'Ask as every caller.',
  metric: 'Answers per caller',
  successCriterion: 'Only founder A gets 200.',
  steps: ['Ask as everyone'],
};

const everyone = (status: number): Record<Caller, number> => ({
  anonymous: status,
  unpaid: status,
  founderA: status,
  founderB: status,
  admin: status,
});

// Refused to every caller: the signed-out one is asked to sign in (401), the signed-in ones are forbidden (403).
const REFUSED: Record<Caller, number> = { ...everyone(403), anonymous: 401 };
/** A coaches' route; `status` is the coach's answer. */
const coachesOnly = (status: number): Record<Caller, number> => ({ ...REFUSED, admin: status });
/** A paid founder's own route (not the unpaid founder's, not the coach's); `status` is both founders' answer. */
const paidFounders = (status: number): Record<Caller, number> => ({ ...REFUSED, founderA: status, founderB: status });

const MATRIX: Record<RouteId, Entry> = {
  'platform.health': { request: () => ({ path: '/api/health' }), expect: everyone(200) },
  // Public sign-up routes: an empty body is refused the same way for everyone and sends nothing.
  'accounts.signupStart': { request: () => ({ path: '/api/auth/signup/start', body: {} }), expect: everyone(400) },
  'accounts.signupVerify': { request: () => ({ path: '/api/auth/signup/verify', body: {} }), expect: everyone(400) },
  'accounts.me': {
    request: () => ({ path: '/api/me' }),
    expect: { anonymous: 401, unpaid: 200, founderA: 200, founderB: 200, admin: 200 },
  },
  'accounts.saveOnboarding': {
    request: () => ({ path: '/api/me/onboarding', body: onboarding }),
    // Administrators have no founder profile to save the setup to.
    expect: { anonymous: 401, unpaid: 200, founderA: 200, founderB: 200, admin: 404 },
  },
  'accounts.updateProfile': {
    request: () => ({ path: '/api/me', body: { firstName: 'Matrix', lastName: 'Caller', startupName: 'Matrix Co' } }),
    // Administrators have no founder profile to rename.
    expect: { anonymous: 401, unpaid: 200, founderA: 200, founderB: 200, admin: 404 },
  },
  // The email never matches (every caller keeps its account); coaches are refused before it is read.
  'deletion.deleteAccount': {
    request: () => ({ path: '/api/me/delete', body: { email: 'someone-else@example.com' } }),
    expect: { anonymous: 401, unpaid: 400, founderA: 400, founderB: 400, admin: 403 },
  },
  'payments.receipt': {
    request: () => ({ path: '/api/payments/receipt' }),
    expect: { anonymous: 401, unpaid: 200, founderA: 200, founderB: 200, admin: 200 },
  },
  'payments.checkout': {
    request: () => ({ path: '/api/payments/checkout' }),
    expect: { anonymous: 401, unpaid: 200, founderA: 409, founderB: 409, admin: 403 },
  },
  'payments.verify': {
    request: () => ({ path: '/api/payments/verify', body: { sessionId: 'cs_test_does_not_exist' } }),
    expect: { anonymous: 401, unpaid: 404, founderA: 404, founderB: 404, admin: 404 },
  },
  // Stripe's webhook is public; without a valid signature nobody gets past it.
  'payments.webhook': { request: () => ({ path: '/api/payments/webhook', rawBody: '{}' }), expect: everyone(400) },
  'journey.dashboard': { request: () => ({ path: '/api/dashboard' }), expect: paidFounders(200) },
  'journey.generateIdeas': {
    request: () => ({ path: '/api/idea/generate', body: { text: 'Meal plans for busy parents' } }),
    expect: paidFounders(200),
  },
  'journey.saveIdea': {
    // Saving the same idea again is a harmless retry.
    request: () => ({ path: '/api/idea', body: { idea: MATRIX_IDEA } }),
    expect: paidFounders(200),
  },
  'journey.suggestions': { request: () => ({ path: '/api/suggestions/trigger' }), expect: paidFounders(200) },
  'journey.toolPrefill': { request: () => ({ path: '/api/tools/swot/prefill' }), expect: paidFounders(200) },
  'journey.draftToolSuggestions': { request: () => ({ path: '/api/suggestions/swot' }), expect: paidFounders(200) },
  'journey.listAnswers': { request: () => ({ path: '/api/answers/trigger' }), expect: paidFounders(200) },
  'journey.answerHistory': { request: () => ({ path: '/api/answers/trigger/history' }), expect: paidFounders(200) },
  'journey.saveAnswer': {
    request: () => ({ path: `/api/answers/trigger/${MATRIX_QUESTION}`, body: { answers: ['Matrix answer'] } }),
    expect: paidFounders(200),
  },
  'journey.deleteAnswer': {
    // Each founder deletes only their own answer (saved in beforeAll and by the save entry).
    request: () => ({ path: `/api/answers/trigger/${MATRIX_QUESTION}` }),
    expect: paidFounders(204),
  },
  'review.stats': { request: () => ({ path: '/api/admin/stats' }), expect: coachesOnly(200) },
  'review.list': { request: () => ({ path: '/api/admin/review/trigger?state=pending' }), expect: coachesOnly(200) },
  'review.answers': {
    // A founder cannot read anyone's answers through the admin route, not even their own.
    request: ({ callers }) => ({ path: aboutFounderA(callers, '/answers/trigger') }),
    expect: coachesOnly(200),
  },
  'review.unlock': {
    // Only coaches unlock; a founder cannot unlock their own next phase.
    request: ({ callers }) => ({ path: aboutFounderA(callers, '/unlock'), body: { phase: 'business-model' } }),
    expect: coachesOnly(200),
  },
  // The founder directory: coaches only; a founder cannot list founders nor read their own file
  // through it. The download names a file nobody has, so the coach's answer is 404 (past the access check).
  'founders.list': { request: () => ({ path: '/api/admin/founders?q=matrix' }), expect: coachesOnly(200) },
  'founders.reviewQueue': { request: () => ({ path: '/api/admin/review-queue' }), expect: coachesOnly(200) },
  'founders.get': { request: ({ callers }) => ({ path: aboutFounderA(callers) }), expect: coachesOnly(200) },
  'founders.download': {
    request: ({ callers }) => ({ path: aboutFounderA(callers, '/files/1700000000000-abcdefghij/download') }),
    expect: coachesOnly(404),
  },
  // Coach feedback: coaches write on founder A's answer (commented in beforeAll); each founder reads and
  // replies only in their own partition, so founder B finds no thread at A's question (404) and A's stays A's.
  'feedback.coachPhase': {
    request: ({ callers }) => ({ path: aboutFounderA(callers, '/feedback/trigger') }),
    expect: coachesOnly(200),
  },
  'feedback.coachSaveSummary': {
    request: ({ callers }) => ({
      path: aboutFounderA(callers, '/feedback/trigger'),
      body: { summary: 'A matrix summary.' },
    }),
    expect: coachesOnly(200),
  },
  'feedback.coachSaveAnswerFeedback': {
    request: ({ callers }) => ({
      path: aboutFounderA(callers, `/feedback/trigger/${MATRIX_FEEDBACK_QUESTION}`),
      body: { rating: 4, verdict: 'strong', comment: 'A matrix comment.' },
    }),
    expect: coachesOnly(200),
  },
  'feedback.coachResolve': {
    request: ({ callers }) => ({
      path: aboutFounderA(callers, `/feedback/trigger/${MATRIX_FEEDBACK_QUESTION}/resolved`),
      body: { resolved: false },
    }),
    expect: coachesOnly(200),
  },
  'feedback.coachReply': {
    request: ({ callers }) => ({
      path: aboutFounderA(callers, `/feedback/trigger/${MATRIX_FEEDBACK_QUESTION}/replies`),
      body: { id: randomUUID(), text: 'A matrix reply from a coach.' },
    }),
    expect: coachesOnly(200),
  },
  'feedback.coachRequestChanges': {
    // Founder A has not answered every question: the coach passes the access check and is refused for the state.
    request: ({ callers }) => ({
      path: aboutFounderA(callers, '/request-changes'),
      body: { phase: 'trigger', message: 'Sharpen the pains.' },
    }),
    expect: coachesOnly(409),
  },
  'feedback.founderOverview': { request: () => ({ path: '/api/feedback' }), expect: paidFounders(200) },
  'feedback.founderPhase': { request: () => ({ path: '/api/feedback/trigger' }), expect: paidFounders(200) },
  'feedback.founderReply': {
    request: () => ({
      path: `/api/feedback/trigger/${MATRIX_FEEDBACK_QUESTION}/replies`,
      body: { id: randomUUID(), text: 'A matrix reply.' },
    }),
    expect: { anonymous: 401, unpaid: 403, founderA: 200, founderB: 404, admin: 403 },
  },
  'feedback.founderResolve': {
    request: () => ({ path: `/api/feedback/trigger/${MATRIX_FEEDBACK_QUESTION}/resolved`, body: { resolved: true } }),
    expect: { anonymous: 401, unpaid: 403, founderA: 200, founderB: 404, admin: 403 },
  },
  'dataroom.list': { request: () => ({ path: '/api/files' }), expect: paidFounders(200) },
  'dataroom.startUpload': {
    request: () => ({
      path: '/api/files/uploads',
      body: { name: 'deck.pdf', size: 1000, contentType: 'application/pdf', category: 'pitch-deck' },
    }),
    expect: paidFounders(200),
  },
  'dataroom.confirmUpload': {
    // Founder A's key: A has uploaded nothing under it, and for B it is not theirs — both 404, nothing written.
    request: ({ callers }) => ({
      path: '/api/files',
      body: { key: `uploads/${callers.founderA?.sub}/1700000000000_deck.pdf`, name: 'deck.pdf', category: 'other' },
    }),
    expect: paidFounders(404),
  },
  'dataroom.download': {
    request: () => ({ path: '/api/files/1700000000000-abcdefghij/download' }),
    expect: paidFounders(404),
  },
  'dataroom.delete': { request: () => ({ path: '/api/files/1700000000000-abcdefghij' }), expect: paidFounders(404) },
  'validation.list': { request: () => ({ path: '/api/validation-tests' }), expect: paidFounders(200) },
  'validation.update': {
    request: () => ({ path: '/api/validation-tests/test-1', body: { checkedSteps: [0] } }),
    expect: paidFounders(200),
  },
  'validation.delete': { request: () => ({ path: '/api/validation-tests/test-8' }), expect: paidFounders(204) },
  'validation.restore': {
    request: () => ({ path: '/api/validation-tests/test-8/restore' }),
    expect: paidFounders(200),
  },
  'validation.createCustom': {
    request: () => ({ path: '/api/custom-tests', body: { id: randomUUID(), ...MATRIX_CUSTOM_TEST } }),
    expect: paidFounders(201),
  },
  'validation.editCustom': {
    // Founder A's own test: B finds no such test of theirs, and nothing of A's changes.
    request: () => ({ path: `/api/custom-tests/custom-${MATRIX_CUSTOM_TEST_ID}`, body: MATRIX_CUSTOM_TEST }),
    expect: { anonymous: 401, unpaid: 403, founderA: 200, founderB: 404, admin: 403 },
  },
  'validation.purgeCustom': {
    // A test never created: deleting it for good is a repeat of nothing, for anyone.
    request: () => ({ path: `/api/custom-tests/custom-${randomUUID()}` }),
    expect: paidFounders(204),
  },
  'questions.list': {
    request: () => ({ path: '/api/questions/trigger' }),
    // The question bank is the paid content: not for an account that has not paid.
    expect: { anonymous: 401, unpaid: 403, founderA: 200, founderB: 200, admin: 200 },
  },
  'questions.update': {
    request: () => ({
      path: `/api/admin/questions/business-model/${MATRIX_EDITED_QUESTION}`,
      body: { category: 'Channels', text: 'Which channels reach your customers best?' },
    }),
    expect: coachesOnly(200),
  },
  'questions.delete': {
    request: () => ({ path: `/api/admin/questions/business-model/${MATRIX_DELETED_QUESTION}` }),
    expect: coachesOnly(204),
  },
  'questions.create': {
    request: () => ({
      path: '/api/admin/questions',
      body: { id: randomUUID(), type: 'business-model', category: 'Channels', text: 'How do customers find you?' },
    }),
    expect: coachesOnly(201),
  },
  // Share links: the founder's routes are founders' only; another founder's link is simply not found
  // (functions/http/sharing.int.test.ts creates real ones). The viewer's routes are public and answer the same to
  // everyone: a token or session nobody issued opens nothing, signed in or not.
  'sharing.list': { request: () => ({ path: '/api/shares' }), expect: paidFounders(200) },
  'sharing.create': {
    request: () => ({ path: '/api/shares', body: { category: 'legal', label: 'Matrix legal files' } }),
    expect: paidFounders(201),
  },
  'sharing.revoke': { request: () => ({ path: '/api/shares/matrixLinkId0000' }), expect: paidFounders(404) },
  'sharing.linkViews': { request: () => ({ path: '/api/shares/matrixLinkId0000/views' }), expect: paidFounders(404) },
  // Another founder's real link id finds nothing either (sharing.int.test.ts, "copies a live link again").
  'sharing.linkAddress': {
    request: () => ({ path: '/api/shares/matrixLinkId0000/address' }),
    expect: paidFounders(404),
  },
  'sharing.recentViews': { request: () => ({ path: '/api/share-views' }), expect: paidFounders(200) },
  'sharing.viewerInfo': {
    request: () => ({ path: '/api/shared/info', body: { token: 'A'.repeat(43) } }),
    expect: everyone(404),
  },
  'sharing.viewerOpen': {
    request: () => ({ path: '/api/shared/open', body: { token: 'A'.repeat(43), passcode: 'guessing' } }),
    expect: everyone(404),
  },
  'sharing.viewerDownload': {
    request: () => ({
      path: '/api/shared/download',
      body: { session: 'A'.repeat(43), fileId: '1700000000000-abcdefghij' },
    }),
    expect: everyone(410),
  },
  'sharing.update': {
    request: () => ({ path: '/api/shares/matrixLinkId0000', body: { allowDownload: false } }),
    expect: paidFounders(404),
  },
  'sharing.linkReading': {
    request: () => ({ path: '/api/shares/matrixLinkId0000/reading' }),
    expect: paidFounders(404),
  },
  'sharing.viewerReading': {
    request: () => ({
      path: '/api/shared/reading',
      body: {
        session: 'A'.repeat(43),
        fileId: '1700000000000-abcdefghij',
        seq: 1,
        pageCount: 3,
        pages: [{ page: 1, seconds: 4 }],
      },
    }),
    expect: everyone(410),
  },
};

describe('authorization matrix', () => {
  const callers: Callers = {
    anonymous: null,
    unpaid: null,
    founderA: null,
    founderB: null,
    admin: null,
  };

  beforeAll(async () => {
    [callers.unpaid, callers.founderA, callers.founderB] = await Promise.all([
      createUser({ paid: false }),
      createUser({ paid: true }),
      createUser({ paid: true }),
    ]);
    callers.admin = { sub: 'admin', username: 'admin', email: 'admin@preseed.local', token: await adminToken() };
    for (const id of [MATRIX_EDITED_QUESTION, MATRIX_DELETED_QUESTION]) {
      await api('POST', '/api/admin/questions', {
        token: callers.admin.token,
        body: { id, type: 'business-model', category: 'Channels', text: 'A question for the matrix?' },
      });
    }
    // Both founders have an idea (opening the trigger questions) and one answer to delete, and their business
    // model unlocked (opening validation tests).
    for (const founder of [callers.founderA, callers.founderB]) {
      await setPhases(founder.sub, { bmc_status: true });
      await api('PUT', '/api/idea', { token: founder.token, body: { idea: MATRIX_IDEA } });
      await api('PUT', `/api/answers/trigger/${MATRIX_QUESTION}`, { token: founder.token, body: { answers: ['x'] } });
    }
    await api('PUT', `/api/answers/trigger/${MATRIX_FEEDBACK_QUESTION}`, {
      token: callers.founderA.token,
      body: { answers: ['y'] },
    });
    await api('PUT', `/api/admin/founders/${callers.founderA.sub}/feedback/trigger/${MATRIX_FEEDBACK_QUESTION}`, {
      token: callers.admin.token,
      body: { rating: 3, verdict: 'needs-work', comment: 'Say more.' },
    });
    await api('POST', '/api/custom-tests', {
      token: callers.founderA.token,
      body: { id: MATRIX_CUSTOM_TEST_ID, ...MATRIX_CUSTOM_TEST },
    });
  });

  it('has an entry for every route in the table, and no other', () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...ROUTE_IDS].sort());
  });

  it('decides an access level for every route', () => {
    for (const id of ROUTE_IDS) expect(ACCESS_LEVELS).toContain(ROUTES[id].access);
  });

  for (const id of ROUTE_IDS) {
    it(`${ROUTES[id].method} ${ROUTES[id].path} (${ROUTES[id].access})`, async () => {
      const entry = MATRIX[id];
      const outcomes: Partial<Record<Caller, number>> = {};
      for (const caller of CALLERS) {
        const { path, body, rawBody } = entry.request({ callers });
        const token = callers[caller]?.token;
        const res = await api(ROUTES[id].method, path, {
          ...(token ? { token } : {}),
          ...(body !== undefined ? { body } : {}),
          ...(rawBody !== undefined ? { rawBody, headers: { 'content-type': 'application/json' } } : {}),
        });
        outcomes[caller] = res.status;
        if (res.status >= 400)
          expect(res.body, `${caller} gets the error shape`).toMatchObject({ message: expect.any(String) });
      }
      expect(outcomes).toEqual(entry.expect);
    });
  }
});
