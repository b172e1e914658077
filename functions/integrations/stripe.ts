/**
 * Stripe: Checkout sessions and webhook verification. In the cloud the keys come
 * from Secrets Manager; offline they come from the environment, and STRIPE_API_URL
 * points the SDK at the local Stripe emulator (unset: real Stripe test mode).
 */
import Stripe from 'stripe';
import { env, LOCAL_ONLY_ENV } from '../lib/env';
import { readSecret } from './secrets';

let stripeClient: Promise<Stripe> | undefined;

async function secretKey(): Promise<string> {
  return process.env[LOCAL_ONLY_ENV.stripeSecretKey] || readSecret(env('stripeSecretName'));
}

export async function webhookSecret(): Promise<string> {
  return process.env[LOCAL_ONLY_ENV.stripeWebhookSecret] || readSecret(env('stripeWebhookSecretName'));
}

export function stripe(): Promise<Stripe> {
  stripeClient ??= secretKey().then((key) => {
    const apiUrl = process.env[LOCAL_ONLY_ENV.stripeApiUrl];
    const local = apiUrl ? new URL(apiUrl) : null;
    return new Stripe(key, {
      maxNetworkRetries: 2,
      telemetry: false,
      ...(local
        ? { host: local.hostname, port: Number(local.port), protocol: local.protocol.replace(':', '') as 'http' }
        : {}),
    });
  });
  return stripeClient;
}

/** For tests that swap the emulator between runs. */
export function resetStripeClient(): void {
  stripeClient = undefined;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

export async function createCheckoutSession(input: {
  userId: string;
  email: string;
  siteUrl: string;
}): Promise<CheckoutSession> {
  const session = await (await stripe()).checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price: env('stripePriceId'), quantity: 1 }],
    client_reference_id: input.userId,
    customer_email: input.email,
    metadata: { userId: input.userId },
    success_url: `${input.siteUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${input.siteUrl}/payment`,
  });
  if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
  return { id: session.id, url: session.url };
}

export async function retrieveCheckoutSession(id: string): Promise<Stripe.Checkout.Session | null> {
  try {
    return await (await stripe()).checkout.sessions.retrieve(id);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
    throw err;
  }
}

/** Verifies the signature and age of a webhook; throws Stripe's signature error when either is wrong. */
export async function verifyWebhook(rawBody: string, signature: string): Promise<Stripe.Event> {
  return (await stripe()).webhooks.constructEvent(rawBody, signature, await webhookSecret());
}

export function isSignatureError(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeSignatureVerificationError;
}
