/**
 * How DynamoDB says a condition did not hold, read in one place: a single write's
 * ConditionalCheckFailedException, and a transaction's cancellation reasons.
 */
import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/** A single write's condition did not hold (the item was not as the caller expected). */
export function isConditionFailure(err: unknown): boolean {
  return err instanceof Error && err.name === 'ConditionalCheckFailedException';
}

/** Why DynamoDB cancelled a transaction, one code per item in order ('None' for items that were fine); null for other errors. */
export function cancellationCodes(err: unknown): string[] | null {
  if (!(err instanceof Error) || err.name !== 'TransactionCanceledException') return null;
  return ((err as TransactionCanceledException).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

/** The code DynamoDB gives a transaction item whose condition did not hold. */
export const CONDITION_FAILED = 'ConditionalCheckFailed';
