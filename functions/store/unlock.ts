/**
 * A coach's unlock of a founder's next phase (spec §4): sets the phase flag (creating a
 * missing record with the earlier phases open too) and moves the founder from the
 * phase's Pending review list to Unlocked. Unlocking twice changes nothing.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type PhaseFlag, UNLOCK_FLAG } from '../domain/phases';
import type { QuestionType } from '../domain/questions';
import { ddb, tableName } from './client';
import { isConditionFailure } from './conditions';
import { keys } from './keys';
import { progressFromItem, progressTransition } from './progress-state';
import { retryOnConflict } from './retry';

/** The flag each unlock sets, and the flags a missing phase record gets with it (spec §4). */
export const UNLOCKS: Record<QuestionType, { flag: PhaseFlag; implies: PhaseFlag[] }> = {
  trigger: { flag: UNLOCK_FLAG.trigger, implies: [] },
  'value-proposition': { flag: UNLOCK_FLAG['value-proposition'], implies: [UNLOCK_FLAG.trigger] },
  'business-model': {
    flag: UNLOCK_FLAG['business-model'],
    implies: [UNLOCK_FLAG.trigger, UNLOCK_FLAG['value-proposition']],
  },
};

/** Returns true when this call unlocked the phase, false when it was already unlocked. */
export async function unlockPhase(sub: string, type: QuestionType, now: string): Promise<boolean> {
  const { flag, implies } = UNLOCKS[type];
  const names: Record<string, string> = { '#flag': flag };
  const sets = ['#flag = :t', 'updatedAt = :now'];
  implies.forEach((implied, i) => {
    names[`#i${i}`] = implied;
    // A missing record is created with the earlier phases open; an existing one keeps its values.
    sets.push(`#i${i} = if_not_exists(#i${i}, :t)`);
  });
  let changed = true;
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.phases(sub),
        UpdateExpression: `SET ${sets.join(', ')} ADD version :one`,
        ConditionExpression: 'attribute_not_exists(#flag) OR #flag <> :t',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':t': true, ':now': now, ':one': 1 },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    changed = false;
  }
  await moveToUnlocked(sub, type, now);
  return changed;
}

/** Moves a complete founder from the Pending review list to Unlocked, with the counters, safe against races. */
async function moveToUnlocked(sub: string, type: QuestionType, now: string): Promise<void> {
  await retryOnConflict(
    async () => {
      const out = await ddb().send(
        new GetCommand({ TableName: tableName(), Key: keys.progress(sub, type), ConsistentRead: true }),
      );
      const progress = progressFromItem(out.Item);
      // A founder unlocked before finishing stays off the review lists until they finish.
      if (progress.partition !== 'PENDING') return;
      await ddb().send(
        new TransactWriteCommand({
          TransactItems: progressTransition(
            sub,
            type,
            { item: out.Item, progress },
            { answered: progress.answered, partition: 'UNLOCKED' },
            now,
          ),
        }),
      );
    },
    { what: 'Could not move the founder to the unlocked list', attempts: 20 },
  );
}
