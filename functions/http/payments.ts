/**
 * Payments area: a Stripe Checkout session for the one-time price, the success
 * page's verification, and Stripe's webhook. `paid` is only ever set here, from a
 * session Stripe says is paid, once per session.
 */

import * as z from 'zod';
import type { CheckoutResponse, VerifyPaymentResponse } from '#shared/api-types';
import { paymentsContract } from '#shared/contract/payments';
import { type ExpectedPrice, priceMismatch } from '#shared/domain/payment';
import {
  CHECKOUT_COMPLETED,
  type CheckoutSessionView,
  createCheckoutSession,
  isSignatureError,
  receiptUrlOf,
  retrieveCheckoutSession,
  type StripeEvent,
  verifyWebhook,
} from '../integrations/stripe';
import { env } from '../lib/env';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import type { Logger } from '../lib/logger';
import { countEvent } from '../lib/metrics';
import { getPayment, recordPayment } from '../store/accounts';
import { getCheckoutAttempt, saveCheckoutAttempt } from '../store/checkouts';
import { getProfile } from '../store/profiles';

/**
 * The parts of a Stripe event this route reads. The signature proves Stripe sent it, not that it
 * has this shape; ids become DynamoDB keys, so they are bounded (Stripe's own are far shorter).
 */
const stripeId = z.string().min(1).max(255);
const webhookEvent = z.object({
  id: stripeId,
  type: z.string(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
const completedSession = z.object({
  id: stripeId,
  client_reference_id: stripeId.nullish(),
  payment_status: z.string().nullish(),
  amount_total: z.number().nullish(),
  currency: z.string().nullish(),
});

const expectedPrice = (): ExpectedPrice => ({
  priceId: env('stripePriceId'),
  amount: Number(env('priceAmount')),
  currency: env('priceCurrency'),
});

const NOT_OUR_PRICE =
  'This payment is not for Preseed founder access, so it cannot unlock the platform. Please pay from the payment page.';

/** Sessions expiring sooner than this are not offered again: the founder needs time to pay. */
const REUSE_MARGIN_SECONDS = 10 * 60;

type Applied = 'applied' | 'not-paid' | 'no-reference' | 'not-our-price';

/** Records a session Stripe says is paid, once, when it is a payment of this product's price. */
async function applyPaidSession(session: CheckoutSessionView, log: Logger, eventId?: string): Promise<Applied> {
  if (session.payment_status !== 'paid') return 'not-paid';
  const userId = session.client_reference_id;
  if (!userId) {
    log.warn('paid session without client_reference_id ignored', { sessionId: session.id });
    return 'no-reference';
  }
  const mismatch = priceMismatch(session, expectedPrice());
  if (mismatch) {
    log.warn('paid session is not the founder price; ignored', { sessionId: session.id, userId, mismatch });
    return 'not-our-price';
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
  // Counted once per session, by whichever of the success page and the webhook recorded it.
  if (outcome === 'recorded') countEvent('payments');
  return 'applied';
}

export const paymentsRoutes: AreaRoutes<'payments'> = {
  'payments.checkout': defineRoute('payments.checkout', {
    handle: async ({ principal, log }) => {
      if (principal.isAdmin) throw new ForbiddenError('Administrators do not need to pay.');
      const profile = await getProfile(principal.sub);
      if (!profile) throw new NotFoundError('This account has no founder profile.');
      if (profile.paid) throw new ConflictError('Your payment is already complete.');

      const current = await getCheckoutAttempt(principal.sub);
      if (current) {
        const session = await retrieveCheckoutSession(current.sessionId);
        const now = Math.floor(Date.now() / 1000);
        const payable =
          session?.status === 'open' &&
          (session.expires_at ?? 0) > now + REUSE_MARGIN_SECONDS &&
          priceMismatch(session, expectedPrice()) === null;
        if (payable) return { body: { sessionId: current.sessionId, url: current.url } satisfies CheckoutResponse };
        // Paid, but the webhook has not landed yet: record it now rather than sell a second time.
        if (session && (await applyPaidSession(session, log)) === 'applied') {
          throw new ConflictError('Your payment is already complete.');
        }
      }
      const attempt = (current?.attempt ?? 0) + 1;
      const session = await createCheckoutSession({
        userId: principal.sub,
        email: profile.email,
        siteUrl: env('siteUrl'),
        idempotencyKey: `preseed-checkout-${principal.sub}-${attempt}`,
      });
      await saveCheckoutAttempt(
        principal.sub,
        { attempt, sessionId: session.id, url: session.url },
        new Date().toISOString(),
      );
      const response: CheckoutResponse = { sessionId: session.id, url: session.url };
      return { body: response };
    },
  }),

  'payments.verify': defineRoute('payments.verify', {
    handle: async ({ body, principal, log }) => {
      const session = await retrieveCheckoutSession(body.sessionId);
      if (!session) throw new NotFoundError('No such payment session.');
      if (session.client_reference_id !== principal.sub) {
        throw new ForbiddenError('This payment session belongs to another account.');
      }
      const applied = await applyPaidSession(session, log);
      if (applied === 'not-our-price') throw new ConflictError(NOT_OUR_PRICE);
      const response: VerifyPaymentResponse = { paid: applied === 'applied' };
      return { body: response };
    },
  }),

  'payments.receipt': defineRoute('payments.receipt', {
    handle: async ({ principal, log }) => {
      const payment = await getPayment(principal.sub);
      if (!payment) return { body: { payment: null } };
      let receiptUrl: string | null = null;
      try {
        receiptUrl = await receiptUrlOf(payment.sessionId);
      } catch (err) {
        // The page still shows the amount and date; the link comes back when Stripe answers again.
        log.warn('receipt link unavailable', { err, sessionId: payment.sessionId });
      }
      const { sessionId: _sessionId, ...shown } = payment;
      return { body: { payment: { ...shown, receiptUrl } } };
    },
  }),

  'payments.webhook': defineRoute('payments.webhook', {
    handle: async ({ body, event, log }) => {
      const signature = event.headers?.['stripe-signature'];
      if (!signature) throw new BadRequestError('Missing Stripe-Signature header.');
      let stripeEvent: StripeEvent;
      try {
        stripeEvent = await verifyWebhook(String(body), signature);
      } catch (err) {
        if (isSignatureError(err)) throw new BadRequestError('Invalid webhook signature.');
        throw err;
      }
      const envelope = webhookEvent.safeParse(stripeEvent);
      if (!envelope.success) throw new BadRequestError('The webhook event is not a Stripe event.');
      if (envelope.data.type !== CHECKOUT_COMPLETED) {
        return { body: { received: true, ignored: envelope.data.type } };
      }
      const completed = completedSession.safeParse(envelope.data.data.object);
      if (!completed.success) throw new BadRequestError('The webhook event does not hold a Checkout session.');
      if (completed.data.payment_status !== 'paid') return { body: { received: true } };
      // The event proves Stripe sent it; the price and amount are read from Stripe's own copy of the
      // session (with its line items, which events leave out).
      const session = await retrieveCheckoutSession(completed.data.id);
      if (!session) {
        log.warn('webhook names a session Stripe does not know; ignored', { sessionId: completed.data.id });
        return { body: { received: true, ignored: 'unknown session' } };
      }
      const applied = await applyPaidSession(session, log, envelope.data.id);
      return { body: { received: true, ...(applied === 'applied' ? {} : { ignored: applied }) } };
    },
  }),
};

export const handler = createAreaHandler('payments', paymentsRoutes, paymentsContract);
