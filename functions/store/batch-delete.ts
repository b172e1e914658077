/**
 * BatchWriteItem deletes that delete every key asked for: DynamoDB may hand part of a batch back as
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

async function deleteChunk(table: string, chunk: readonly Key[]): Promise<void> {
  let pending: WriteRequests = chunk.map((key) => ({ DeleteRequest: { Key: { PK: key.PK, SK: key.SK } } }));
  for (let attempt = 0; attempt < BATCH_GET_ATTEMPTS; attempt++) {
    if (attempt > 0) await backoff(attempt - 1);
    const out = await ddb().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
    pending = out.UnprocessedItems?.[table] ?? [];
    if (pending.length === 0) return;
  }
  throw new ContentionError(
    `BatchWrite left ${pending.length} deletes unprocessed after ${BATCH_GET_ATTEMPTS} attempts`,
  );
}

/** Deletes every key (absent ones are no error); throws ContentionError when DynamoDB never takes them all. */
export async function batchDeleteAll(table: string, keys: readonly Key[]): Promise<void> {
  for (let i = 0; i < keys.length; i += MAX_WRITES) await deleteChunk(table, keys.slice(i, i + MAX_WRITES));
}
