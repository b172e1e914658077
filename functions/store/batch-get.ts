/**
 * BatchGetItem that returns every item asked for. DynamoDB may answer part of a batch and hand the
 * rest back as UnprocessedKeys (throttling, or the 16 MB response limit); the SDK does not retry
 * those, and treating them as absent turned a throttled read into a wrong 404 or 403.
 */
import { BatchGetCommand, type BatchGetCommandInput, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ddb } from './client';
import type { Key } from './keys';
import type { Item } from './query';
import { backoff, ContentionError } from './retry';

/** DynamoDB's limit of keys per BatchGetItem call. */
const MAX_KEYS = 100;
/** Rounds a batch's leftovers get before the read gives up with ContentionError (503). */
export const BATCH_GET_ATTEMPTS = 10;

type BatchGetKeys = NonNullable<NonNullable<BatchGetCommandInput['RequestItems']>[string]['Keys']>;

export interface BatchGetOptions {
  consistentRead?: boolean;
  /** Must keep the key attributes the caller matches items by. */
  projection?: string;
  attempts?: number;
}

async function getChunk(table: string, chunk: readonly Key[], options: BatchGetOptions): Promise<Item[]> {
  const items: Item[] = [];
  const attempts = options.attempts ?? BATCH_GET_ATTEMPTS;
  let pending: BatchGetKeys = [...chunk];
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await backoff(attempt - 1);
    const out: BatchGetCommandOutput = await ddb().send(
      new BatchGetCommand({
        RequestItems: {
          [table]: {
            Keys: pending,
            ...(options.consistentRead ? { ConsistentRead: true } : {}),
            ...(options.projection ? { ProjectionExpression: options.projection } : {}),
          },
        },
      }),
    );
    items.push(...(out.Responses?.[table] ?? []));
    pending = out.UnprocessedKeys?.[table]?.Keys ?? [];
    if (pending.length === 0) return items;
  }
  throw new ContentionError(`BatchGet left ${pending.length} keys unprocessed after ${attempts} attempts`);
}

/** The items of `keys` that exist, in no particular order; throws ContentionError when DynamoDB never serves them all. */
export async function batchGetAll(table: string, keys: readonly Key[], options: BatchGetOptions = {}): Promise<Item[]> {
  const chunks: Key[][] = [];
  for (let i = 0; i < keys.length; i += MAX_KEYS) chunks.push(keys.slice(i, i + MAX_KEYS));
  const results = await Promise.all(chunks.map((chunk) => getChunk(table, chunk, options)));
  return results.flat();
}
