/**
 * Stripe through its official SDK (stripe-node): Checkout sessions and webhook verification. In the
 * cloud the keys come from Secrets Manager; offline they come from the environment, and
 * STRIPE_API_URL points the SDK at the local Stripe emulator (unset: api.stripe.com, i.e. real
 * Stripe test mode). The SDK retries network failures, 409/429 and 5xx with one idempotency key.
 */
import Stripe from 'stripe';
import { env, LOCAL_ONLY_ENV } from '../lib/env';
import { readSecret } from './secrets';
import { STRIPE_CALLS } from './timeouts';

/** The API version our requests and the fields below were written against (the one stripe-node 23.1 pins). */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/**
 * The webhook events the payments route acts on (functions/http/payments.ts); others are acknowledged and
 * ignored. The stage's Stripe webhook endpoint subscribes to exactly these (ops/stripe-setup).
 */
export const CHECKOUT_COMPLETED = 'checkout.session.completed';
export const HANDLED_WEBHOOK_EVENTS = [CHECKOUT_COMPLETED] as const;

/** Stripe's default: a signed webhook older than this is refused (replays of old deliveries). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The fields of a Checkout Session we read. */
export type CheckoutSessionView = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'url'
  | 'status'
  | 'payment_status'
  | 'client_reference_id'
  | 'amount_total'
  | 'currency'
  | 'mode'
  | 'expires_at'
> & {
  /** Present only when retrieved with `expand: ['line_items']`. */
  line_items?: { data?: { price?: { id?: string | null } | null; quantity?: number | null }[] } | null;
};

/** A webhook event as Stripe signs it; its shape is checked by the route after the signature. */
export interface StripeEvent {
  id: string;
  type: string;
  data: { object: unknown };
}

/** The SDK client and the key it was made with: a rotated key (read again after the secrets' cache TTL) gets a new one. */
let client: { key: string; sdk: Stripe } | undefined;

/** The SDK pointed at STRIPE_API_URL when it is set (the local emulator speaks plain http). */
function sdkOptions(): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = {
    apiVersion: STRIPE_API_VERSION as Stripe.StripeConfig['apiVersion'],
    // Both from timeouts.ts: every attempt and its wait fit in the payments function's time.
    maxNetworkRetries: STRIPE_CALLS.maxNetworkRetries,
    timeout: STRIPE_CALLS.timeoutMs,
    telemetry: false,
  };
  const base = process.env[LOCAL_ONLY_ENV.stripeApiUrl];
  if (!base) return options;
  const url = new URL(base);
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

async function stripe(): Promise<Stripe> {
  const key = process.env[LOCAL_ONLY_ENV.stripeSecretKey] || (await readSecret(env('stripeSecretName')));
  if (client?.key !== key) client = { key, sdk: new Stripe(key, sdkOptions()) };
  return client.sdk;
}

export async function webhookSecret(): Promise<string> {
  return process.env[LOCAL_ONLY_ENV.stripeWebhookSecret] || readSecret(env('stripeWebhookSecretName'));
}

/** For tests that swap the emulator or the keys between runs. */
export function resetStripeClient(): void {
  client = undefined;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

/**
 * `idempotencyKey` names the founder's checkout attempt: two Pay Now clicks at once send the same key
 * and Stripe answers both with one session, so nobody ends up with two open sessions to pay.
 */
export async function createCheckoutSession(input: {
  userId: string;
  email: string;
  siteUrl: string;
  idempotencyKey: string;
}): Promise<CheckoutSession> {
  const session = await (await stripe()).checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [{ price: env('stripePriceId'), quantity: 1 }],
      client_reference_id: input.userId,
      customer_email: input.email,
      metadata: { userId: input.userId },
      success_url: `${input.siteUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${input.siteUrl}/payment`,
    },
    { idempotencyKey: input.idempotencyKey },
  );
  if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
  return { id: session.id, url: session.url };
}

/** The session with its line items, or null when Stripe has no session with that id. */
export async function retrieveCheckoutSession(id: string): Promise<CheckoutSessionView | null> {
  try {
    return await (await stripe()).checkout.sessions.retrieve(id, { expand: ['line_items'] });
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
    throw err;
  }
}

/** Stripe's receipt page for the session's charge (payment intent → latest charge), or null when there is none. */
export async function receiptUrlOf(sessionId: string): Promise<string | null> {
  const session = await (await stripe()).checkout.sessions.retrieve(sessionId, {
    expand: ['payment_intent.latest_charge'],
  });
  const intent = session.payment_intent;
  if (!intent || typeof intent === 'string') return null;
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') return null;
  return charge.receipt_url ?? null;
}

/** A correctly signed body that is not JSON: refused like a bad signature, never a 500. */
class WebhookBodyError extends Error {
  override name = 'WebhookBodyError';
}

/** Verifies the signature and age of a webhook and parses it; throws when either is wrong. */
export async function verifyWebhook(rawBody: string, signature: string): Promise<StripeEvent> {
  const secret = await webhookSecret();
  try {
    // The static helper needs no API key, so a webhook never reads the secret key.
    return Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS) as StripeEvent;
  } catch (err) {
    if (err instanceof SyntaxError) throw new WebhookBodyError('The signed body is not JSON.');
    throw err;
  }
}

export function isSignatureError(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeSignatureVerificationError || err instanceof WebhookBodyError;
}
