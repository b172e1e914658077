/**
 * What coaches read: platform statistics (a single BatchGet of counters) and the
 * review lists (one GSI1 page plus one BatchGet of the page's profiles). Neither
 * grows with the number of founders.
 */
import { QUESTION_TYPES, type QuestionType } from '#shared/domain/questions';
import { batchGetAll } from './batch-get';
import { tableName } from './client';
import { GSI1, keys, stats } from './keys';
import { progressCursor } from './progress-state';
import { queryPage } from './query';

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
  const items = await batchGetAll(tableName(), [keys.stat(stats.pending(type)), keys.stat(stats.unlocked(type))]);
  const value = (name: string) => {
    const item = items.find((i) => i.SK === name);
    return typeof item?.value === 'number' ? Math.max(0, item.value) : 0;
  };
  return { pending: value(stats.pending(type)), unlocked: value(stats.unlocked(type)) };
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

export async function listReviewPage(
  type: QuestionType,
  state: ReviewState,
  cursor: string | undefined,
  limit = 50,
): Promise<ReviewPage> {
  const partition = keys.reviewPartition(type, state === 'pending' ? 'PENDING' : 'UNLOCKED');
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
      };
    }),
    nextCursor: page.nextCursor,
  };
}
