/**
 * The one way a paid Checkout session becomes a founder's payment: the webhook, the success page's verification,
 * a second Pay Now that finds the session paid (functions/http/payments.ts) and the reconciliation after a restore
 * (ops/payments/reconcile.ts) all call applyPaidSession, so each applies the same checks and records a session once.
 */
import { type ExpectedPrice, priceMismatch } from '#shared/domain/payment';
import type { CheckoutSessionView } from '../integrations/stripe';
import { env } from '../lib/env';
import type { Logger } from '../lib/logger';
import { countEvent } from '../lib/metrics';
import { type PaymentOutcome, recordPayment } from '../store/accounts';

export const expectedPrice = (): ExpectedPrice => ({
  priceId: env('stripePriceId'),
  amount: Number(env('priceAmount')),
  currency: env('priceCurrency'),
});

export type Applied = 'applied' | 'not-paid' | 'no-reference' | 'not-our-price';

/** Records a session Stripe says is paid, once, when it is a payment of this product's price. */
export async function applyPaidSession(
  session: CheckoutSessionView,
  log: Logger,
  eventId?: string,
): Promise<{ applied: Applied; outcome?: PaymentOutcome }> {
  if (session.payment_status !== 'paid') return { applied: 'not-paid' };
  const userId = session.client_reference_id;
  if (!userId) {
    log.warn('paid session without client_reference_id ignored', { sessionId: session.id });
    return { applied: 'no-reference' };
  }
  const mismatch = priceMismatch(session, expectedPrice());
  if (mismatch) {
    log.warn('paid session is not the founder price; ignored', { sessionId: session.id, userId, mismatch });
    return { applied: 'not-our-price' };
  }
  const now = new Date().toISOString();
  const outcome = await recordPayment(
    {
      userId,
      sessionId: session.id,
      amount: session.amount_total ?? null,
      currency: session.currency ?? null,
      ...(eventId ? { eventId } : {}),
    },
    now,
  );
  log.info('payment applied', { userId, sessionId: session.id, outcome, eventId });
  // Counted once per session, by whichever of the success page, the webhook and a reconciliation recorded it.
  if (outcome === 'recorded') countEvent('payments');
  return { applied: 'applied', outcome };
}
