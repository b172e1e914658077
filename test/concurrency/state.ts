/**
 * Reads for the concurrency tests: what the table says about founders' answers, their
 * progress items and the platform counters, read strongly consistent and straight from
 * DynamoDB (the API's own views are checked separately), plus a bounded parallel map and a fixed shuffle.
 */
import {
  BatchGetCommand,
  type BatchGetCommandInput,
  type BatchGetCommandOutput,
  GetCommand,
  QueryCommand,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type { QuestionType } from '#shared/domain/questions';
import { ddb, tableName } from '../../functions/store/client';
import { keys, stats } from '../../functions/store/keys';

/** Runs `f` over `items` with at most `limit` calls in flight; results keep the input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, f: (item: T, index: number) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await f(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * A fixed shuffle (a linear congruential generator from `seed`), so racing calls of one founder or to one
 * question do not arrive side by side, and a failure repeats in the same order.
 */
export function interleave<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export interface Counters {
  started: number;
  pending: number;
  unlocked: number;
}

export async function readCounters(type: QuestionType): Promise<Counters> {
  const names = { started: stats.started(type), pending: stats.pending(type), unlocked: stats.unlocked(type) };
  const out = await ddb().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: { Keys: Object.values(names).map((n) => keys.stat(n)), ConsistentRead: true },
      },
    }),
  );
  const items = out.Responses?.[tableName()] ?? [];
  const value = (name: string) => {
    const v = items.find((i) => i.SK === name)?.value;
    return typeof v === 'number' ? v : 0;
  };
  return { started: value(names.started), pending: value(names.pending), unlocked: value(names.unlocked) };
}

export function counterDelta(before: Counters, after: Counters): Counters {
  return {
    started: after.started - before.started,
    pending: after.pending - before.pending,
    unlocked: after.unlocked - before.unlocked,
  };
}

export interface StoredAnswerItem {
  questionId: string;
  answers: string[];
  submittedAt: string;
  updatedAt: string;
}

/** Every answer item of one founder and type, straight from the table. */
export async function answerItems(sub: string, type: QuestionType): Promise<Map<string, StoredAnswerItem>> {
  const found = new Map<string, StoredAnswerItem>();
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': keys.profile(sub).PK, ':p': keys.answerPrefix(type) },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      found.set(String(item.questionId), {
        questionId: String(item.questionId),
        answers: Array.isArray(item.answers) ? item.answers.map(String) : [],
        submittedAt: String(item.submittedAt),
        updatedAt: String(item.updatedAt),
      });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

export interface ProgressState {
  answered: number;
  gsi1pk: string | null;
  completedAt: string | null;
}

/** The progress items of many founders in BatchGets of 100. */
export async function progressOf(subs: readonly string[], type: QuestionType): Promise<Map<string, ProgressState>> {
  const found = new Map<string, ProgressState>();
  for (let i = 0; i < subs.length; i += 100) {
    let request: BatchGetCommandInput['RequestItems'] = {
      [tableName()]: { Keys: subs.slice(i, i + 100).map((s) => keys.progress(s, type)), ConsistentRead: true },
    };
    while (request && Object.keys(request).length > 0) {
      const out: BatchGetCommandOutput = await ddb().send(new BatchGetCommand({ RequestItems: request }));
      for (const item of out.Responses?.[tableName()] ?? []) {
        found.set(keys.userIdFromPk(String(item.PK)), {
          answered: typeof item.answered === 'number' ? item.answered : Number.NaN,
          gsi1pk: typeof item.GSI1PK === 'string' ? item.GSI1PK : null,
          completedAt: typeof item.completedAt === 'string' ? item.completedAt : null,
        });
      }
      request = out.UnprocessedKeys;
    }
  }
  return found;
}

/** How many times each founder left 'changes requested' for a type (functions/store/progress-state.ts). */
export async function reviewRoundsOf(subs: readonly string[], type: QuestionType): Promise<Map<string, number>> {
  const rounds = new Map<string, number>();
  for (const sub of subs) {
    const out = await ddb().send(
      new GetCommand({ TableName: tableName(), Key: keys.progress(sub, type), ConsistentRead: true }),
    );
    rounds.set(sub, typeof out.Item?.reviewRound === 'number' ? out.Item.reviewRound : 0);
  }
  return rounds;
}
