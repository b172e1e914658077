/**
 * Stripe: Checkout sessions and webhook verification, spoken directly over Stripe's REST API.
 * The official SDK was 240 KB of a 354 KB payments bundle (npm run bench) for the three calls
 * we make; this is the same protocol: form-encoded requests with the secret key, retries of
 * network failures and 5xx with an idempotency key, and Stripe's webhook signature scheme
 * (HMAC-SHA256 of `<timestamp>.<body>`, 5-minute tolerance). In the cloud the keys come from
 * Secrets Manager; offline they come from the environment, and STRIPE_API_URL points at the
 * local Stripe emulator (unset: api.stripe.com, i.e. real Stripe test mode).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { env, LOCAL_ONLY_ENV } from '../lib/env';
import { readSecret } from './secrets';

const STRIPE_API = 'https://api.stripe.com';
/** The API version our requests and the fields below were written against (the one stripe-node 23.1 pins). */
export const STRIPE_API_VERSION = '2026-10-28.endive';
const MAX_NETWORK_RETRIES = 2;
const REQUEST_TIMEOUT_MS = 10_000;
/** Stripe's default: a signed webhook older than this is refused (replays of old deliveries). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The fields of a Checkout Session we read. */
export interface CheckoutSessionView {
  id: string;
  url?: string | null;
  status?: string | null;
  payment_status?: string | null;
  client_reference_id?: string | null;
  customer_email?: string | null;
  amount_total?: number | null;
  currency?: string | null;
  mode?: string | null;
  /** Epoch seconds after which an open session can no longer be paid. */
  expires_at?: number | null;
  metadata?: Record<string, string> | null;
  /** Present only when retrieved with `expand[]=line_items`. */
  line_items?: { data?: { price?: { id?: string | null } | null; quantity?: number | null }[] } | null;
}

/** A webhook event as Stripe signs it; its shape is checked by the route after the signature. */
export interface StripeEvent {
  id: string;
  type: string;
  data: { object: unknown };
}

/** Stripe answered with an error (4xx, or 5xx after the retries). */
export class StripeApiError extends Error {
  override name = 'StripeApiError';
  constructor(
    readonly statusCode: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

export class StripeSignatureError extends Error {
  override name = 'StripeSignatureError';
}

let cachedKey: Promise<string> | undefined;

function secretKey(): Promise<string> {
  cachedKey ??= (async () =>
    process.env[LOCAL_ONLY_ENV.stripeSecretKey] || readSecret(env('stripeSecretName')))().catch((err: unknown) => {
    cachedKey = undefined;
    throw err;
  });
  return cachedKey;
}

export async function webhookSecret(): Promise<string> {
  return process.env[LOCAL_ONLY_ENV.stripeWebhookSecret] || readSecret(env('stripeWebhookSecretName'));
}

/** For tests that swap the emulator or the keys between runs. */
export function resetStripeClient(): void {
  cachedKey = undefined;
}

type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

/** Stripe's form encoding: nested objects and arrays as `a[b][0][c]=v`. */
export function formEncode(params: Record<string, FormValue>): string {
  const pairs: string[] = [];
  const add = (key: string, value: FormValue) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) add(`${key}[${i}]`, v);
    } else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  params?: Record<string, FormValue>,
  idempotencyKey: string = randomUUID(),
): Promise<T> {
  const base = process.env[LOCAL_ONLY_ENV.stripeApiUrl] || STRIPE_API;
  const headers: Record<string, string> = {
    authorization: `Bearer ${await secretKey()}`,
    'stripe-version': STRIPE_API_VERSION,
  };
  let body: string | undefined;
  if (method === 'POST') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    // The same key on every attempt: a retried create never makes a second session.
    headers['idempotency-key'] = idempotencyKey;
    body = formEncode(params ?? {});
  }
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(new URL(path, base), {
        method,
        headers,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        ...(body !== undefined ? { body } : {}),
      });
    } catch (err) {
      if (attempt < MAX_NETWORK_RETRIES) {
        await sleep(250 * 2 ** attempt);
        continue;
      }
      throw err;
    }
    const text = await response.text();
    if (response.ok) return JSON.parse(text) as T;
    const retryable = response.status >= 500 || response.status === 429 || response.status === 409;
    if (retryable && attempt < MAX_NETWORK_RETRIES) {
      await sleep(250 * 2 ** attempt);
      continue;
    }
    let code: string | undefined;
    let message = `Stripe answered ${response.status}`;
    try {
      const error = (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
      code = error?.code;
      if (error?.message) message = error.message;
    } catch {
      // not JSON: keep the status line
    }
    throw new StripeApiError(response.status, code, message);
  }
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
  const session = await request<CheckoutSessionView>(
    'POST',
    '/v1/checkout/sessions',
    {
      mode: 'payment',
      line_items: [{ price: env('stripePriceId'), quantity: 1 }],
      client_reference_id: input.userId,
      customer_email: input.email,
      metadata: { userId: input.userId },
      success_url: `${input.siteUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${input.siteUrl}/payment`,
    },
    input.idempotencyKey,
  );
  if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
  return { id: session.id, url: session.url };
}

/** The session with its line items, or null when Stripe has no session with that id. */
export async function retrieveCheckoutSession(id: string): Promise<CheckoutSessionView | null> {
  try {
    return await request<CheckoutSessionView>(
      'GET',
      `/v1/checkout/sessions/${encodeURIComponent(id)}?expand%5B%5D=line_items`,
    );
  } catch (err) {
    if (err instanceof StripeApiError && err.statusCode === 404) return null;
    throw err;
  }
}

/** Checks a `Stripe-Signature` header (`t=<seconds>,v1=<hex>[,v1=…]`) against the raw body. */
export function checkWebhookSignature(
  rawBody: string,
  header: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): void {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim());
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new StripeSignatureError('The Stripe-Signature header has no timestamp or v1 signature.');
  }
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest();
  const matches = signatures.some((hex) => {
    const given = /^[0-9a-f]+$/i.test(hex) ? Buffer.from(hex, 'hex') : Buffer.alloc(0);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new StripeSignatureError('No signature matches the body.');
  if (Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new StripeSignatureError('The webhook timestamp is outside the tolerance.');
  }
}

/** Verifies the signature and age of a webhook and parses it; throws StripeSignatureError when either is wrong. */
export async function verifyWebhook(rawBody: string, signature: string): Promise<StripeEvent> {
  checkWebhookSignature(rawBody, signature, await webhookSecret());
  try {
    return JSON.parse(rawBody) as StripeEvent;
  } catch {
    throw new StripeSignatureError('The signed body is not JSON.');
  }
}

export function isSignatureError(err: unknown): boolean {
  return err instanceof StripeSignatureError;
}
