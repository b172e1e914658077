/** Stripe webhook deliveries built the way Stripe sends them, against the private stack. */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import type { CheckoutResponse } from '#shared/api-types';
import { ddb, tableName } from '../../functions/store/client';
import { keys } from '../../functions/store/keys';
import type { TestUser } from '../helpers';
import type { PrivateStack } from './private-stack';

export interface WebhookDelivery {
  eventId: string;
  sessionId: string;
  payload: string;
  /** Fresh headers per send: Stripe signs every delivery attempt anew. */
  headers(): Record<string, string>;
}

/**
 * A signed `checkout.session.completed` for a real session of the local Stripe emulator, marked paid
 * here rather than on the checkout page: the page delivers its own webhook, and these tests need the
 * replayed event to be the first one the API sees.
 */
export async function paidSessionWebhook(ps: PrivateStack, founder: TestUser): Promise<WebhookDelivery> {
  const checkout = await ps.api<CheckoutResponse>('POST', '/api/payments/checkout', { token: founder.token });
  if (checkout.status !== 200) throw new Error(`checkout answered ${checkout.status}`);
  const stripe = ps.stack.stripe;
  if (!stripe) throw new Error('the private stack runs without the Stripe emulator');
  // Paid on Stripe's side with the delivery withheld: the test sends the signed event itself. (The API
  // reads the session back from Stripe, so an event claiming an unpaid session was paid changes nothing.)
  const paid = await fetch(`${checkout.body.url}/pay?deliver=0`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`paying the session answered ${paid.status}`);
  const session = (await fetch(`${stripe.endpoint}/v1/checkout/sessions/${checkout.body.sessionId}`, {
    headers: { authorization: `Bearer ${stripe.secretKey}` },
  }).then((r) => r.json())) as Record<string, unknown>;
  const eventId = `evt_fault_${founder.sub.slice(0, 8)}`;
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: session },
  });
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is not set by the private stack');
  return {
    eventId,
    sessionId: checkout.body.sessionId,
    payload,
    headers: () => ({
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    }),
  };
}

/** What one paid session left in the table: payment records, the event's receipt, and the profile. */
export async function paymentState(userId: string, eventId: string) {
  const [payments, receipt, profile] = await Promise.all([
    ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': 'PAYMENT#' },
        ConsistentRead: true,
      }),
    ),
    ddb().send(new GetCommand({ TableName: tableName(), Key: keys.stripeReceipt(eventId), ConsistentRead: true })),
    ddb().send(new GetCommand({ TableName: tableName(), Key: keys.profile(userId), ConsistentRead: true })),
  ]);
  return {
    payments: payments.Count ?? 0,
    receipt: receipt.Item ?? null,
    paid: profile.Item?.paid === true,
    paidAt: (profile.Item?.paidAt as string | undefined) ?? null,
  };
}
