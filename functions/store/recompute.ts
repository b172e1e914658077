/**
 * After coaches add or remove a question, every founder who started that type is
 * revisited: the answered count becomes the number of their answers to questions that
 * still exist, and their review state follows. Founders are found a page at a time through
 * their GSI1 partitions (pending, unlocked, open), never by a Scan.
 */
import { unlockFlagOf } from '#shared/domain/phases';
import { isPhaseType, type QuestionType } from '#shared/domain/questions';
import { profileExists } from './account-guard';
import { batchGetAll } from './batch-get';
import { tableName } from './client';
import { CONDITION_FAILED } from './conditions';
import { GSI1, keys } from './keys';
import { announce } from './outbox';
import {
  gsiKey,
  isComplete,
  type Partition,
  partitionOf,
  progressCursor,
  progressFromItem,
  progressTransition,
} from './progress-state';
import { queryAll, queryPage } from './query';
import { retryOnConflict } from './retry';
import { transact } from './writes';

export interface FoundersPage {
  subs: string[];
  /** Opaque; null on the partition's last page. */
  nextCursor: string | null;
}

/** One page of the founders in a type's GSI1 partition (pending, unlocked or open), in GSI1SK order. */
export async function foundersPage(
  type: QuestionType,
  partition: Exclude<Partition, null>,
  cursor: string | undefined,
  limit: number,
): Promise<FoundersPage> {
  const gsi1pk = gsiKey(type, partition);
  const page = await queryPage(
    {
      TableName: tableName(),
      IndexName: GSI1,
      KeyConditionExpression: 'GSI1PK = :p',
      ExpressionAttributeValues: { ':p': gsi1pk },
      ProjectionExpression: 'PK',
    },
    cursor,
    limit,
    progressCursor(gsi1pk),
  );
  return { subs: page.items.map((item) => keys.userIdFromPk(String(item.PK))), nextCursor: page.nextCursor };
}

export interface Recomputed {
  changed: boolean;
  completedNow: boolean;
}

/** Brings one founder's progress in line with the current questions; retried when a save races it. */
export async function recomputeFounder(
  sub: string,
  type: QuestionType,
  questionIds: ReadonlySet<string>,
  now: string,
): Promise<Recomputed> {
  return retryOnConflict(
    async () => {
      const [items, answers] = await Promise.all([
        batchGetAll(tableName(), [keys.progress(sub, type), keys.phases(sub)], { consistentRead: true }),
        queryAll({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
          ExpressionAttributeValues: { ':pk': keys.profile(sub).PK, ':p': keys.answerPrefix(type) },
          ProjectionExpression: 'questionId',
          ConsistentRead: true,
        }),
      ]);
      const progressItem = items.find((i) => i.SK === keys.progress(sub, type).SK);
      const unlockFlag = unlockFlagOf(type);
      const unlocked = unlockFlag !== null && items.find((i) => i.SK === 'PHASES')?.[unlockFlag] === true;
      const progress = progressFromItem(progressItem);
      const answered = answers.filter((a) => questionIds.has(String(a.questionId))).length;
      const computed = partitionOf(answered, questionIds.size, unlocked);
      // Still complete after a question-set change: a founder sent back for changes stays on that list.
      const partition = computed === 'PENDING' && progress.partition === 'CHANGES' ? 'CHANGES' : computed;
      if (answered === progress.answered && partition === progress.partition)
        return { changed: false, completedNow: false };
      const completedNow = isComplete(partition) && !isComplete(progress.partition);
      const gone = await transact(
        [
          ...progressTransition(sub, type, { item: progressItem, progress }, { answered, partition, unlocked }, now),
          ...(completedNow && isPhaseType(type) ? [announce('PhaseCompleted', { userId: sub, phase: type })] : []),
          // A founder who deleted their account meanwhile is not written back.
          profileExists(sub),
        ],
        (codes) => (codes.at(-1) === CONDITION_FAILED ? true : undefined),
      );
      if (gone) return { changed: false, completedNow: false };
      return { changed: true, completedNow };
    },
    { what: `Could not recompute ${sub}'s ${type} progress`, attempts: 20 },
  );
}
