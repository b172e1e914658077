/** Reads a founder's progress: answered counts per type (PROGRESS items) against the question counts (STATS). */
import type * as z from 'zod';
import type { phaseReview } from '#shared/contract/journey';
import { QUESTION_TYPES, type QuestionType } from '#shared/domain/questions';
import { questionTotal } from '#shared/domain/tool-questions';
import { batchGetAll } from './batch-get';
import { tableName } from './client';
import { keys, stats } from './keys';
import { progressFromItem } from './progress-state';
import { countAll, type Item } from './query';

export type PhaseReview = z.infer<typeof phaseReview>;

export interface ProgressCounts {
  answered: Record<QuestionType, number>;
  totals: Record<QuestionType, number>;
  reviews: Record<QuestionType, PhaseReview>;
}

/** The founder's view of a phase's review, from its progress item's review-list partition. */
function reviewOf(item: Item | undefined): PhaseReview {
  const progress = progressFromItem(item);
  const status: PhaseReview['status'] =
    progress.partition === 'PENDING'
      ? 'waiting'
      : progress.partition === 'CHANGES'
        ? 'changes-requested'
        : progress.partition === 'UNLOCKED'
          ? 'unlocked'
          : progress.answered > 0
            ? 'in-progress'
            : 'not-started';
  return {
    status,
    submittedAt: progress.completedAt,
    unlockedAt: typeof item?.unlockedAt === 'string' ? item.unlockedAt : null,
  };
}

const zeroByType = (): Record<QuestionType, number> =>
  Object.fromEntries(QUESTION_TYPES.map((t) => [t, 0])) as Record<QuestionType, number>;

export async function getProgressCounts(sub: string): Promise<ProgressCounts> {
  const progressKeys = QUESTION_TYPES.map((t) => keys.progress(sub, t));
  const statKeys = QUESTION_TYPES.map((t) => keys.stat(stats.questionCount(t)));
  const items = await batchGetAll(tableName(), [...progressKeys, ...statKeys]);
  const answered = zeroByType();
  const totals = zeroByType();
  const reviews = {} as Record<QuestionType, PhaseReview>;
  for (const type of QUESTION_TYPES) {
    const progress = items.find((i) => i.PK === keys.progress(sub, type).PK && i.SK === keys.progress(sub, type).SK);
    const stat = items.find((i) => i.PK === 'STATS' && i.SK === stats.questionCount(type));
    answered[type] = typeof progress?.answered === 'number' ? progress.answered : 0;
    totals[type] = questionTotal(type, typeof stat?.value === 'number' ? stat.value : 0);
    reviews[type] = reviewOf(progress);
  }
  return { answered, totals, reviews };
}

/** Counts a founder's items under one sort-key prefix (files, test runs) without reading them. */
export async function countUserItems(sub: string, prefix: string): Promise<number> {
  return countAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': keys.profile(sub).PK, ':p': prefix },
  });
}
