/**
 * A founder's state for one question type, and the writes that move it: the progress
 * item (guarded by the count read just before) plus the platform counters, all for one
 * transaction. Saving, deleting, unlocking and recomputing after a question-set change
 * all go through here, so the counters and review lists cannot drift apart.
 */
import { isPhaseType, type QuestionType } from '#shared/domain/questions';
import { tableName } from './client';
import { type CursorShape, GSI1_KEY } from './cursor';
import { keys, stats } from './keys';
import { unlockFlagGuard } from './phases';
import type { TransactItem } from './writes';

/** CHANGES: complete, sent back by a coach; the founder's next save returns them to PENDING. */
export type Partition = 'PENDING' | 'UNLOCKED' | 'CHANGES' | 'OPEN' | null;

/** Answered every question: on one of the three review lists. */
export const isComplete = (p: Partition): boolean => p === 'PENDING' || p === 'UNLOCKED' || p === 'CHANGES';

export interface FounderProgress {
  answered: number;
  partition: Partition;
  completedAt: string | null;
  /** How many times the founder came back to Pending after a coach asked for changes (one email per round). */
  reviewRound: number;
}

export function partitionOf(answered: number, total: number, unlocked: boolean): Partition {
  if (answered <= 0) return null;
  if (total > 0 && answered >= total) return unlocked ? 'UNLOCKED' : 'PENDING';
  return 'OPEN';
}

/** Reads the state a progress item records (absent item: nothing started). */
export function progressFromItem(item: Record<string, unknown> | undefined): FounderProgress {
  const answered = typeof item?.answered === 'number' ? item.answered : 0;
  const gsi = typeof item?.GSI1PK === 'string' ? item.GSI1PK : '';
  const partition: Partition = gsi.endsWith('#PENDING')
    ? 'PENDING'
    : gsi.endsWith('#UNLOCKED')
      ? 'UNLOCKED'
      : gsi.endsWith('#CHANGES')
        ? 'CHANGES'
        : gsi.endsWith('#OPEN')
          ? 'OPEN'
          : null;
  return {
    answered,
    partition,
    completedAt: typeof item?.completedAt === 'string' ? item.completedAt : null,
    reviewRound: typeof item?.reviewRound === 'number' ? item.reviewRound : 0,
  };
}

export function gsiKey(type: QuestionType, partition: Exclude<Partition, null>): string {
  return partition === 'OPEN' ? keys.openPartition(type) : keys.reviewPartition(type, partition);
}

/** The cursor of a page of one GSI1 partition: only progress items of that partition. */
export function progressCursor(gsi1pk: string, message?: string): CursorShape {
  return {
    attributes: GSI1_KEY,
    equals: { GSI1PK: gsi1pk },
    prefixes: { PK: keys.userPrefix, SK: keys.progressPrefix },
    ...(message ? { message } : {}),
  };
}

export function counterDelta(name: string, delta: number, now: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.stat(name),
      UpdateExpression: 'ADD #v :d SET updatedAt = :now',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':d': delta, ':now': now },
    },
  };
}

/**
 * The transaction items that move a founder from `from` to `to` answered/partition.
 * The progress update is guarded by the answered count and partition read before, so a
 * concurrent writer makes this transaction fail and the caller tries again.
 *
 * `to.unlocked` is the unlock flag the caller read when it chose a complete partition (PENDING or
 * UNLOCKED); the flag is then guarded too. Without that, a coach's unlock landing between a founder's
 * last save reading its state and writing it left an unlocked founder on the pending list: the unlock
 * found the founder not yet complete, and the save filed them as pending.
 */
export function progressTransition(
  sub: string,
  type: QuestionType,
  from: { item: Record<string, unknown> | undefined; progress: FounderProgress },
  to: { answered: number; partition: Partition; unlocked?: boolean },
  now: string,
): TransactItem[] {
  const items: TransactItem[] = [];
  // A Validate tool has no unlock flag to guard.
  if (to.unlocked !== undefined && isComplete(to.partition) && isPhaseType(type)) {
    items.push(unlockFlagGuard(sub, type, to.unlocked));
  }
  const old = from.progress.partition;
  const counters: Array<[string, (p: Partition) => boolean]> = [
    [stats.started(type), (p) => p !== null],
    [stats.pending(type), (p) => p === 'PENDING'],
    [stats.unlocked(type), (p) => p === 'UNLOCKED'],
    [stats.changes(type), (p) => p === 'CHANGES'],
  ];
  for (const [name, counts] of counters) {
    const delta = Number(counts(to.partition)) - Number(counts(old));
    if (delta !== 0) items.push(counterDelta(name, delta, now));
  }

  const complete = isComplete(to.partition);
  const wasComplete = isComplete(old);
  // A save that takes a founder off "changes requested" submits the phase again: the review (and the founder's
  // "Submitted …") dates from it, not from the first submission the coach already answered.
  const resubmitted = old === 'CHANGES' && to.partition === 'PENDING';
  const completedAt = complete
    ? wasComplete && !resubmitted && from.progress.completedAt
      ? from.progress.completedAt
      : now
    : null;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':answered': to.answered, ':now': now };
  const sets = ['answered = :answered', 'updatedAt = :now'];
  const removes: string[] = [];
  if (to.partition) {
    sets.push('GSI1PK = :gsi', 'GSI1SK = :gsiSort');
    values[':gsi'] = gsiKey(type, to.partition);
    // Review lists read oldest completion first; open founders need only a unique sort key.
    values[':gsiSort'] = complete ? `${completedAt}#${sub}` : sub;
  } else {
    removes.push('GSI1PK', 'GSI1SK');
  }
  if (complete) {
    sets.push('completedAt = :completedAt');
    values[':completedAt'] = completedAt;
  } else {
    removes.push('completedAt');
  }
  if (to.partition === 'UNLOCKED' && old !== 'UNLOCKED') {
    sets.push('unlockedAt = if_not_exists(unlockedAt, :now)');
  }
  // Leaving "changes requested" opens a new review round: the coach's next feedback emails again.
  const adds = old === 'CHANGES' && to.partition !== 'CHANGES' ? ' ADD reviewRound :one' : '';
  if (adds) values[':one'] = 1;
  if (to.partition === 'CHANGES' && old !== 'CHANGES') {
    sets.push('changesRequestedAt = :now');
  }

  let condition: string;
  if (from.item) {
    condition = 'answered = :oldAnswered AND ';
    values[':oldAnswered'] = from.progress.answered;
    if (old) {
      condition += 'GSI1PK = :oldGsi';
      values[':oldGsi'] = gsiKey(type, old);
    } else {
      condition += 'attribute_not_exists(GSI1PK)';
    }
  } else {
    condition = 'attribute_not_exists(PK)';
  }
  items.push({
    Update: {
      TableName: tableName(),
      Key: keys.progress(sub, type),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}${adds}`,
      ConditionExpression: condition,
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    },
  });
  return items;
}
