import type { PhaseType, QuestionType } from '#shared/domain/questions';
import { SHARE_PAGE_PATH } from '#shared/domain/sharing';
import { TOOL_INDEX, type ToolId } from '#shared/domain/tool-index';

/**
 * Every page's path (spec §2 route table): the router, the sidebar, the guards and every link and redirect take
 * their paths from here. It lives in lib so features can use it without importing the app layer.
 */
export const PATHS = {
  landing: '/',
  login: '/login',
  signup: '/signup',
  otpVerification: '/otp-verification',
  accountCreated: '/account-created',
  payment: '/payment',
  paymentSuccess: '/payment-success',
  resetPassword: '/reset-password',
  /** Where a browser still signed in to an account deleted elsewhere lands, signed out, told why. */
  accountDeleted: '/account-deleted',
  onboarding: '/onboarding',
  terms: '/terms',
  privacy: '/privacy',
  adminHome: '/admin-home',
  adminTriggerQuestions: '/admin-trigger-questions',
  adminValueProposition: '/admin-value-proposition',
  adminBusinessModel: '/admin-business-model',
  /** The coaches' founder directory; one founder's page is `/admin-founders/<userId>`. */
  adminFounders: '/admin-founders',
  /** The founder's account settings: names, password, payment receipt, account deletion. */
  account: '/account',
  dashboard: '/dashboard',
  dataRoom: '/data-room',
  /** The founder's share links of the data room: create, revoke, who viewed what. */
  dataRoomSharing: '/data-room/sharing',
  /** A viewer's page for a share link: `/share#<token>`, public, outside the signed-in shell. */
  sharedFiles: SHARE_PAGE_PATH,
  validationTests: '/validation-tests',
  testEvaluation: '/test-evaluation',
  generateIdea: '/generate-idea',
  triggerQuestions: '/trigger-questions',
  valueProposition: '/value-proposition',
  businessModel: '/business-model',
} as const satisfies Record<string, `/${string}`>;

export type PageName = keyof typeof PATHS;
export type AppPath = (typeof PATHS)[PageName];

/** Spec §2 Guard behaviour: the coaches' pages are the paths under /admin (coaches stay in them, founders out). */
export function isAdminPath(pathname: string): boolean {
  return pathname.startsWith('/admin');
}

/** The coach's page of each reviewed phase: its questions and its review lists. */
export const ADMIN_PHASE_PAGES = {
  trigger: PATHS.adminTriggerQuestions,
  'value-proposition': PATHS.adminValueProposition,
  'business-model': PATHS.adminBusinessModel,
} as const satisfies Record<PhaseType, AppPath>;

/** A Validate tool's founder page: `/tools/<slug>` (shared/domain/tool-index.ts names the slugs). */
export const TOOL_PATH_PREFIX = '/tools/';
/** A Validate tool's coach page (its guidance questions and the founders' sheets): `/admin-tools/<slug>`. */
export const ADMIN_TOOL_PATH_PREFIX = '/admin-tools/';

export const TOOL_PAGES = Object.fromEntries(
  TOOL_INDEX.map((tool) => [tool.id, `${TOOL_PATH_PREFIX}${tool.slug}`]),
) as Record<ToolId, string>;

export const ADMIN_TOOL_PAGES = Object.fromEntries(
  TOOL_INDEX.map((tool) => [tool.id, `${ADMIN_TOOL_PATH_PREFIX}${tool.slug}`]),
) as Record<ToolId, string>;

/** The coach's page of every question type: a phase's questions and review lists, or a tool's. */
export const ADMIN_QUESTION_PAGES: Record<QuestionType, string> = { ...ADMIN_PHASE_PAGES, ...ADMIN_TOOL_PAGES };

/** The search parameter that opens one founder's review on a phase's coach page. */
export const REVIEW_PARAM = 'review';

/** Where a coach reviews one founder's answers of a phase: the phase's page with the review dialog open. */
export function reviewPath(type: QuestionType, userId: string): string {
  return `${ADMIN_QUESTION_PAGES[type]}?${new URLSearchParams({ [REVIEW_PARAM]: userId })}`;
}
