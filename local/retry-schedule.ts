/**
 * When the local bus tries a failed delivery again: the catalogue's quick back-offs first, then doubling up to
 * RETRY_POLICY.maxBackoffMs, and never once the event is older than RETRY_POLICY.maxEventAgeSeconds — the age at
 * which the cloud's rules give an event up to their dead-letter queue (infra/constructs/events.ts).
 */
import { RETRY_POLICY } from '#shared/events';

export interface RetryPolicy {
  readonly backoffMs: readonly number[];
  readonly maxBackoffMs: number;
  readonly maxEventAgeSeconds: number;
}

/** The wait after failed attempt number `failedAttempt` (1-based), before any age limit. */
export function backoffMs(failedAttempt: number, policy: RetryPolicy = RETRY_POLICY): number {
  const quick = policy.backoffMs;
  const index = failedAttempt - 1;
  if (index < quick.length) return quick[index] ?? policy.maxBackoffMs;
  const last = quick[quick.length - 1] ?? policy.maxBackoffMs;
  // Capped before it overflows: 2 ** 60 attempts never happen, but a bad exponent must not make Infinity.
  const doubled = last * 2 ** Math.min(index - quick.length + 1, 30);
  return Math.min(doubled, policy.maxBackoffMs);
}

/**
 * The wait before the next attempt of an event published at `eventTimeMs`, or null when that attempt would come
 * after the event's maximum age: then the delivery is parked.
 */
export function nextRetryDelayMs(
  failedAttempt: number,
  eventTimeMs: number,
  nowMs: number,
  policy: RetryPolicy = RETRY_POLICY,
): number | null {
  const delay = backoffMs(failedAttempt, policy);
  const deadline = eventTimeMs + policy.maxEventAgeSeconds * 1000;
  return nowMs + delay > deadline ? null : delay;
}
