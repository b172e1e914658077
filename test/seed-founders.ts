/**
 * Many founders, fast: a profile, a complete, pending progress item and a founder-directory entry each, written with
 * BatchWriteItem straight to the table. Used where only the number of founders matters —
 * the coach-pages-at-scale test and the benchmark's requests-per-call figure — so no
 * Cognito users and no counters are made.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { QUESTION_TYPES, type QuestionType } from '#shared/domain/questions';
import { ddb, tableName } from '../functions/store/client';
import { directoryItem, entryFrom } from '../functions/store/directory';
import type { Key } from '../functions/store/keys';
import { keys } from '../functions/store/keys';

const NO_PROGRESS = Object.fromEntries(QUESTION_TYPES.map((t) => [t, undefined])) as Record<QuestionType, undefined>;

export interface SeedOptions {
  /** Founder numbers [from, to) make the subs, so two calls with adjacent ranges never collide. */
  from: number;
  to: number;
  /** The type whose review list (GSI1 Pending partition) the founders join. */
  type: QuestionType;
  /** A second type whose review list the founders join too (the benchmark's Validate tool). */
  alsoPending?: QuestionType;
  /** Distinct answered count on the progress item. */
  answered?: number;
  prefix?: string;
}

export function seededSub(i: number, prefix = 'scale-founder'): string {
  return `${prefix}-${String(i).padStart(5, '0')}`;
}

/** Writes the founders and returns every key written, so the caller can delete them again. */
export async function seedFounders(options: SeedOptions): Promise<Key[]> {
  const items: Record<string, unknown>[] = [];
  for (let i = options.from; i < options.to; i++) {
    const sub = seededSub(i, options.prefix);
    const at = new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString();
    items.push({ ...keys.profile(sub), firstName: 'Scale', lastName: `Founder ${i}`, email: `${sub}@example.com` });
    const progress = {
      ...keys.progress(sub, options.type),
      answered: options.answered ?? 18,
      completedAt: at,
      GSI1PK: keys.reviewPartition(options.type, 'PENDING'),
      GSI1SK: `${at}#${sub}`,
    };
    const profile = items[items.length - 1];
    items.push(progress);
    const also = options.alsoPending
      ? {
          ...progress,
          ...keys.progress(sub, options.alsoPending),
          GSI1PK: keys.reviewPartition(options.alsoPending, 'PENDING'),
        }
      : null;
    if (also) items.push(also);
    // Their entry in the coaches' founder directory, as the write paths would leave it.
    const progressByType = {
      ...NO_PROGRESS,
      [options.type]: progress,
      ...(options.alsoPending && also ? { [options.alsoPending]: also } : {}),
    };
    const entry = entryFrom(sub, { profile, phases: undefined, progress: progressByType }, at);
    if (entry) items.push(directoryItem(entry, at));
  }
  await writeAll(items.map((Item) => ({ PutRequest: { Item } })));
  return items.map((item) => ({ PK: String(item.PK), SK: String(item.SK) }));
}

export async function deleteSeeded(written: readonly Key[]): Promise<void> {
  await writeAll(written.map((Key) => ({ DeleteRequest: { Key } })));
}

const BATCH_SIZE = 25; // BatchWriteItem's limit
/** A few writers at once: seeding stays a matter of seconds, and DynamoDB Local on a busy machine keeps up. */
const WRITERS = 4;
const MAX_ATTEMPTS = 10;

async function writeAll(requests: Record<string, unknown>[]): Promise<void> {
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < requests.length; i += BATCH_SIZE) chunks.push(requests.slice(i, i + BATCH_SIZE));
  for (let i = 0; i < chunks.length; i += WRITERS) {
    await Promise.all(chunks.slice(i, i + WRITERS).map(writeChunk));
  }
}

/**
 * BatchWriteItem may hand back unprocessed items under load, and on a busy machine DynamoDB Local
 * can answer after the client's request timeout. Puts and deletes are idempotent, so both are
 * simply sent again.
 */
async function writeChunk(chunk: Record<string, unknown>[]): Promise<void> {
  let pending = chunk;
  for (let attempt = 1; pending.length > 0; attempt++) {
    try {
      const out = await ddb().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (out.UnprocessedItems?.[tableName()] ?? []) as Record<string, unknown>[];
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !(err instanceof Error) || err.name !== 'TimeoutError') throw err;
    }
    if (pending.length > 0 && attempt >= MAX_ATTEMPTS) {
      throw new Error(`BatchWriteItem left ${pending.length} items unprocessed ${MAX_ATTEMPTS} times`);
    }
  }
}
