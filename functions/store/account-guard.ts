/**
 * A founder's items are written only while their profile exists. Account deletion removes the profile first
 * (functions/store/account-deletion.ts), so a write that passed its access check before the deletion — a save
 * in flight, a consumer's late event — is refused by DynamoDB instead of landing after the sweep
 * (docs/decisions/017-deletion-guard.md). A write to the profile itself says `attribute_exists(PK)` in its own
 * condition; a write to another of the founder's items adds `profileExists` to its transaction.
 */
import { tableName } from './client';
import { keys } from './keys';
import { namedError } from './named-error';
import type { TransactItem } from './writes';

/** The founder's account is gone, or going: nothing more is written for it. */
export class AccountClosedError extends namedError('AccountClosedError') {}

/** A transaction item that holds only while the founder's profile exists. */
export function profileExists(sub: string): TransactItem {
  return {
    ConditionCheck: { TableName: tableName(), Key: keys.profile(sub), ConditionExpression: 'attribute_exists(PK)' },
  };
}
