/**
 * Every outbound call's limits, next to the functions' timeouts they must fit in: the stack sets those timeouts
 * from shared/deploy-names.ts, the clients are built from here, and infra/test/timeouts.test.ts checks that each
 * call a function may make gives up, retries included, before the function's own time runs out. A call that
 * outlives its function kills the invocation (a 5xx, an alarm, no cleanup) instead of reaching the caller's
 * fallback or error answer.
 */

import { AI_BEDROCK_CALL_LIMITS, FUNCTION_TIMEOUT_SECONDS, type FunctionKind } from '#shared/deploy-names';

export { FUNCTION_TIMEOUT_SECONDS, type FunctionKind };

/** How an AWS SDK client calls its service. */
export interface SdkCallLimits {
  /** The first try included. */
  readonly maxAttempts: number;
  /** Until the socket is connected. */
  readonly connectionTimeoutMs: number;
  /** From the start of one attempt to its response; it runs from the same moment as the connection timeout. */
  readonly requestTimeoutMs: number;
}

/**
 * Our AWS SDK clients. In-region calls answer in milliseconds; the limits are there for a service that hangs, and
 * leave room for the emulators of the offline stack, whose first answers on a busy machine take a second or more.
 * S3's attempts are longer: a confirmed upload copies up to 10 MB out of staging. Each worst case (every attempt
 * timing out, with the longest back-off) is at most 9 s of an API function's 10 s.
 */
export const SDK_CLIENTS = {
  dynamodb: { maxAttempts: 3, connectionTimeoutMs: 1_000, requestTimeoutMs: 2_000 },
  s3: { maxAttempts: 2, connectionTimeoutMs: 1_000, requestTimeoutMs: 3_000 },
  cognito: { maxAttempts: 3, connectionTimeoutMs: 1_000, requestTimeoutMs: 2_000 },
  eventBridge: { maxAttempts: 3, connectionTimeoutMs: 1_000, requestTimeoutMs: 2_000 },
  secretsManager: { maxAttempts: 3, connectionTimeoutMs: 1_000, requestTimeoutMs: 2_000 },
  ses: { maxAttempts: 3, connectionTimeoutMs: 1_000, requestTimeoutMs: 2_000 },
  apiGatewayManagement: { maxAttempts: 2, connectionTimeoutMs: 1_000, requestTimeoutMs: 2_000 },
} as const satisfies Record<string, SdkCallLimits>;
export type SdkClientName = keyof typeof SDK_CLIENTS;

/**
 * The SDK's longest wait before retry i (0 = the first retry): its throttling back-off base (1 s in the
 * retry strategy of @smithy/core this project ships; 500 ms before) doubled each retry, capped at 20 s, times a
 * random factor below 1. A `retry-after` hint from the service may lengthen it; AWS's APIs we call send none.
 */
export const sdkBackoffMs = (retry: number): number => Math.min(1_000 * 2 ** retry, 20_000);

/** The longest an SDK call can take before it fails: every attempt timing out, with the longest back-off. */
export function sdkWorstCaseMs(limits: SdkCallLimits): number {
  let total = limits.maxAttempts * Math.max(limits.connectionTimeoutMs, limits.requestTimeoutMs);
  for (let retry = 0; retry < limits.maxAttempts - 1; retry++) total += sdkBackoffMs(retry);
  return total;
}

/**
 * A client's constructor options: its attempts and timeouts, by client name or (for a client whose limits depend on
 * the kind of function calling it, as Bedrock's) the limits themselves. A timeout that only warned would protect nothing.
 */
export function sdkClientOptions(name: SdkClientName | SdkCallLimits) {
  const limits = typeof name === 'string' ? SDK_CLIENTS[name] : name;
  return {
    maxAttempts: limits.maxAttempts,
    requestHandler: {
      connectionTimeout: limits.connectionTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      throwOnRequestTimeout: true,
    },
  };
}

/**
 * Stripe (stripe-node): `timeout` per request, `maxNetworkRetries` retries of network failures, 409, 429 and 5xx.
 * Checkout and session reads answer in well under a second; one retry covers a blip.
 */
export const STRIPE_CALLS = { timeoutMs: 4_000, maxNetworkRetries: 1 } as const;

/** stripe-node's wait before retry n (1-based): 0.5 s doubled each time, at most 5 s (its jitter only shortens it). */
export const stripeBackoffMs = (retry: number): number => Math.min(500 * 2 ** (retry - 1), 5_000);

export function stripeWorstCaseMs(calls: { timeoutMs: number; maxNetworkRetries: number } = STRIPE_CALLS): number {
  let total = (calls.maxNetworkRetries + 1) * calls.timeoutMs;
  for (let retry = 1; retry <= calls.maxNetworkRetries; retry++) total += stripeBackoffMs(retry);
  return total;
}

/**
 * The AI automations' webhook (one fetch, no retry) by the kind of function that calls it: an API request leaves
 * time after a timeout for the fallback answer; a consumer can wait longer for a slow flow.
 */
export const AI_WEBHOOK_TIMEOUT_MS = { http: 6_000, consumer: 20_000 } as const satisfies Partial<
  Record<FunctionKind, number>
>;

/** Amazon Bedrock's Converse call by the kind of function that calls it (shared/deploy-names.ts). */
export const AI_BEDROCK_CALLS = AI_BEDROCK_CALL_LIMITS satisfies Partial<Record<FunctionKind, SdkCallLimits>>;
export type AiCallKind = keyof typeof AI_BEDROCK_CALLS;

/**
 * The stream consumer's slowest batch (functions/streams/table-changes.ts): one PutEvents for its outbox items, then
 * for each founder the batch names a BatchGet and a transaction (the directory refresh), every call at its worst.
 */
export function streamBatchWorstCaseMs(batchSize: number): number {
  return sdkWorstCaseMs(SDK_CLIENTS.eventBridge) + batchSize * 2 * sdkWorstCaseMs(SDK_CLIENTS.dynamodb);
}
