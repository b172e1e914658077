/**
 * What coaches read: platform statistics (a single BatchGet of counters) and the
 * review lists (one GSI1 page plus one BatchGet of the page's profiles). Neither
 * grows with the number of founders.
 */
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { QUESTION_TYPES, type QuestionType } from '../domain/questions';
import { ddb, tableName } from './client';
import { GSI1, keys, stats } from './keys';

export type ReviewState = 'pending' | 'unlocked';

type Counts = Record<QuestionType, number>;

export interface PlatformCounters {
  users: number;
  questions: Counts;
  started: Counts;
  pending: Counts;
  unlocked: Counts;
}

const zero = (): Counts => ({ trigger: 0, 'value-proposition': 0, 'business-model': 0 });

export async function getPlatformCounters(): Promise<PlatformCounters> {
  const names = [
    stats.users,
    ...QUESTION_TYPES.flatMap((t) => [stats.questionCount(t), stats.started(t), stats.pending(t), stats.unlocked(t)]),
  ];
  const out = await ddb().send(
    new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: names.map((n) => keys.stat(n)) } } }),
  );
  const values = new Map<string, number>();
  for (const item of out.Responses?.[tableName()] ?? []) {
    if (typeof item.value === 'number') values.set(String(item.SK), item.value);
  }
  const read = (name: string) => Math.max(0, values.get(name) ?? 0);
  const counters: PlatformCounters = {
    users: read(stats.users),
    questions: zero(),
    started: zero(),
    pending: zero(),
    unlocked: zero(),
  };
  for (const t of QUESTION_TYPES) {
    counters.questions[t] = read(stats.questionCount(t));
    counters.started[t] = read(stats.started(t));
    counters.pending[t] = read(stats.pending(t));
    counters.unlocked[t] = read(stats.unlocked(t));
  }
  return counters;
}

/** The two badge counts of a review list: two counters in one request. */
export async function getReviewCounts(type: QuestionType): Promise<Record<ReviewState, number>> {
  const out = await ddb().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: { Keys: [keys.stat(stats.pending(type)), keys.stat(stats.unlocked(type))] },
      },
    }),
  );
  const value = (name: string) => {
    const item = (out.Responses?.[tableName()] ?? []).find((i) => i.SK === name);
    return typeof item?.value === 'number' ? Math.max(0, item.value) : 0;
  };
  return { pending: value(stats.pending(type)), unlocked: value(stats.unlocked(type)) };
}

export class InvalidCursorError extends Error {
  override readonly name = 'InvalidCursorError';
}

export interface ReviewPage {
  founders: Array<{
    userId: string;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    totalAnswers: number;
    completedAt: string;
    unlockedAt: string | null;
  }>;
  nextCursor: string | null;
}

/** DynamoDB's key size limits in bytes: a longer (or empty) start key is a ValidationException, not a page. */
const KEY_BYTES = { PK: 2048, SK: 1024, GSI1PK: 2048, GSI1SK: 1024 } as const;

/** Accepts only what this list hands out: a progress item's keys in this partition. */
function decodeCursor(cursor: string, partition: string): Record<string, string> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const fields = ['PK', 'SK', 'GSI1PK', 'GSI1SK'] as const;
    const fits = (f: (typeof fields)[number]) => {
      const value = key[f];
      return typeof value === 'string' && value !== '' && Buffer.byteLength(value) <= KEY_BYTES[f];
    };
    if (!fields.every(fits) || key.GSI1PK !== partition) throw new Error('foreign cursor');
    if (!String(key.PK).startsWith('USER#') || !String(key.SK).startsWith('PROGRESS#'))
      throw new Error('not a progress key');
    return Object.fromEntries(fields.map((f) => [f, String(key[f])]));
  } catch {
    throw new InvalidCursorError('The cursor is not valid for this list. Start again from the first page.');
  }
}

export async function listReviewPage(
  type: QuestionType,
  state: ReviewState,
  cursor: string | undefined,
  limit = 50,
): Promise<ReviewPage> {
  const partition = keys.reviewPartition(type, state === 'pending' ? 'PENDING' : 'UNLOCKED');
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: GSI1,
      KeyConditionExpression: 'GSI1PK = :p',
      ExpressionAttributeValues: { ':p': partition },
      Limit: limit,
      ...(cursor ? { ExclusiveStartKey: decodeCursor(cursor, partition) } : {}),
    }),
  );
  const progress = page.Items ?? [];
  const profiles = new Map<string, Record<string, unknown>>();
  if (progress.length > 0) {
    const out = await ddb().send(
      new BatchGetCommand({
        RequestItems: {
          [tableName()]: {
            Keys: progress.map((p) => keys.profile(keys.userIdFromPk(String(p.PK)))),
            ProjectionExpression: 'PK, firstName, lastName, email',
          },
        },
      }),
    );
    for (const item of out.Responses?.[tableName()] ?? []) profiles.set(String(item.PK), item);
  }
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return {
    founders: progress.map((p) => {
      const profile = profiles.get(String(p.PK));
      return {
        userId: keys.userIdFromPk(String(p.PK)),
        firstName: text(profile?.firstName),
        lastName: text(profile?.lastName),
        email: text(profile?.email),
        totalAnswers: typeof p.answered === 'number' ? p.answered : 0,
        completedAt: String(p.completedAt ?? ''),
        unlockedAt: typeof p.unlockedAt === 'string' ? p.unlockedAt : null,
      };
    }),
    nextCursor: page.LastEvaluatedKey ? Buffer.from(JSON.stringify(page.LastEvaluatedKey)).toString('base64url') : null,
  };
}
