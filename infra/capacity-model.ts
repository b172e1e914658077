/**
 * The capacity model: from the number of founders a stage expects (`expectedFounders` in cdk.json) and the activity
 * profile (shared/capacity-profile.ts), what each ceiling of the stage must be — the HTTP API's and the WebSocket
 * API's stage throttles, each reserved function's concurrency, the AI function's (Bedrock's) concurrency and the
 * Bedrock request and token rates — and how many founders each configured ceiling carries. Free of CDK imports, like
 * bundling.ts: stages.ts, quotas.ts (so the preflight), the bench and the docs test read it without synthesizing.
 */

import {
  ACTIVITY,
  type Activity,
  journeysPerMonth,
  PROFILE,
  type ProfiledCall,
  REALTIME_PROFILE,
  UNCOUNTED_PROFILE,
} from '#shared/capacity-profile';
import {
  AI_BEDROCK_CALL_LIMITS as AI_BEDROCK_CALLS,
  AI_MAX_OUTPUT_TOKENS as MAX_OUTPUT_TOKENS,
} from '#shared/deploy-names';
import { RULES } from '#shared/events';
import { type Area, ROUTES } from '#shared/routes';

/**
 * Every ceiling is set at this multiple of the expected peak: a launch day, a cohort starting together or a
 * coach's announcement doubles the busiest minute without a deploy, and a runaway client still meets a limit.
 */
export const HEADROOM = 2;

/** The areas whose function gets reserved concurrency; the others share what the account keeps unreserved. */
export const RESERVED_AREAS = ['accounts', 'payments', 'journey', 'ai'] as const satisfies readonly Area[];
export type ReservedArea = (typeof RESERVED_AREAS)[number];

/** Reserved executions per function, and the one number every EventBridge consumer (RULES) gets. */
export type Reservations = Record<ReservedArea | 'consumers', number>;

/**
 * The smallest reservation: one slow call must not block a function, and a small stage's cold starts
 * (~0.5 s each) come in small bursts.
 */
export const MIN_RESERVATION = 5;
/** Consumers keep the 10 each they always had: an event burst (a recompute page by page) queues beyond it. */
export const MIN_CONSUMER_RESERVATION = 10;
/** The stage throttles a small stage keeps at least: a cohort clicking through at once. */
export const MIN_API_RATE = 50;
export const MIN_REALTIME_RATE = 20;

/** Seconds an execution is held per call, worst case at the peak (what concurrency is sized by). */
const DEFAULT_CALL_SECONDS = 0.1;
/** The routes that wait on another service, with the seconds they hold an execution. */
const CALL_SECONDS: Partial<Record<ProfiledCall['id'], number>> = {
  // SES and Cognito in the same call (~0.1-0.3 s each).
  'accounts.signupStart': 0.5,
  'accounts.signupVerify': 0.5,
  // Stripe's calls take ~0.3-0.8 s.
  'payments.checkout': 1,
  'payments.webhook': 1,
  // Bedrock's Converse for an API request gives up after 7 s (functions/integrations/timeouts.ts).
  'journey.generateIdeas': AI_BEDROCK_CALLS.http.requestTimeoutMs / 1000,
  'journey.draftToolSuggestions': AI_BEDROCK_CALLS.http.requestTimeoutMs / 1000,
};
/** What the bill counts per call: a Bedrock answer of the capped lengths takes 2-5 s, the rest ~50 ms. */
export const BILLED_CALL_SECONDS = { ai: 4, default: 0.05 } as const;

/**
 * The suggestion sets the suggestions consumer prepares in a journey (trigger, Value Proposition, Business Model),
 * each one Bedrock call of up to 12 s, retried once (AI_BEDROCK_CALLS.consumer).
 */
export const CONSUMER_AI_CALLS_PER_JOURNEY = 3;

/**
 * Tokens Bedrock counts against the tokens-per-minute quota when a call starts: its input (a typical call reads
 * ~5,000, docs/ai.md) plus its output cap (the largest of MAX_OUTPUT_TOKENS).
 */
export const TOKENS_PER_AI_CALL = 5_000 + Math.max(...Object.values(MAX_OUTPUT_TOKENS));

const SECONDS_PER_MONTH = 30 * 24 * 3600;

export interface FunctionLoad {
  /** Calls a second at the peak minute. */
  callsPerSecond: number;
  /** Executions in use at the peak (calls a second × seconds each). */
  concurrency: number;
}

export interface CapacityPlan {
  founders: number;
  activeFounders: number;
  activeCoaches: number;
  /** HTTP API requests a second at the peak minute, every route of the profile. */
  apiRequestsPerSecond: number;
  /** The HTTP API stage's throttle (API Gateway answers 429 beyond it). */
  apiThrottle: { rateLimit: number; burstLimit: number };
  /** $connect/$disconnect calls a second at the peak. */
  realtimeRequestsPerSecond: number;
  realtimeConnectsPerSecond: number;
  realtimeThrottle: { rateLimit: number; burstLimit: number };
  /** Each HTTP area's load at the peak. */
  areas: Record<Area, FunctionLoad>;
  /** Derived reservations (a stage may override them, infra/stages.ts). */
  reservations: Reservations;
  /** Executions the unreserved functions use at the peak, with headroom (the rest of the account's pool). */
  unreservedConcurrency: number;
  /** Bedrock calls at the peak (API and the suggestions consumer) and the rates its quotas must carry. */
  bedrock: { callsPerSecond: number; concurrency: number; requestsPerMinute: number; tokensPerMinute: number };
}

const ceil = (n: number) => Math.ceil(n - 1e-9);

/** Every route's calls a second at the peak minute, from the profile. */
export function peakCalls(
  founders: number,
  activity: Activity = ACTIVITY,
  calls: readonly ProfiledCall[] = [...PROFILE, ...UNCOUNTED_PROFILE],
): Array<{ call: ProfiledCall; perSecond: number }> {
  const activeFounders = founders * activity.peakActiveFounderShare;
  const activeCoaches = founders * activity.coachesPerFounder * activity.peakActiveCoachShare;
  return calls.map((call) => ({
    call,
    perSecond: ((call.who === 'founder' ? activeFounders : activeCoaches) * call.perMinute) / 60,
  }));
}

export function capacityPlan(founders: number, activity: Activity = ACTIVITY): CapacityPlan {
  const activeFounders = founders * activity.peakActiveFounderShare;
  const activeCoaches = founders * activity.coachesPerFounder * activity.peakActiveCoachShare;
  const areas = Object.fromEntries(
    (Object.keys(AREA_ZERO) as Area[]).map((area) => [area, { callsPerSecond: 0, concurrency: 0 }]),
  ) as Record<Area, FunctionLoad>;
  let apiRequestsPerSecond = 0;
  for (const { call, perSecond } of peakCalls(founders, activity)) {
    const load = areas[ROUTES[call.id].area];
    load.callsPerSecond += perSecond;
    load.concurrency += perSecond * (CALL_SECONDS[call.id] ?? DEFAULT_CALL_SECONDS);
    apiRequestsPerSecond += perSecond;
  }
  const apiRate = Math.max(MIN_API_RATE, ceil(apiRequestsPerSecond * HEADROOM));

  const realtimeConnectsPerSecond = (activeFounders * REALTIME_PROFILE.connectsPerActiveFounderMinute) / 60;
  const realtimeRequestsPerSecond = realtimeConnectsPerSecond * REALTIME_PROFILE.routesPerConnection;
  const realtimeRate = Math.max(MIN_REALTIME_RATE, ceil(realtimeRequestsPerSecond * HEADROOM));

  // The suggestions consumer's Bedrock calls, spread over the month like the rest of its load.
  const consumerAiPerSecond =
    (journeysPerMonth(founders, activity) * CONSUMER_AI_CALLS_PER_JOURNEY) /
    (SECONDS_PER_MONTH * activity.averageToPeak);
  const consumerAiSeconds = AI_BEDROCK_CALLS.consumer.requestTimeoutMs / 1000;
  const reserve = (concurrency: number, floor: number) => Math.max(floor, ceil(concurrency * HEADROOM));
  const reservations: Reservations = {
    accounts: reserve(areas.accounts.concurrency, MIN_RESERVATION),
    payments: reserve(areas.payments.concurrency, MIN_RESERVATION),
    journey: reserve(areas.journey.concurrency, MIN_RESERVATION),
    ai: reserve(areas.ai.concurrency, MIN_RESERVATION),
    consumers: reserve(consumerAiPerSecond * consumerAiSeconds, MIN_CONSUMER_RESERVATION),
  };
  const unreservedAreas = (Object.keys(areas) as Area[]).filter(
    (area) => !(RESERVED_AREAS as readonly Area[]).includes(area),
  );
  // The realtime handler's connects and the stream consumer ride on the same pool (~0.1 s each).
  const unreservedConcurrency = ceil(
    (unreservedAreas.reduce((sum, area) => sum + areas[area].concurrency, 0) +
      realtimeRequestsPerSecond * DEFAULT_CALL_SECONDS) *
      HEADROOM,
  );

  // What the AI function's reservation lets through at most is what Bedrock's quotas must carry, so a burst meets
  // the function's limit (a clear "busy, try again") before Bedrock's throttling.
  const bedrockCallsPerSecond = areas.ai.callsPerSecond + consumerAiPerSecond;
  const requestsPerMinute = ceil(bedrockCallsPerSecond * 60 * HEADROOM);
  return {
    founders,
    activeFounders,
    activeCoaches,
    apiRequestsPerSecond,
    apiThrottle: { rateLimit: apiRate, burstLimit: apiRate * 2 },
    realtimeRequestsPerSecond,
    realtimeConnectsPerSecond,
    realtimeThrottle: { rateLimit: realtimeRate, burstLimit: Math.max(50, realtimeRate * 2) },
    areas,
    reservations,
    unreservedConcurrency,
    bedrock: {
      callsPerSecond: bedrockCallsPerSecond,
      concurrency: areas.ai.concurrency + consumerAiPerSecond * consumerAiSeconds,
      requestsPerMinute,
      tokensPerMinute: requestsPerMinute * TOKENS_PER_AI_CALL,
    },
  };
}

/** Every area, for the loop above (a Record keeps the compiler naming a new area). */
const AREA_ZERO: Record<Area, 0> = {
  platform: 0,
  accounts: 0,
  payments: 0,
  journey: 0,
  ai: 0,
  dataroom: 0,
  validation: 0,
  questions: 0,
  review: 0,
  founders: 0,
  sharing: 0,
  deletion: 0,
};

/** Executions a stage reserves: the reserved areas once, every consumer of RULES (shared/events.ts) each. */
export function totalReserved(reservations: Reservations | false): number {
  if (!reservations) return 0;
  return RESERVED_AREAS.reduce((sum, area) => sum + reservations[area], 0) + reservations.consumers * RULES.length;
}

/** Peak executions a second per founder, every function together (what an unreserved account spends). */
function concurrencyPerFounder(): number {
  const plan = capacityPlan(1_000_000);
  const all = Object.values(plan.areas).reduce((sum, load) => sum + load.concurrency, 0);
  return (all + plan.bedrock.concurrency - plan.areas.ai.concurrency) / plan.founders;
}

export interface Ceiling {
  /** What limits, in the operator's words. */
  what: string;
  /** Its value, with its unit. */
  limit: string;
  /** Founders it carries at the profile's peak (no headroom: the peak itself reaches the limit). */
  carriesFounders: number;
}

/**
 * Each configured ceiling of a stage and the founders it carries: the stage throttles, each reservation (or, with
 * reservation off, the whole account's quota) and Bedrock's rates at the quotas the stage asks for.
 */
export function ceilings(settings: {
  apiThrottle: { rateLimit: number };
  realtimeThrottle: { rateLimit: number };
  reservations: Reservations | false;
  /** The account's concurrency quota when nothing is reserved (a new account: 10). */
  accountConcurrency?: number;
  bedrockRequestsPerMinute?: number;
}): Ceiling[] {
  const unit = capacityPlan(1_000_000);
  const per = (n: number) => n / unit.founders;
  const out: Ceiling[] = [
    {
      what: 'HTTP API stage throttle',
      limit: `${settings.apiThrottle.rateLimit} requests/s`,
      carriesFounders: settings.apiThrottle.rateLimit / per(unit.apiRequestsPerSecond),
    },
    {
      what: 'WebSocket stage throttle',
      limit: `${settings.realtimeThrottle.rateLimit} requests/s`,
      carriesFounders: settings.realtimeThrottle.rateLimit / per(unit.realtimeRequestsPerSecond),
    },
  ];
  if (settings.reservations) {
    for (const area of RESERVED_AREAS) {
      out.push({
        what: `${area} function's reserved concurrency`,
        limit: `${settings.reservations[area]} executions`,
        carriesFounders: settings.reservations[area] / per(unit.areas[area].concurrency),
      });
    }
  } else if (settings.accountConcurrency !== undefined) {
    out.push({
      what: "the account's Lambda concurrency, nothing reserved",
      limit: `${settings.accountConcurrency} executions`,
      carriesFounders: settings.accountConcurrency / concurrencyPerFounder(),
    });
  }
  if (settings.bedrockRequestsPerMinute !== undefined) {
    out.push({
      what: "Bedrock's requests per minute for the stage's model",
      limit: `${settings.bedrockRequestsPerMinute} requests/min`,
      carriesFounders: settings.bedrockRequestsPerMinute / per(unit.bedrock.callsPerSecond * 60),
    });
  }
  return out.sort((a, b) => a.carriesFounders - b.carriesFounders);
}
