/**
 * The activity the capacity figures project (bench/capacity.ts, docs/capacity.md): how many founders and coaches
 * act at the busiest minute, and what they do, mapped onto the routes the benchmark measures. Change a number here
 * and the section, results.json and the budget follow; docs/capacity.md explains each one.
 */
import { type RouteId, routeKey } from '#shared/routes';
import { reviewListPath } from './seeded-review-list';

/** The platform sizes projected. */
export const CAPACITY_SCALES = [100_000, 1_000_000] as const;

export interface Activity {
  peakActiveFounderShare: number;
  coachesPerFounder: number;
  peakActiveCoachShare: number;
  averageToPeak: number;
  signUpsPerDayShare: number;
  storageKbPerFounder: number;
  monthlyActiveShare: number;
  dataRoomMbPerFounder: number;
  emailsPerJourney: number;
}

export const ACTIVITY: Activity = {
  /**
   * Founders working in the busiest minute: a work tool's daily users are ~20–30 % of its founders, spread over
   * about 8 busy hours of one main time zone, so ~3 % at once at the peak.
   */
  peakActiveFounderShare: 0.03,
  /**
   * Coaches per founder: one coach follows ~200 founders. A coach works in longer sessions than a founder, so a
   * larger share of them (20 %) is active at the peak.
   */
  coachesPerFounder: 1 / 200,
  peakActiveCoachShare: 0.2,
  /** The month's average load as a share of the peak minute's (nights, weekends): what the bill is made of. */
  averageToPeak: 0.25,
  /** New founders a day, as a share of all founders (their writes are a rounding error next to saves; storage grows). */
  signUpsPerDayShare: 0.005,
  /**
   * What a founder's data weighs in the table and GSI1 (answers with their kept versions, feedback, files' metadata,
   * share logs, directory and progress items projected into GSI1): ~150 KB.
   */
  storageKbPerFounder: 150,
  /**
   * Founders who sign in (or refresh a session) at least once in a month: Cognito bills each as a monthly active
   * user. A work tool's daily users are ~20–30 % of its accounts; about half of all founders touch it in a month.
   */
  monthlyActiveShare: 0.5,
  /** What a founder keeps in the data room on average (the limit is 500 MB, docs/limits.md): a deck and a few PDFs. */
  dataRoomMbPerFounder: 20,
  /** Emails in a founder's journey: the sign-up code, the receipt, an idea saved, 3 phases completed and unlocked, some feedback. */
  emailsPerJourney: 12,
};

/**
 * Founders on their journey in a month: the ones who signed up in it (a journey usually fits in a month,
 * docs/ai.md). Their AI calls, sign-ups and payments are what the month adds beyond the peak-minute profile.
 */
export const journeysPerMonth = (founders: number, activity: Activity = ACTIVITY): number =>
  founders * activity.signUpsPerDayShare * 30;

/** A measured route, and how often one active founder or coach calls it a minute at the peak. */
export interface ProfiledCall {
  /** The route of the table it calls: its area's function carries it (infra/capacity-model.ts). */
  id: RouteId;
  /** The name the benchmark counts the route under (bench/routes-under-test.ts). */
  route: string;
  who: 'founder' | 'coach';
  perMinute: number;
  why: string;
}

export const PROFILE: readonly ProfiledCall[] = [
  {
    id: 'journey.saveAnswer',
    route: `${routeKey('journey.saveAnswer')} (update)`,
    who: 'founder',
    perMinute: 1,
    why: 'saves are explicit (no autosave): one answer a minute while working is a generous pace',
  },
  {
    id: 'accounts.me',
    route: routeKey('accounts.me'),
    who: 'founder',
    perMinute: 1,
    why: 'every page load reads the account',
  },
  {
    id: 'journey.dashboard',
    route: routeKey('journey.dashboard'),
    who: 'founder',
    perMinute: 0.5,
    why: 'the dashboard every other minute',
  },
  {
    id: 'journey.listAnswers',
    route: routeKey('journey.listAnswers'),
    who: 'founder',
    perMinute: 0.5,
    why: 'a phase editor opened',
  },
  {
    id: 'questions.list',
    route: routeKey('questions.list'),
    who: 'founder',
    perMinute: 0.5,
    why: 'with its questions',
  },
  {
    id: 'dataroom.list',
    route: routeKey('dataroom.list'),
    who: 'founder',
    perMinute: 0.1,
    why: 'the data room now and then',
  },
  {
    id: 'validation.list',
    route: routeKey('validation.list'),
    who: 'founder',
    perMinute: 0.1,
    why: 'validation tests now and then',
  },
  {
    id: 'review.unlock',
    route: `${routeKey('review.unlock')} (pending founder)`,
    who: 'coach',
    perMinute: 1,
    why: "a coach's write a minute; the unlock stands for all of them (the heaviest measured: progress, counters, directory)",
  },
  { id: 'review.list', route: `GET ${reviewListPath}`, who: 'coach', perMinute: 0.5, why: 'a review list' },
  {
    id: 'review.answers',
    route: routeKey('review.answers'),
    who: 'coach',
    perMinute: 1,
    why: "a founder's answers read per action",
  },
  {
    id: 'founders.list',
    route: `${routeKey('founders.list')} (first page)`,
    who: 'coach',
    perMinute: 0.5,
    why: 'the directory',
  },
  { id: 'review.stats', route: routeKey('review.stats'), who: 'coach', perMinute: 0.2, why: 'the statistics page' },
];

/**
 * What the peak minute holds beside the counted calls: routes the benchmark does not count in DynamoDB requests
 * (their writes are a rounding error next to saves, or they wait on another service), with the rate an active
 * founder calls them. The capacity model (infra/capacity-model.ts) adds them to the API's and the functions' load.
 */
export const UNCOUNTED_PROFILE: readonly ProfiledCall[] = [
  {
    id: 'journey.generateIdeas',
    route: routeKey('journey.generateIdeas'),
    who: 'founder',
    perMinute: 0.005,
    why: '~8 idea generations in a journey of ~25 working hours (docs/ai.md, "Typical founder")',
  },
  {
    id: 'journey.draftToolSuggestions',
    route: routeKey('journey.draftToolSuggestions'),
    who: 'founder',
    perMinute: 0.015,
    why: 'two drafts of each of the ten Validate tools in the same ~25 hours, rounded up',
  },
  {
    id: 'journey.saveIdea',
    route: routeKey('journey.saveIdea'),
    who: 'founder',
    perMinute: 0.001,
    why: 'once per founder',
  },
  {
    id: 'feedback.founderOverview',
    route: routeKey('feedback.founderOverview'),
    who: 'founder',
    perMinute: 0.2,
    why: "the coach's comments, looked at now and then",
  },
  {
    id: 'accounts.signupStart',
    route: routeKey('accounts.signupStart'),
    who: 'founder',
    perMinute: 0.002,
    why: 'sign-ups (0.5 % of founders a day in ~8 busy hours: ~0.0004 per active founder a minute), 5× for launch days',
  },
  {
    id: 'accounts.signupVerify',
    route: routeKey('accounts.signupVerify'),
    who: 'founder',
    perMinute: 0.002,
    why: 'with each start',
  },
  {
    id: 'payments.checkout',
    route: routeKey('payments.checkout'),
    who: 'founder',
    perMinute: 0.002,
    why: 'one payment per sign-up (Stripe checkout, then the webhook)',
  },
  {
    id: 'payments.webhook',
    route: routeKey('payments.webhook'),
    who: 'founder',
    perMinute: 0.002,
    why: "Stripe's call for each payment",
  },
];

/**
 * The WebSocket stage's load: an active founder's tab connects once, reconnects after API Gateway's 10-minute idle
 * timeout (frontend/src/data/account/phase-updates.ts), and each connection's end is a $disconnect call.
 */
export const REALTIME_PROFILE = {
  connectsPerActiveFounderMinute: 0.1,
  /** $connect and $disconnect: each counts against the stage's throttle. */
  routesPerConnection: 2,
  /** Pushes a founder receives a minute (phase flags, feedback notices): billed as messages, not throttled. */
  messagesPerActiveFounderMinute: 0.05,
} as const;
