/**
 * A coach's session record (COACH#<sub> / SESSION), read by the coach access check on every request
 * (functions/lib/admin-mfa.ts): when the coach's sessions were last ended, and when the API first saw
 * their authenticator app. Coaches have no founder profile to keep this on.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { keys } from './keys';
import { updateItem, wroteIf } from './writes';

export interface CoachSession {
  /** Epoch seconds: sessions that began at or before it are over. */
  sessionsValidAfter: number | null;
  /** Epoch seconds: when the API first saw the coach's authenticator app; null while it has seen none. */
  mfaSince: number | null;
}

const seconds = (value: unknown): number | null => (typeof value === 'number' ? value : null);

export async function getCoachSession(sub: string): Promise<CoachSession> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.coachSession(sub), ConsistentRead: true }),
  );
  return { sessionsValidAfter: seconds(out.Item?.sessionsValidAfter), mfaSince: seconds(out.Item?.mfaSince) };
}

/**
 * The coach has an authenticator app the API had not seen: from now on only sessions begun after this
 * moment count, so every session begun with the password alone is over. False when a parallel request
 * recorded it first (its moment stands).
 */
export function recordCoachMfa(sub: string, atSeconds: number): Promise<boolean> {
  return wroteIf(
    updateItem({
      Key: keys.coachSession(sub),
      UpdateExpression: 'SET mfaSince = :at, sessionsValidAfter = :at',
      ConditionExpression: 'attribute_not_exists(mfaSince)',
      ExpressionAttributeValues: { ':at': atSeconds },
    }),
  );
}

/** The coach has no authenticator app any more: the next one they set up is recorded (and ends sessions) again. */
export function forgetCoachMfa(sub: string): Promise<boolean> {
  return wroteIf(
    updateItem({
      Key: keys.coachSession(sub),
      UpdateExpression: 'REMOVE mfaSince',
      ConditionExpression: 'attribute_exists(mfaSince)',
    }),
  );
}

/** Whether the coach has a session record (the API has seen their app, or their sessions were ended once). */
export async function coachSessionExists(sub: string): Promise<boolean> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.coachSession(sub), ConsistentRead: true }),
  );
  return out.Item !== undefined;
}

/**
 * Ends every session of the coach that began at or before `atSeconds` (an operator's MFA reset, a
 * disabled account, a coach leaving the group); with `forgetMfa`, the next authenticator app is recorded
 * as new. Never moves the end back: a later end recorded meanwhile stands. `expiresAt` (a user gone from
 * Cognito) lets the record go by TTL once no token of theirs can still be valid.
 */
export async function endCoachSessions(
  sub: string,
  atSeconds: number,
  forgetMfa: boolean,
  options: { expiresAt?: number } = {},
): Promise<void> {
  const expires = options.expiresAt === undefined ? '' : ', expiresAt = :expires';
  await wroteIf(
    updateItem({
      Key: keys.coachSession(sub),
      UpdateExpression: `SET sessionsValidAfter = :at${expires}${forgetMfa ? ' REMOVE mfaSince' : ''}`,
      ConditionExpression: 'attribute_not_exists(sessionsValidAfter) OR sessionsValidAfter <= :at',
      ExpressionAttributeValues: {
        ':at': atSeconds,
        ...(options.expiresAt === undefined ? {} : { ':expires': options.expiresAt }),
      },
    }),
  );
}
