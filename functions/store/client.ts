/**
 * The DynamoDB document client, created once per Lambda container. Built with no
 * endpoint option: the local stack points it at DynamoDB Local through
 * AWS_ENDPOINT_URL_DYNAMODB.
 */
import { DynamoDBClient, type TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../lib/env';

let documentClient: DynamoDBDocumentClient | undefined;

export function ddb(): DynamoDBDocumentClient {
  if (!documentClient) {
    const base = new DynamoDBClient({ maxAttempts: 3 });
    documentClient = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return documentClient;
}

/**
 * A conditional transaction kept being cancelled (a race with the same founder's other writes, or
 * throttling) through every retry. The write did not happen and trying again later is right, so the
 * API answers 503, not 500.
 */
export class ContentionError extends Error {
  override readonly name = 'ContentionError';
}

/** Why DynamoDB cancelled a transaction, one code per item in order ('None' for items that were fine); null for other errors. */
export function cancellationCodes(err: unknown): string[] | null {
  if (!(err instanceof Error) || err.name !== 'TransactionCanceledException') return null;
  return ((err as TransactionCanceledException).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

/** A random pause that grows with the attempt, so writers racing for one item spread out. */
export const backoff = (attempt: number): Promise<void> =>
  new Promise((r) => setTimeout(r, Math.min(200, 5 * 2 ** Math.min(attempt, 5)) * Math.random()));

export function tableName(): string {
  return env('tableName');
}

/** For tests and the benchmark, which swap endpoints between runs. */
export function resetDdbClient(): void {
  documentClient = undefined;
}
