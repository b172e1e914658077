/** Founder profiles (PK USER#<sub>, SK PROFILE). */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from './batch-get';
import { ddb, tableName } from './client';
import { type Key, keys } from './keys';
import type { Item } from './query';
import { updateItem, wroteIf } from './writes';

export interface Profile {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  startupName: string;
  idea: string | null;
  paid: boolean;
  createdAt: string;
}

export async function getProfile(sub: string): Promise<Profile | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.profile(sub) }));
  if (!out.Item) return null;
  const item = out.Item;
  return {
    userId: sub,
    email: String(item.email ?? ''),
    firstName: String(item.firstName ?? ''),
    lastName: String(item.lastName ?? ''),
    startupName: String(item.startupName ?? ''),
    idea: typeof item.idea === 'string' ? item.idea : null,
    paid: item.paid === true,
    createdAt: String(item.createdAt ?? ''),
  };
}

/** The caller's founder profile (null without one) and the other items read with it, in one request. */
export interface CallerItems {
  profile: Item | null;
  items: Item[];
  /** No profile because the account was deleted (not a sign-up that failed half-way): read only when none is found. */
  accountDeleted?: boolean;
}

/** Whether the account was deleted lately (keys.ts, deleted account): read only for a caller with no profile. */
export async function accountWasDeleted(sub: string): Promise<boolean> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.deletedAccount(sub) }));
  return out.Item !== undefined;
}

/**
 * What the access check reads of a founder on every request: the profile (paid, sessionsValidAfter) and,
 * in the same request, the items of `alsoRead` a route needs anyway (/api/me's phases and directory entry),
 * so the check costs that route no request of its own. Strongly consistent: an account deleted or a
 * session ended a moment ago is seen on the very next request.
 */
export async function readCaller(sub: string, alsoRead: readonly Key[] = []): Promise<CallerItems> {
  const profileKey = keys.profile(sub);
  if (alsoRead.length === 0) {
    const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: profileKey, ConsistentRead: true }));
    if (!out.Item) return { profile: null, items: [], accountDeleted: await accountWasDeleted(sub) };
    return { profile: out.Item, items: [out.Item] };
  }
  const items = await batchGetAll(tableName(), [profileKey, ...alsoRead], { consistentRead: true });
  const profile = items.find((i) => i.PK === profileKey.PK && i.SK === profileKey.SK) ?? null;
  return profile ? { profile, items } : { profile, items, accountDeleted: await accountWasDeleted(sub) };
}

/**
 * Ends every session of the founder that began at or before `atSeconds` (a disabled account, say):
 * the access check refuses their tokens from the next request on, refreshed ones included, since a
 * refreshed token keeps its sign-in's `auth_time`. False when there is no profile (or a later end is recorded).
 */
export async function endFounderSessions(sub: string, atSeconds: number): Promise<boolean> {
  return wroteIf(
    updateItem({
      Key: keys.profile(sub),
      UpdateExpression: 'SET sessionsValidAfter = :at',
      ConditionExpression:
        'attribute_exists(PK) AND (attribute_not_exists(sessionsValidAfter) OR sessionsValidAfter < :at)',
      ExpressionAttributeValues: { ':at': atSeconds },
    }),
  );
}
