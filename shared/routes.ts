/**
 * The route table: the single source of truth for the HTTP API.
 *
 * CDK builds one API Gateway route (and one Lambda per `area`) from each entry,
 * the local API server dispatches the same entries, the authorization-matrix test
 * walks every entry, and the frontend's API client takes its types from here.
 *
 * Access levels:
 * - `public`: no token.
 * - `user`: any signed-in user (founder, paid or not, or admin).
 * - `founder`: signed in, paid, and not an administrator.
 * - `member`: a paid founder or an administrator — the paid content coaches author (the question bank).
 * - `admin`: in the Cognito group `admin`.
 */

export const ACCESS_LEVELS = ['public', 'user', 'founder', 'member', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Each area is one Lambda function with an internal router (functions/http/<area>.ts). */
export const AREAS = [
  'platform',
  'accounts',
  'payments',
  'journey',
  // The routes that wait on the AI model (up to 7 s): a function of their own, so a burst of them cannot take the
  // executions that answer saves need (docs/decisions/027-capacity-from-expected-founders.md).
  'ai',
  'dataroom',
  'validation',
  'questions',
  'review',
  'founders',
  'sharing',
  'deletion',
] as const;
export type Area = (typeof AREAS)[number];

export interface RouteDef {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `{name}` for a path parameter. */
  readonly path: `/api/${string}`;
  readonly area: Area;
  readonly access: Access;
}

export const ROUTES = {
  'platform.health': { method: 'GET', path: '/api/health', area: 'platform', access: 'public' },
  'accounts.signupStart': { method: 'POST', path: '/api/auth/signup/start', area: 'accounts', access: 'public' },
  'accounts.signupVerify': { method: 'POST', path: '/api/auth/signup/verify', area: 'accounts', access: 'public' },
  'accounts.me': { method: 'GET', path: '/api/me', area: 'accounts', access: 'user' },
  'accounts.saveOnboarding': { method: 'PUT', path: '/api/me/onboarding', area: 'accounts', access: 'user' },
  'accounts.updateProfile': { method: 'PATCH', path: '/api/me', area: 'accounts', access: 'user' },
  'deletion.deleteAccount': { method: 'POST', path: '/api/me/delete', area: 'deletion', access: 'user' },
  'payments.checkout': { method: 'POST', path: '/api/payments/checkout', area: 'payments', access: 'user' },
  'payments.verify': { method: 'POST', path: '/api/payments/verify', area: 'payments', access: 'user' },
  'payments.webhook': { method: 'POST', path: '/api/payments/webhook', area: 'payments', access: 'public' },
  'payments.receipt': { method: 'GET', path: '/api/payments/receipt', area: 'payments', access: 'user' },
  'journey.dashboard': { method: 'GET', path: '/api/dashboard', area: 'journey', access: 'founder' },
  'journey.generateIdeas': { method: 'POST', path: '/api/idea/generate', area: 'ai', access: 'founder' },
  'journey.saveIdea': { method: 'PUT', path: '/api/idea', area: 'journey', access: 'founder' },
  'journey.suggestions': { method: 'GET', path: '/api/suggestions/{type}', area: 'journey', access: 'founder' },
  'journey.draftToolSuggestions': {
    method: 'POST',
    path: '/api/suggestions/{type}',
    area: 'ai',
    access: 'founder',
  },
  'journey.toolPrefill': { method: 'GET', path: '/api/tools/{type}/prefill', area: 'journey', access: 'founder' },
  'journey.listAnswers': { method: 'GET', path: '/api/answers/{type}', area: 'journey', access: 'founder' },
  'journey.answerHistory': {
    method: 'GET',
    path: '/api/answers/{type}/history',
    area: 'journey',
    access: 'founder',
  },
  'journey.saveAnswer': {
    method: 'PUT',
    path: '/api/answers/{type}/{questionId}',
    area: 'journey',
    access: 'founder',
  },
  'journey.deleteAnswer': {
    method: 'DELETE',
    path: '/api/answers/{type}/{questionId}',
    area: 'journey',
    access: 'founder',
  },
  'dataroom.list': { method: 'GET', path: '/api/files', area: 'dataroom', access: 'founder' },
  'dataroom.startUpload': { method: 'POST', path: '/api/files/uploads', area: 'dataroom', access: 'founder' },
  'dataroom.confirmUpload': { method: 'POST', path: '/api/files', area: 'dataroom', access: 'founder' },
  'dataroom.download': { method: 'GET', path: '/api/files/{fileId}/download', area: 'dataroom', access: 'founder' },
  'dataroom.delete': { method: 'DELETE', path: '/api/files/{fileId}', area: 'dataroom', access: 'founder' },
  'validation.list': { method: 'GET', path: '/api/validation-tests', area: 'validation', access: 'founder' },
  'validation.update': {
    method: 'PUT',
    path: '/api/validation-tests/{testId}',
    area: 'validation',
    access: 'founder',
  },
  'validation.delete': {
    method: 'DELETE',
    path: '/api/validation-tests/{testId}',
    area: 'validation',
    access: 'founder',
  },
  'validation.restore': {
    method: 'POST',
    path: '/api/validation-tests/{testId}/restore',
    area: 'validation',
    access: 'founder',
  },
  'validation.createCustom': { method: 'POST', path: '/api/custom-tests', area: 'validation', access: 'founder' },
  'validation.editCustom': { method: 'PUT', path: '/api/custom-tests/{testId}', area: 'validation', access: 'founder' },
  'validation.purgeCustom': {
    method: 'DELETE',
    path: '/api/custom-tests/{testId}',
    area: 'validation',
    access: 'founder',
  },
  // The bank's texts, explanations and examples are what founders pay for: not for an unpaid account.
  'questions.list': { method: 'GET', path: '/api/questions/{type}', area: 'questions', access: 'member' },
  'questions.create': { method: 'POST', path: '/api/admin/questions', area: 'questions', access: 'admin' },
  'questions.update': {
    method: 'PATCH',
    path: '/api/admin/questions/{type}/{questionId}',
    area: 'questions',
    access: 'admin',
  },
  'questions.delete': {
    method: 'DELETE',
    path: '/api/admin/questions/{type}/{questionId}',
    area: 'questions',
    access: 'admin',
  },
  'review.stats': { method: 'GET', path: '/api/admin/stats', area: 'review', access: 'admin' },
  'review.list': { method: 'GET', path: '/api/admin/review/{type}', area: 'review', access: 'admin' },
  'review.answers': {
    method: 'GET',
    path: '/api/admin/founders/{userId}/answers/{type}',
    area: 'review',
    access: 'admin',
  },
  'review.unlock': {
    method: 'POST',
    path: '/api/admin/founders/{userId}/unlock',
    area: 'review',
    access: 'admin',
  },
  // Coach feedback, named feedback.* so it is found as such; the coach's side runs in the review area's Lambda, the
  // founder's in the journey area's, beside the answers each side reads.
  'feedback.coachPhase': {
    method: 'GET',
    path: '/api/admin/founders/{userId}/feedback/{type}',
    area: 'review',
    access: 'admin',
  },
  'feedback.coachSaveSummary': {
    method: 'PUT',
    path: '/api/admin/founders/{userId}/feedback/{type}',
    area: 'review',
    access: 'admin',
  },
  'feedback.coachSaveAnswerFeedback': {
    method: 'PUT',
    path: '/api/admin/founders/{userId}/feedback/{type}/{questionId}',
    area: 'review',
    access: 'admin',
  },
  'feedback.coachResolve': {
    method: 'PUT',
    path: '/api/admin/founders/{userId}/feedback/{type}/{questionId}/resolved',
    area: 'review',
    access: 'admin',
  },
  'feedback.coachReply': {
    method: 'POST',
    path: '/api/admin/founders/{userId}/feedback/{type}/{questionId}/replies',
    area: 'review',
    access: 'admin',
  },
  'feedback.coachRequestChanges': {
    method: 'POST',
    path: '/api/admin/founders/{userId}/request-changes',
    area: 'review',
    access: 'admin',
  },
  'feedback.founderOverview': { method: 'GET', path: '/api/feedback', area: 'journey', access: 'founder' },
  'feedback.founderPhase': { method: 'GET', path: '/api/feedback/{type}', area: 'journey', access: 'founder' },
  'feedback.founderReply': {
    method: 'POST',
    path: '/api/feedback/{type}/{questionId}/replies',
    area: 'journey',
    access: 'founder',
  },
  'feedback.founderResolve': {
    method: 'PUT',
    path: '/api/feedback/{type}/{questionId}/resolved',
    area: 'journey',
    access: 'founder',
  },
  // The founder directory for coaches: every founder, searchable, and one founder's whole file.
  'founders.list': { method: 'GET', path: '/api/admin/founders', area: 'founders', access: 'admin' },
  'founders.get': { method: 'GET', path: '/api/admin/founders/{userId}', area: 'founders', access: 'admin' },
  'founders.download': {
    method: 'GET',
    path: '/api/admin/founders/{userId}/files/{fileId}/download',
    area: 'founders',
    access: 'admin',
  },
  /** Founders waiting for a coach's review, every reviewed phase, oldest submission first. */
  'founders.reviewQueue': { method: 'GET', path: '/api/admin/review-queue', area: 'founders', access: 'admin' },
  // Data-room share links: the founder's routes, then the viewer's. The viewer's are public and
  // take the link token in the body (never a user id), so it stays out of paths and access logs.
  'sharing.list': { method: 'GET', path: '/api/shares', area: 'sharing', access: 'founder' },
  'sharing.create': { method: 'POST', path: '/api/shares', area: 'sharing', access: 'founder' },
  'sharing.revoke': { method: 'DELETE', path: '/api/shares/{linkId}', area: 'sharing', access: 'founder' },
  'sharing.linkAddress': { method: 'GET', path: '/api/shares/{linkId}/address', area: 'sharing', access: 'founder' },
  'sharing.linkViews': { method: 'GET', path: '/api/shares/{linkId}/views', area: 'sharing', access: 'founder' },
  'sharing.recentViews': { method: 'GET', path: '/api/share-views', area: 'sharing', access: 'founder' },
  'sharing.viewerInfo': { method: 'POST', path: '/api/shared/info', area: 'sharing', access: 'public' },
  'sharing.viewerOpen': { method: 'POST', path: '/api/shared/open', area: 'sharing', access: 'public' },
  'sharing.viewerDownload': { method: 'POST', path: '/api/shared/download', area: 'sharing', access: 'public' },
  // Reading analytics and the downloads switch (functions/http/share-reading.ts).
  'sharing.update': { method: 'PATCH', path: '/api/shares/{linkId}', area: 'sharing', access: 'founder' },
  'sharing.linkReading': { method: 'GET', path: '/api/shares/{linkId}/reading', area: 'sharing', access: 'founder' },
  'sharing.viewerReading': { method: 'POST', path: '/api/shared/reading', area: 'sharing', access: 'public' },
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof ROUTES;
export type RoutesOfArea<A extends Area> = {
  [K in RouteId]: (typeof ROUTES)[K]['area'] extends A ? K : never;
}[RouteId];

export const ROUTE_IDS = Object.keys(ROUTES) as RouteId[];

/** The API Gateway route key, e.g. `GET /api/questions/{type}`. */
export function routeKey(id: RouteId): string {
  const r: RouteDef = ROUTES[id];
  return `${r.method} ${r.path}`;
}

/** Fills `{name}` placeholders; used by clients and tests so paths are never retyped. */
export function buildPath(id: RouteId, params: Record<string, string> = {}): string {
  return ROUTES[id].path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${id}`);
    return encodeURIComponent(value);
  });
}

/**
 * The header a client names one save by (IETF httpapi "The Idempotency-Key HTTP Header Field"): it sends the same
 * value again when it retries that save, so a save that was stored but whose answer was lost is not stored twice.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * The writes whose retry would add work a second time — another answer version, another count, another
 * announcement — and that therefore honour IDEMPOTENCY_KEY_HEADER (functions/lib/idempotency.ts).
 */
export const IDEMPOTENT_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>([
  'journey.saveAnswer',
  'journey.saveIdea',
  'validation.update',
  'validation.createCustom',
  'validation.editCustom',
  'feedback.coachSaveSummary',
  'feedback.coachSaveAnswerFeedback',
  'feedback.coachReply',
  'feedback.coachRequestChanges',
  'feedback.founderReply',
  'questions.create',
]);
