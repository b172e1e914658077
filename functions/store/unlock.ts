/**
 * A coach's unlock of a founder's next phase (spec §4): sets the phase flag (creating a
 * missing record with the earlier phases open too) and moves the founder from the
 * phase's Pending review list to Unlocked. Unlocking twice changes nothing.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PhaseFlag } from '../domain/phases';
import type { QuestionType } from '../domain/questions';
import { ddb, tableName } from './client';
import { keys } from './keys';

/** The flag each unlock sets, and the flags a missing phase record gets with it (spec §4). */
export const UNLOCKS: Record<QuestionType, { flag: PhaseFlag; implies: PhaseFlag[] }> = {
  trigger: { flag: 'trigger_questions_status', implies: [] },
  'value-proposition': { flag: 'value_proposition_status', implies: ['trigger_questions_status'] },
  'business-model': { flag: 'bmc_status', implies: ['trigger_questions_status', 'value_proposition_status'] },
};

const isConditionFailure = (err: unknown) => err instanceof Error && err.name === 'ConditionalCheckFailedException';

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
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.progress(sub, type),
        UpdateExpression: 'SET GSI1PK = :unlocked, unlockedAt = if_not_exists(unlockedAt, :now)',
        ConditionExpression: 'attribute_exists(completedAt)',
        ExpressionAttributeValues: { ':unlocked': keys.reviewPartition(type, 'UNLOCKED'), ':now': now },
      }),
    );
  } catch (err) {
    // A founder unlocked before finishing stays off the review lists.
    if (!isConditionFailure(err)) throw err;
  }
  return changed;
}
