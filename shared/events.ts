/**
 * The event catalogue and its rules, in one place: every domain event's source, detail-type and schema, and which
 * consumer receives which events. Writes validate against the schemas when they put an event in the outbox
 * (functions/store/outbox.ts), consumers parse with them on receipt, and both the CDK rules (infra/constructs/events.ts) and the local bus (local/event-bus.ts) are built
 * from RULES below. Server-side only: the frontend never sees an event (Biome refuses the import there).
 */
import * as z from 'zod';
import { REVIEWED_PHASES } from './domain/phases';
import { QUESTION_TYPES } from './domain/questions';

export const EVENT_SOURCE = 'preseed.app';

/**
 * The reviewed phases, in order: the phase names PhaseCompleted and PhaseUnlocked carry. Feedback events carry any
 * question type (a Validate tool is reviewed like a canvas, but completing one emails nobody and unlocks nothing).
 */
export const PHASES = REVIEWED_PHASES;

/** The GSI1 partitions a recompute walks, in order: complete (pending, unlocked, changes requested), then started. */
export const RECOMPUTE_PARTITIONS = ['PENDING', 'UNLOCKED', 'CHANGES', 'OPEN'] as const;
export type Phase = (typeof PHASES)[number];

export const EVENTS = {
  UserRegistered: z.object({
    userId: z.string().min(1),
    email: z.string().email(),
    firstName: z.string(),
  }),
  IdeaSaved: z.object({ userId: z.string().min(1), idea: z.string().min(1) }),
  PhaseCompleted: z.object({ userId: z.string().min(1), phase: z.enum(PHASES) }),
  PhaseUnlocked: z.object({ userId: z.string().min(1), phase: z.enum(PHASES) }),
  PaymentCompleted: z.object({ userId: z.string().min(1), sessionId: z.string().min(1) }),
  QuestionSetChanged: z.object({
    type: z.enum(QUESTION_TYPES),
    change: z.enum(['added', 'removed', 'updated']),
    questionId: z.string().min(1),
  }),
  /** A coach commented on (or re-worded a comment on) one of the founder's answers. */
  FeedbackGiven: z.object({ userId: z.string().min(1), phase: z.enum(QUESTION_TYPES), questionId: z.string().min(1) }),
  /** A coach sent the founder's completed phase back with a message. */
  ChangesRequested: z.object({ userId: z.string().min(1), phase: z.enum(QUESTION_TYPES) }),
  /** The founder or a coach replied in a comment's thread (userId: the founder whose answer it is). */
  FeedbackReplied: z.object({
    userId: z.string().min(1),
    phase: z.enum(QUESTION_TYPES),
    questionId: z.string().min(1),
  }),
  /** One page of founders to bring in line with the current questions; each page asks for the next. */
  ProgressRecomputeRequested: z.object({
    type: z.enum(QUESTION_TYPES),
    partition: z.enum(RECOMPUTE_PARTITIONS),
    cursor: z.string().min(1).max(4000).optional(),
  }),
  /** A viewer opened a founder's share link; the founder may be emailed, at most once a link an hour. */
  ShareLinkViewed: z.object({
    userId: z.string().min(1),
    linkId: z.string().min(1),
    linkLabel: z.string(),
    viewerEmail: z.string().nullable(),
    at: z.string().min(1),
  }),
} as const;

export type EventName = keyof typeof EVENTS;
export type EventDetail<E extends EventName> = z.infer<(typeof EVENTS)[E]>;

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && value in EVENTS;
}

/** Validates a detail against its schema; throws a ZodError when it does not fit. */
export function parseDetail<E extends EventName>(name: E, detail: unknown): EventDetail<E> {
  return EVENTS[name].parse(detail) as EventDetail<E>;
}

/**
 * The rules: which consumer receives which events. CDK makes one EventBridge rule per consumer (with retries and a
 * dead-letter queue); the local bus reads the same list. Each consumer is one module in functions/consumers/.
 */
export interface ConsumerRule {
  /** Module functions/consumers/<consumer>.ts exporting `handler`. */
  readonly consumer: string;
  readonly description: string;
  readonly events: readonly EventName[];
}

export const RULES = [
  {
    consumer: 'question-stats',
    description:
      'Keeps the per-type question counts in STATS up to date when coaches change the question set, and starts a recompute.',
    events: ['QuestionSetChanged'],
  },
  {
    consumer: 'progress-recompute',
    description: 'Recomputes one page of founders after a question was added or removed, then asks for the next page.',
    events: ['ProgressRecomputeRequested'],
  },
  {
    consumer: 'email-sender',
    description: 'Sends the progress emails of a founder, each at most once (guarded by a profile flag).',
    events: ['IdeaSaved', 'PhaseCompleted', 'PhaseUnlocked', 'FeedbackGiven', 'ChangesRequested'],
  },
  {
    consumer: 'suggestions',
    description: 'Stores AI suggestions for the next phase; a failed automation stores empty suggestions.',
    events: ['IdeaSaved', 'PhaseUnlocked'],
  },
  {
    consumer: 'realtime-push',
    description:
      "Pushes a founder's phase flags to their open WebSocket connections when the phase record changes, and a feedback notice when a coach's feedback on their answers changes.",
    events: ['IdeaSaved', 'PhaseUnlocked', 'FeedbackGiven', 'ChangesRequested', 'FeedbackReplied'],
  },
  {
    consumer: 'share-notices',
    description: 'Emails a founder when one of their share links is opened, at most once per link per hour.',
    events: ['ShareLinkViewed'],
  },
] as const satisfies readonly ConsumerRule[];

export type ConsumerName = (typeof RULES)[number]['consumer'];

/**
 * How a failed delivery is retried. The cloud's rules take maxAttempts and maxEventAgeSeconds (EventBridge target
 * and Lambda's asynchronous invocation, infra/constructs/events.ts); the local bus makes maxAttempts quick attempts,
 * then goes on with a growing back-off until the event is maxEventAgeSeconds old, as long as the cloud keeps one,
 * and parks it for `npm run events:redrive` (local/event-bus.ts, decision 038).
 */
export const RETRY_POLICY = {
  maxAttempts: 3,
  /** Local bus back-off after each failed attempt, then doubling from the last; EventBridge uses its own. */
  backoffMs: [200, 1000, 3000],
  /** Local bus: the longest wait between two attempts, so a mail server back after an outage is used soon. */
  maxBackoffMs: 60_000,
  maxEventAgeSeconds: 3600,
} as const;

/**
 * Cognito's own events: a user deleted, disabled, signed out everywhere or taken out of a group in Cognito directly
 * (console or API), or a coach's authenticator app turned on, as CloudTrail hands them to the account's default event bus ("AWS API Call via CloudTrail"; the
 * account needs a trail that logs management events, docs/operations.md). Their consumer ends the user's sessions as
 * `npm run account:end-sessions` does (functions/consumers/cognito-sessions.ts); offline, the cognito-local wrapper
 * puts the same events on the local bus (local/emulators/cognito-local-server.cjs). Not in RULES: these are not our
 * domain events, have no outbox id and no schema of ours.
 */
export const COGNITO_SESSIONS_RULE = {
  consumer: 'cognito-sessions',
  description:
    'Ends the sessions of a user deleted, disabled, signed out globally or taken out of a group in Cognito directly.',
  source: 'aws.cognito-idp',
  detailType: 'AWS API Call via CloudTrail',
  eventSource: 'cognito-idp.amazonaws.com',
  /** Calls that name the pool in their request (CloudTrail keeps `userPoolId`, hides the username). */
  adminCalls: ['AdminDeleteUser', 'AdminDisableUser', 'AdminUserGlobalSignOut', 'AdminRemoveUserFromGroup'],
  /**
   * The user's own calls, authorized by their access token: the request names no pool. SetUserMFAPreference is a
   * coach turning an authenticator app on (the login page's setup): the sessions begun before it, with the password
   * alone, end then, whether or not the page's own request that ends them gets through (decision 032).
   */
  selfCalls: ['GlobalSignOut', 'DeleteUser', 'SetUserMFAPreference'],
} as const;

export type CognitoSessionCall =
  | (typeof COGNITO_SESSIONS_RULE.adminCalls)[number]
  | (typeof COGNITO_SESSIONS_RULE.selfCalls)[number];

/** The rule's event pattern for the stage's pool: the CDK rule is built from it, the local bus matches with it. */
export function cognitoSessionsPattern(userPoolId: string) {
  const rule = COGNITO_SESSIONS_RULE;
  return {
    source: [rule.source],
    'detail-type': [rule.detailType],
    detail: {
      eventSource: [rule.eventSource],
      $or: [
        { eventName: [...rule.adminCalls], requestParameters: { userPoolId: [userPoolId] } },
        { eventName: [...rule.selfCalls] },
      ],
    },
  };
}

/** Whether an event matches cognitoSessionsPattern (the local bus's stand-in for EventBridge's matching). */
export function matchesCognitoSessions(
  event: { source: string; 'detail-type': string; detail: unknown },
  userPoolId: string,
): boolean {
  const rule = COGNITO_SESSIONS_RULE;
  if (event.source !== rule.source || event['detail-type'] !== rule.detailType) return false;
  const detail = (typeof event.detail === 'object' && event.detail !== null ? event.detail : {}) as {
    eventSource?: unknown;
    eventName?: unknown;
    requestParameters?: { userPoolId?: unknown } | null;
  };
  if (detail.eventSource !== rule.eventSource) return false;
  const name = detail.eventName;
  if ((rule.selfCalls as readonly unknown[]).includes(name)) return true;
  return (rule.adminCalls as readonly unknown[]).includes(name) && detail.requestParameters?.userPoolId === userPoolId;
}
