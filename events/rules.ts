/**
 * The rules: which consumer receives which events. CDK makes one EventBridge
 * rule per consumer (with retries and a dead-letter queue); the local bus
 * reads the same list. Each consumer is one module in functions/consumers/.
 */
import type { EventName } from '#shared/events';

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

/** How a failed delivery is retried, the same in the cloud (EventBridge target policy) and locally. */
export const RETRY_POLICY = {
  maxAttempts: 3,
  /** Local bus back-off between attempts; EventBridge uses its own exponential back-off. */
  backoffMs: [200, 1000, 3000],
  maxEventAgeSeconds: 3600,
} as const;
