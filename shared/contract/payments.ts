/** A Stripe Checkout session for the one-time price, the success page's verification, and Stripe's webhook. */
import * as z from 'zod';
import type { AreaContract } from './schema';

const sessionId = z
  .string({ error: () => 'sessionId is required.' })
  .regex(/^cs_\w{1,250}$/, { error: 'sessionId must be a Stripe Checkout session id (cs_…).' });

/** The hosted checkout page to send the browser to. */
export const checkoutResponse = z.object({ sessionId: z.string(), url: z.string() });
export const verifyPaymentBody = z.strictObject({ sessionId });
export const verifyPaymentResponse = z.object({ paid: z.boolean() });

/** The founder's payment as the account page shows it; null before paying. */
export const receiptResponse = z.object({
  payment: z
    .object({
      /** Minor units (cents), as Stripe reports them. */
      amount: z.number().nullable(),
      currency: z.string().nullable(),
      paidAt: z.string(),
      /** Stripe's receipt page for the charge; null when Stripe has none (yet). */
      receiptUrl: z.string().nullable(),
    })
    .nullable(),
});

export const paymentsContract = {
  'payments.checkout': { response: checkoutResponse },
  'payments.verify': { body: verifyPaymentBody, response: verifyPaymentResponse },
  'payments.receipt': { response: receiptResponse },
  // Stripe's event is checked after its signature (functions/http/payments.ts), never before.
  'payments.webhook': {
    rawBody: true,
    response: z.object({ received: z.literal(true), ignored: z.string().optional() }),
  },
} as const satisfies AreaContract<'payments'>;
