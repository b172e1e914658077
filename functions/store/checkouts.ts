/**
 * The founder's current Stripe Checkout attempt (PK USER#<sub>, SK CHECKOUT): a second Pay Now
 * reuses its session while it can still be paid, so nobody holds two open sessions and pays twice.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { AccountClosedError, profileExists } from './account-guard';
import { ddb, tableName } from './client';
import { CONDITION_FAILED } from './conditions';
import { keys } from './keys';
import { transact } from './writes';

export interface CheckoutAttempt {
  /** 1, 2, …: part of the Stripe idempotency key, so parallel clicks on one attempt get one session. */
  attempt: number;
  sessionId: string;
  url: string;
}

export async function getCheckoutAttempt(sub: string): Promise<CheckoutAttempt | null> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: keys.checkout(sub), ConsistentRead: true }),
  );
  const item = out.Item;
  if (!item || typeof item.sessionId !== 'string' || typeof item.url !== 'string') return null;
  return { attempt: Number(item.attempt ?? 0), sessionId: item.sessionId, url: item.url };
}

/** Records the attempt unless a later one is already recorded (a parallel click saved the same one first). */
export async function saveCheckoutAttempt(sub: string, attempt: CheckoutAttempt, now: string): Promise<void> {
  await transact(
    [
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.checkout(sub), ...attempt, createdAt: now },
          ConditionExpression: 'attribute_not_exists(PK) OR attempt < :attempt',
          ExpressionAttributeValues: { ':attempt': attempt.attempt },
        },
      },
      profileExists(sub),
    ],
    (codes) => {
      if (codes[1] === CONDITION_FAILED) throw new AccountClosedError(`No profile for ${sub}`);
      return codes[0] === CONDITION_FAILED ? 'a later attempt is recorded' : undefined;
    },
  );
}
