/**
 * BatchWriteItem writes that write every item asked for: DynamoDB may hand part of a batch back as
 * UnprocessedItems (throttling), which the SDK does not retry; those are sent again with the same
 * backoff as batch-get.ts, ending in ContentionError (503) when they never go through.
 */
import { BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { BATCH_GET_ATTEMPTS } from './batch-get';
import { ddb } from './client';
import type { Key } from './keys';
import { backoff, ContentionError } from './retry';

/** DynamoDB's limit of requests per BatchWriteItem call. */
const MAX_WRITES = 25;

type WriteRequests = NonNullable<BatchWriteCommandInput['RequestItems']>[string];

async function writeChunk(table: string, chunk: WriteRequests): Promise<void> {
  let pending: WriteRequests = chunk;
  for (let attempt = 0; attempt < BATCH_GET_ATTEMPTS; attempt++) {
    if (attempt > 0) await backoff(attempt - 1);
    const out = await ddb().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
    pending = out.UnprocessedItems?.[table] ?? [];
    if (pending.length === 0) return;
  }
  throw new ContentionError(
    `BatchWrite left ${pending.length} writes unprocessed after ${BATCH_GET_ATTEMPTS} attempts`,
  );
}

/**
 * Puts every item (replacing what is there), then deletes every key (absent ones are no error); throws
 * ContentionError when DynamoDB never takes them all. No key may be both put and deleted.
 */
export async function batchWriteAll(
  table: string,
  puts: readonly Record<string, unknown>[],
  deletes: readonly Key[],
): Promise<void> {
  const requests: WriteRequests = [
    ...puts.map((item) => ({ PutRequest: { Item: item } })),
    ...deletes.map((key) => ({ DeleteRequest: { Key: { PK: key.PK, SK: key.SK } } })),
  ];
  for (let i = 0; i < requests.length; i += MAX_WRITES) await writeChunk(table, requests.slice(i, i + MAX_WRITES));
}

/** Deletes every key (absent ones are no error); throws ContentionError when DynamoDB never takes them all. */
export async function batchDeleteAll(table: string, keys: readonly Key[]): Promise<void> {
  await batchWriteAll(table, [], keys);
}
