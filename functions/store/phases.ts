/**
 * The founder's phase record (PK USER#<sub>, SK PHASES): every write to it is built here. It is created
 * with the account, a phase's flag is set by saving the idea or a coach's unlock, and `version` grows
 * with every change so realtime clients can ignore a push older than what they show. Readers that
 * fetch it beside other items (batch reads) parse it with phaseFlagsFrom.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  NO_PHASES,
  type PhaseFlag,
  type PhaseFlags,
  phaseFlagsFrom,
  UNLOCK_FLAG,
  UNLOCK_IMPLIES,
} from '#shared/domain/phases';
import type { PhaseType } from '#shared/domain/questions';
import { AccountClosedError, profileExists } from './account-guard';
import { ddb, tableName } from './client';
import { CONDITION_FAILED } from './conditions';
import { keys } from './keys';
import { announce } from './outbox';
import { type TransactItem, transact } from './writes';

/** The record a new account starts with: every phase closed. */
export function newPhaseRecord(sub: string, now: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.phases(sub), ...NO_PHASES, version: 1, updatedAt: now },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Opens a phase's flag inside a transaction (saving the idea opens the trigger questions). */
export function setPhaseFlag(sub: string, flag: PhaseFlag, now: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.phases(sub),
      UpdateExpression: 'SET #flag = :t, updatedAt = :now ADD version :one',
      ExpressionAttributeNames: { '#flag': flag },
      ExpressionAttributeValues: { ':t': true, ':now': now, ':one': 1 },
    },
  };
}

/** Holds only while the founder's unlock flag for the type is (or is not) set. */
export function unlockFlagGuard(sub: string, type: PhaseType, unlocked: boolean): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.phases(sub),
      ConditionExpression: unlocked ? '#flag = :t' : 'attribute_not_exists(#flag) OR #flag <> :t',
      ExpressionAttributeNames: { '#flag': UNLOCK_FLAG[type] },
      ExpressionAttributeValues: { ':t': true },
    },
  };
}

/**
 * Sets the flag a coach's unlock of the type opens; a missing record is created with the earlier
 * phases open too (spec §4). Returns false when the phase was already unlocked.
 */
export async function setUnlockFlag(sub: string, type: PhaseType, now: string): Promise<boolean> {
  const flag = UNLOCK_FLAG[type];
  const names: Record<string, string> = { '#flag': flag };
  const sets = ['#flag = :t', 'updatedAt = :now'];
  UNLOCK_IMPLIES[type].forEach((implied, i) => {
    names[`#i${i}`] = implied;
    // A missing record is created with the earlier phases open; an existing one keeps its values.
    sets.push(`#i${i} = if_not_exists(#i${i}, :t)`);
  });
  // With the profile's existence: an unlock racing the founder's account deletion must not recreate the record.
  const unchanged = await transact(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.phases(sub),
          UpdateExpression: `SET ${sets.join(', ')} ADD version :one`,
          ConditionExpression: 'attribute_not_exists(#flag) OR #flag <> :t',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':t': true, ':now': now, ':one': 1 },
        },
      },
      profileExists(sub),
      // Only an unlock that changed the flag commits, so each unlock is announced once.
      announce('PhaseUnlocked', { userId: sub, phase: type }),
    ],
    (codes) => {
      if (codes[1] === CONDITION_FAILED) throw new AccountClosedError(`No profile for ${sub}`);
      return codes[0] === CONDITION_FAILED ? true : undefined;
    },
  );
  return unchanged !== true;
}

export interface PhaseRecord {
  phases: PhaseFlags;
  /** Grows with every change of the record, so a client can ignore a push older than what it shows. */
  version: number;
}

/** The founder's phase flags as stored now (a strongly consistent read: a push must not send stale flags). */
export async function readPhaseRecord(sub: string): Promise<PhaseRecord> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.phases(sub), ConsistentRead: true }));
  const version = out.Item?.version;
  return { phases: phaseFlagsFrom(out.Item), version: typeof version === 'number' ? version : 0 };
}
