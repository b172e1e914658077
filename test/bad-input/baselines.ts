/**
 * One well-formed request per route: the starting point the hostile generators mutate.
 * Keyed by route id, so a route added to the table without a baseline fails to compile
 * (and the bad-input test checks the keys at run time too). Methods and paths are never
 * repeated here: they come from the route table.
 */
import type { RouteId } from '#shared/routes';

export interface BaselineContext {
  founderSub: string;
  /** A trigger question that exists (answers to it may be saved and deleted). */
  triggerQuestionId: string;
  /** Business-model questions this test created: one to edit, one to delete. */
  editQuestionId: string;
  deleteQuestionId: string;
}

export interface Baseline {
  /** Path parameters, unencoded. */
  params?: Record<string, string>;
  /** A well-formed JSON body; absent when the route takes none. */
  body?: Record<string, unknown>;
}

/** Replaced by a fresh address on every call, so sign-up's per-address limits do not turn everything into a 429. */
export const FRESH_EMAIL = 'fresh@bad-input.example.com';

const password = 'Sturdy-Passw0rd';
const signup = { firstName: 'Ada', lastName: 'Lovelace', startupName: 'Engines', email: FRESH_EMAIL, password };
const question = { category: 'Channels', text: 'How do customers find you?' };
/** A founder's own validation test; the create baseline makes it (a repeat is the same test), the others use it. */
const BASELINE_CUSTOM_TEST_ID = '6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60';
const customTest = {
  name: 'Price anchoring',
  hypothesis: 'Parents pay 20 euros a month.',
  method: 'Show two prices to 30 parents.',
  metric: 'Share choosing the higher price',
  successCriterion: 'At least 30 percent',
  steps: ['Write both offers', 'Show them to 30 parents'],
};

export function baselines(ctx: BaselineContext): Record<RouteId, Baseline> {
  const answerParams = { type: 'trigger', questionId: ctx.triggerQuestionId };
  return {
    'platform.health': {},
    'accounts.signupStart': { body: signup },
    // No code was sent to a fresh address: a well-formed verify is a 410, never an account.
    'accounts.signupVerify': { body: { ...signup, code: '123456' } },
    'accounts.me': {},
    'accounts.updateProfile': { body: { firstName: 'Ada', lastName: 'Lovelace', startupName: 'Engines Ltd' } },
    'deletion.deleteAccount': { body: { email: 'not-this-account@example.com' } },
    'payments.receipt': {},
    'accounts.saveOnboarding': {
      body: {
        startupName: 'Bad Input Co',
        businessType: 'saas',
        stage: 'idea',
        industry: 'tech',
        customerType: 'b2b',
        description: 'Sends the API what it should refuse.',
        teamSize: 'solo',
        fundingStatus: 'bootstrapped',
        website: 'https://example.com',
      },
    },
    'payments.checkout': {},
    'payments.verify': { body: { sessionId: 'cs_test_does_not_exist' } },
    'payments.webhook': { body: { id: 'evt_bad_input', type: 'checkout.session.completed', data: { object: {} } } },
    'journey.dashboard': {},
    'journey.generateIdeas': { body: { text: 'Meal plans for busy parents' } },
    'journey.saveIdea': { body: { idea: 'Meal plans for busy parents' } },
    'journey.suggestions': { params: { type: 'trigger' } },
    'journey.toolPrefill': { params: { type: 'swot' } },
    'journey.draftToolSuggestions': { params: { type: 'swot' } },
    'journey.listAnswers': { params: { type: 'trigger' } },
    'journey.answerHistory': { params: { type: 'trigger' } },
    'journey.saveAnswer': { params: answerParams, body: { answers: ['Busy parents', 'Night-shift nurses'] } },
    'journey.deleteAnswer': { params: answerParams },
    'dataroom.list': {},
    'dataroom.startUpload': {
      body: { name: 'deck.pdf', size: 1000, contentType: 'application/pdf', category: 'pitch-deck' },
    },
    'dataroom.confirmUpload': {
      body: { key: `uploads/${ctx.founderSub}/1700000000000_deck.pdf`, name: 'deck.pdf', category: 'pitch-deck' },
    },
    'dataroom.download': { params: { fileId: '1700000000000-abcdefghij' } },
    'dataroom.delete': { params: { fileId: '1700000000000-abcdefghij' } },
    'validation.list': {},
    'validation.update': {
      params: { testId: 'test-1' },
      body: { checkedSteps: [0, 1], results: '7 of 10 pay for a workaround.' },
    },
    'validation.delete': { params: { testId: 'test-2' } },
    'validation.restore': { params: { testId: 'test-2' } },
    'validation.createCustom': { body: { id: BASELINE_CUSTOM_TEST_ID, ...customTest } },
    'validation.editCustom': { params: { testId: `custom-${BASELINE_CUSTOM_TEST_ID}` }, body: customTest },
    // Only a removed test of one's own goes for good; the baseline's is in the list, so this one is a 409.
    'validation.purgeCustom': { params: { testId: `custom-${BASELINE_CUSTOM_TEST_ID}` } },
    'questions.list': { params: { type: 'trigger' } },
    // A business-model question: the trigger set stays at its seeded 27 (other test files count on it).
    'questions.create': { body: { type: 'business-model', ...question } },
    'questions.update': { params: { type: 'business-model', questionId: ctx.editQuestionId }, body: question },
    'questions.delete': { params: { type: 'business-model', questionId: ctx.deleteQuestionId } },
    'review.stats': {},
    'review.list': { params: { type: 'trigger' } },
    'review.answers': { params: { userId: ctx.founderSub, type: 'trigger' } },
    'review.unlock': { params: { userId: ctx.founderSub }, body: { phase: 'trigger' } },
    'founders.list': {},
    'founders.reviewQueue': {},
    'founders.get': { params: { userId: ctx.founderSub } },
    'founders.download': { params: { userId: ctx.founderSub, fileId: '1700000000000-abcdefghij' } },
    // Coach feedback: the founder may have no answer or comment there yet (a 404), never a 500.
    'feedback.coachPhase': { params: { userId: ctx.founderSub, type: 'trigger' } },
    'feedback.coachSaveSummary': {
      params: { userId: ctx.founderSub, type: 'trigger' },
      body: { summary: 'Clear answers.' },
    },
    'feedback.coachSaveAnswerFeedback': {
      params: { userId: ctx.founderSub, ...answerParams },
      body: { rating: 4, verdict: 'strong', comment: 'A sharp answer.' },
    },
    'feedback.coachResolve': { params: { userId: ctx.founderSub, ...answerParams }, body: { resolved: true } },
    'feedback.coachReply': {
      params: { userId: ctx.founderSub, ...answerParams },
      body: { id: '4c2e8a1b-7d3f-4e6a-9b8c-1d2e3f4a5b6c', text: 'Say more about the pains.' },
    },
    'feedback.coachRequestChanges': {
      params: { userId: ctx.founderSub },
      body: { phase: 'trigger', message: 'Please name the pains more precisely.' },
    },
    'feedback.founderOverview': {},
    'feedback.founderPhase': { params: { type: 'trigger' } },
    'feedback.founderReply': {
      params: answerParams,
      body: { id: '0b7d4c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e', text: 'Thanks, I will.' },
    },
    'feedback.founderResolve': { params: answerParams, body: { resolved: true } },
    // Share links: a link of one category with every option; the viewer's token and session are
    // well formed but never issued (404 / 401), so hostile variants probe the checks before any lookup.
    'sharing.list': {},
    'sharing.create': {
      body: {
        category: 'legal',
        label: 'Bad input share',
        expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
        passcode: 'open-sesame',
        requireEmail: true,
        showStartupName: true,
      },
    },
    'sharing.revoke': { params: { linkId: 'badInputLink0000' } },
    'sharing.linkViews': { params: { linkId: 'badInputLink0000' } },
    'sharing.linkAddress': { params: { linkId: 'badInputLink0000' } },
    'sharing.recentViews': {},
    'sharing.viewerInfo': { body: { token: 'B'.repeat(43) } },
    'sharing.viewerOpen': { body: { token: 'B'.repeat(43), passcode: 'open-sesame', email: 'viewer@example.com' } },
    'sharing.viewerDownload': { body: { session: 'B'.repeat(43), fileId: '1700000000000-abcdefghij' } },
    'sharing.update': { params: { linkId: 'badInputLink0000' }, body: { allowDownload: false } },
    'sharing.linkReading': { params: { linkId: 'badInputLink0000' } },
    'sharing.viewerReading': {
      body: {
        session: 'B'.repeat(43),
        fileId: '1700000000000-abcdefghij',
        seq: 1,
        pageCount: 3,
        pages: [{ page: 2, seconds: 4.5 }],
      },
    },
  };
}
