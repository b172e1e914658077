/**
 * What coaches read: platform statistics (a single BatchGet of counters) and the
 * review lists (one GSI1 page plus one BatchGet of the page's profiles). Neither
 * grows with the number of founders.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { QUESTION_TYPES, type QuestionType } from '#shared/domain/questions';
import { questionTotal } from '#shared/domain/tool-questions';
import { batchGetAll } from './batch-get';
import { ddb, tableName } from './client';
import { GSI1, keys, stats } from './keys';
import { type Partition, progressCursor, progressFromItem } from './progress-state';
import { queryPage } from './query';

export type ReviewState = 'pending' | 'changes-requested' | 'unlocked';

const PARTITION_OF_STATE = {
  pending: 'PENDING',
  'changes-requested': 'CHANGES',
  unlocked: 'UNLOCKED',
} as const satisfies Record<ReviewState, Partition>;

/** Where a founder stands in one phase's review: 'in-progress' until they answered every question. */
export type ReviewStatus = 'not-started' | 'in-progress' | ReviewState;

export function reviewStatusFromPartition(partition: Partition): ReviewStatus {
  switch (partition) {
    case 'PENDING':
      return 'pending';
    case 'CHANGES':
      return 'changes-requested';
    case 'UNLOCKED':
      return 'unlocked';
    case 'OPEN':
      return 'in-progress';
    default:
      return 'not-started';
  }
}

/**
 * A founder's review status for one phase, from their progress item (one GetItem). For many founders, read
 * their progress items in one batch and map each with reviewStatusFromPartition(progressFromItem(item).partition).
 */
export async function reviewStatusOf(userId: string, type: QuestionType): Promise<ReviewStatus> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.progress(userId, type) }));
  return reviewStatusFromPartition(progressFromItem(out.Item).partition);
}

type Counts = Record<QuestionType, number>;

export interface PlatformCounters {
  users: number;
  questions: Counts;
  started: Counts;
  pending: Counts;
  unlocked: Counts;
  changes: Counts;
  ratingSum: Counts;
  ratingCount: Counts;
}

const zero = (): Counts => Object.fromEntries(QUESTION_TYPES.map((t) => [t, 0])) as Counts;

export async function getPlatformCounters(): Promise<PlatformCounters> {
  const names = [
    stats.users,
    ...QUESTION_TYPES.flatMap((t) => [
      stats.questionCount(t),
      stats.started(t),
      stats.pending(t),
      stats.unlocked(t),
      stats.changes(t),
      stats.ratingSum(t),
      stats.ratingCount(t),
    ]),
  ];
  const items = await batchGetAll(tableName(), names.map(keys.stat));
  const values = new Map<string, number>();
  for (const item of items) {
    if (typeof item.value === 'number') values.set(String(item.SK), item.value);
  }
  const read = (name: string) => Math.max(0, values.get(name) ?? 0);
  const counters: PlatformCounters = {
    users: read(stats.users),
    questions: zero(),
    started: zero(),
    pending: zero(),
    unlocked: zero(),
    changes: zero(),
    ratingSum: zero(),
    ratingCount: zero(),
  };
  for (const t of QUESTION_TYPES) {
    counters.questions[t] = questionTotal(t, read(stats.questionCount(t)));
    counters.started[t] = read(stats.started(t));
    counters.pending[t] = read(stats.pending(t));
    counters.unlocked[t] = read(stats.unlocked(t));
    counters.changes[t] = read(stats.changes(t));
    counters.ratingSum[t] = read(stats.ratingSum(t));
    counters.ratingCount[t] = read(stats.ratingCount(t));
  }
  return counters;
}

/** The badge counts of the review lists: three counters in one request. */
export async function getReviewCounts(type: QuestionType): Promise<Record<ReviewState, number>> {
  const names = {
    pending: stats.pending(type),
    'changes-requested': stats.changes(type),
    unlocked: stats.unlocked(type),
  };
  const items = await batchGetAll(tableName(), Object.values(names).map(keys.stat));
  const value = (name: string) => {
    const item = items.find((i) => i.SK === name);
    return typeof item?.value === 'number' ? Math.max(0, item.value) : 0;
  };
  return {
    pending: value(names.pending),
    'changes-requested': value(names['changes-requested']),
    unlocked: value(names.unlocked),
  };
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
    /** The coach's average rating of this founder's answers of the type; null before any rating. */
    rating: number | null;
  }>;
  nextCursor: string | null;
}

export async function listReviewPage(
  type: QuestionType,
  state: ReviewState,
  cursor: string | undefined,
  limit = 50,
): Promise<ReviewPage> {
  const partition = keys.reviewPartition(type, PARTITION_OF_STATE[state]);
  const page = await queryPage(
    {
      TableName: tableName(),
      IndexName: GSI1,
      KeyConditionExpression: 'GSI1PK = :p',
      ExpressionAttributeValues: { ':p': partition },
    },
    cursor,
    limit,
    progressCursor(partition, 'The cursor is not valid for this list. Start again from the first page.'),
  );
  const progress = page.items;
  const found = await batchGetAll(
    tableName(),
    progress.map((p) => keys.profile(keys.userIdFromPk(String(p.PK)))),
    { projection: 'PK, firstName, lastName, email' },
  );
  const profiles = new Map(found.map((item) => [String(item.PK), item]));
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
        rating: averageRating(p.ratingSum, p.ratingCount),
      };
    }),
    nextCursor: page.nextCursor,
  };
}

/** One decimal; null when nothing was rated. */
export function averageRating(sum: unknown, count: unknown): number | null {
  if (typeof sum !== 'number' || typeof count !== 'number' || count <= 0) return null;
  return Math.round((sum / count) * 10) / 10;
}
