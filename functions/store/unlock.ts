/**
 * A coach's unlock of a founder's next phase (spec §4): sets the phase flag (creating a
 * missing record with the earlier phases open too) and moves the founder from the
 * phase's Pending (or Changes requested) review list to Unlocked. Unlocking twice changes nothing.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PhaseType } from '#shared/domain/questions';
import { AccountClosedError, profileExists } from './account-guard';
import { ddb, tableName } from './client';
import { CONDITION_FAILED } from './conditions';
import { keys } from './keys';
import { setUnlockFlag } from './phases';
import { progressFromItem, progressTransition } from './progress-state';
import { retryOnConflict } from './retry';
import { transact } from './writes';

/** Returns true when this call unlocked the phase, false when it was already unlocked. */
export async function unlockPhase(sub: string, type: PhaseType, now: string): Promise<boolean> {
  const changed = await setUnlockFlag(sub, type, now);
  await moveToUnlocked(sub, type, now);
  return changed;
}

/** Moves a complete founder from the Pending or Changes requested list to Unlocked, with the counters, safe against races. */
async function moveToUnlocked(sub: string, type: PhaseType, now: string): Promise<void> {
  await retryOnConflict(
    async () => {
      const out = await ddb().send(
        new GetCommand({ TableName: tableName(), Key: keys.progress(sub, type), ConsistentRead: true }),
      );
      const progress = progressFromItem(out.Item);
      // A founder unlocked before finishing stays off the review lists until they finish.
      if (progress.partition !== 'PENDING' && progress.partition !== 'CHANGES') return;
      await transact(
        [
          ...progressTransition(
            sub,
            type,
            { item: out.Item, progress },
            { answered: progress.answered, partition: 'UNLOCKED' },
            now,
          ),
          profileExists(sub),
        ],
        (codes) => {
          if (codes.at(-1) === CONDITION_FAILED) throw new AccountClosedError(`No profile for ${sub}`);
          return undefined;
        },
      );
    },
    { what: 'Could not move the founder to the unlocked list', attempts: 20 },
  );
}
