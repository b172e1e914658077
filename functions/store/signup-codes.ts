/** Pending sign-up codes (PK SIGNUP#<email>, SK OTP), removed by TTL after they expire. */
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { OTP } from '../lib/otp';
import { ddb, tableName } from './client';
import { keys } from './keys';
import { putItem, updatedIf, wroteIf } from './writes';

export interface SignupCode {
  email: string;
  hash: string;
  salt: string;
  /** Epoch seconds when the code stops working. */
  codeExpiresAt: number;
  /** Epoch seconds from which a new code may be sent. */
  resendAfter: number;
  attempts: number;
  /** The Cognito username this sign-up will create; kept across resends so a retried verify finds its user. */
  username: string;
}

export async function getSignupCode(email: string): Promise<SignupCode | null> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.signupCode(email), ConsistentRead: true }),
  );
  return (out.Item as SignupCode | undefined) ?? null;
}

/**
 * Stores a new code unless the previous one is younger than the resend delay.
 * Returns false when a resend came too early.
 */
export async function putSignupCode(code: SignupCode, now: number): Promise<boolean> {
  return wroteIf(
    putItem({
      Item: {
        ...keys.signupCode(code.email),
        ...code,
        // The item outlives the code by a day so the attempt count survives a quick re-request.
        expiresAt: code.codeExpiresAt + 86_400,
      },
      ConditionExpression: 'attribute_not_exists(PK) OR resendAfter <= :now',
      ExpressionAttributeValues: { ':now': now },
    }),
  );
}

export type AttemptClaim = { outcome: 'counted'; code: SignupCode } | { outcome: 'exhausted' } | { outcome: 'missing' };

/**
 * Counts a try BEFORE the code is compared: one conditional update, so a parallel burst of guesses
 * gets at most `maxAttempts` comparisons however many arrive at once. Returns the code as counted.
 */
export async function claimAttempt(email: string): Promise<AttemptClaim> {
  const counted = await updatedIf({
    Key: keys.signupCode(email),
    UpdateExpression: 'ADD attempts :one',
    ConditionExpression: 'attribute_exists(PK) AND attempts < :max',
    ExpressionAttributeValues: { ':one': 1, ':max': OTP.maxAttempts },
  });
  if (counted) return { outcome: 'counted', code: counted as SignupCode };
  return { outcome: (await getSignupCode(email)) ? 'exhausted' : 'missing' };
}

/**
 * The Cognito username a verified sign-up created for an email (PK SIGNUP#<email>, SK USER), kept
 * until the account is complete. Sign-up only ever reuses a user it can find here or in the pending
 * code: any other user with the email — a coach, a finished founder — is never touched.
 */
export async function getSignupUser(email: string): Promise<string | null> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.signupUser(email), ConsistentRead: true }),
  );
  return typeof out.Item?.username === 'string' ? out.Item.username : null;
}

export async function putSignupUser(email: string, username: string, now: string): Promise<void> {
  await putItem({ Item: { ...keys.signupUser(email), username, createdAt: now } });
}

export async function deleteSignupCode(email: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: keys.signupCode(email) }));
}
