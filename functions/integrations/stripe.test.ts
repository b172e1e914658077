import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENV_NAMES, LOCAL_ONLY_ENV } from '../lib/env';
import {
  createCheckoutSession,
  isSignatureError,
  receiptUrlOf,
  resetStripeClient,
  retrieveCheckoutSession,
  STRIPE_API_VERSION,
  verifyWebhook,
  WEBHOOK_TOLERANCE_SECONDS,
} from './stripe';

const SECRET = 'whsec_test_secret';
const BODY = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_1' } } });
const now = () => Math.floor(Date.now() / 1000);
/** Stripe's own signer: what Stripe sends. */
const signed = (payload: string, timestamp = now(), secret = SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

async function refusal(body: string, header: string): Promise<unknown> {
  return verifyWebhook(body, header).then(
    () => null,
    (err: unknown) => err,
  );
}

describe('verifyWebhook', () => {
  const previous = process.env[LOCAL_ONLY_ENV.stripeWebhookSecret];
  beforeAll(() => {
    process.env[LOCAL_ONLY_ENV.stripeWebhookSecret] = SECRET;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env[LOCAL_ONLY_ENV.stripeWebhookSecret];
    else process.env[LOCAL_ONLY_ENV.stripeWebhookSecret] = previous;
  });

  it("accepts Stripe's own signature, also among several v1 signatures (secret rotation)", async () => {
    expect((await verifyWebhook(BODY, signed(BODY))).id).toBe('evt_1');
    const rotated = `${signed(BODY, now(), 'whsec_old')},v1=${signed(BODY).split('v1=')[1]}`;
    expect((await verifyWebhook(BODY, rotated)).id).toBe('evt_1');
  });

  it('refuses another secret, a changed body, a missing part, a stale timestamp and a signed non-JSON body', async () => {
    const cases: [string, string][] = [
      [BODY, signed(BODY, now(), 'whsec_other')],
      [`${BODY} `, signed(BODY)],
      [BODY, `t=${now()}`],
      [BODY, 'v1=abc'],
      [BODY, signed(BODY, now() - WEBHOOK_TOLERANCE_SECONDS - 60)],
      ['not json', signed('not json')],
    ];
    for (const [body, header] of cases) {
      const err = await refusal(body, header);
      expect(isSignatureError(err), header).toBe(true);
    }
  });

  it('names a signed body that is not JSON as such, and leaves signature failures as Stripe names them', async () => {
    expect(await refusal('not json', signed('not json'))).toMatchObject({
      name: 'WebhookBodyError',
      message: 'The signed body is not JSON.',
    });
    expect(await refusal(BODY, signed(BODY, now(), 'whsec_other'))).toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});

describe('isSignatureError', () => {
  it('is false for any other failure, so it is not answered as a bad signature', () => {
    expect(isSignatureError(new Error('boom'))).toBe(false);
    expect(isSignatureError(new SyntaxError('Unexpected token'))).toBe(false);
    expect(isSignatureError(undefined)).toBe(false);
  });
});

/** Stripe's API as a local server: records each request and answers what the test queued (else a bare session). */
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}
const seen: Seen[] = [];
const answers: { status: number; body: unknown }[] = [];
let server: Server;
let apiUrl: string;

describe('the Stripe API calls', () => {
  const saved = { ...process.env };
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          form: new URLSearchParams(body),
        });
        const answer = answers.shift() ?? { status: 200, body: { id: 'cs_1', object: 'checkout.session' } };
        // Stripe names each request; its SDK reports the last one's timing only for a named request.
        res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${seen.length}` });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env[LOCAL_ONLY_ENV.stripeApiUrl] = apiUrl;
    process.env[LOCAL_ONLY_ENV.stripeSecretKey] = 'sk_test_local';
    process.env[ENV_NAMES.stripePriceId] = 'price_preseed';
    resetStripeClient();
  });
  afterAll(async () => {
    process.env = saved;
    resetStripeClient();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  afterEach(() => {
    seen.length = 0;
    answers.length = 0;
    // Each test builds its own SDK client: the options it is built with are part of what each test checks.
    resetStripeClient();
  });

  const answer = (status: number, body: unknown) => answers.push({ status, body });
  const notFound = { error: { type: 'invalid_request_error', message: 'No such checkout.session: cs_x' } };

  it('creates one payment session for this product’s price, tied to the founder, under the attempt’s idempotency key', async () => {
    answer(200, { id: 'cs_new', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_new' });
    const session = await createCheckoutSession({
      userId: 'sub-1',
      email: 'founder@example.com',
      siteUrl: 'https://app.example.com',
      idempotencyKey: 'checkout-sub-1-1',
    });
    expect(session).toEqual({ id: 'cs_new', url: 'https://checkout.stripe.com/c/pay/cs_new' });
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/checkout/sessions');
    expect(request?.headers['idempotency-key']).toBe('checkout-sub-1-1');
    expect(request?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(request?.headers.authorization).toBe('Bearer sk_test_local');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      mode: 'payment',
      'line_items[0][price]': 'price_preseed',
      'line_items[0][quantity]': '1',
      client_reference_id: 'sub-1',
      customer_email: 'founder@example.com',
      'metadata[userId]': 'sub-1',
      success_url: 'https://app.example.com/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.example.com/payment',
    });
  });

  it('refuses a created session without a URL: there would be nothing to send the founder to', async () => {
    answer(200, { id: 'cs_new', object: 'checkout.session', url: null });
    await expect(
      createCheckoutSession({ userId: 'sub-1', email: 'a@example.com', siteUrl: 'https://x', idempotencyKey: 'k' }),
    ).rejects.toThrow('Stripe returned a checkout session without a URL');
  });

  it('reads a session with its line items expanded, and keeps one client (no telemetry) across calls', async () => {
    answer(200, { id: 'cs_1', object: 'checkout.session', mode: 'payment', currency: 'eur', amount_total: 4900 });
    expect(await retrieveCheckoutSession('cs_1')).toMatchObject({ id: 'cs_1', mode: 'payment', amount_total: 4900 });
    await retrieveCheckoutSession('cs_1');
    expect(seen.map((r) => `${r.method} ${decodeURIComponent(r.url)}`)).toEqual([
      'GET /v1/checkout/sessions/cs_1?expand[0]=line_items',
      'GET /v1/checkout/sessions/cs_1?expand[0]=line_items',
    ]);
    // With telemetry on, the second request would carry the first one's timing to Stripe.
    expect(seen[1]?.headers['x-stripe-client-telemetry']).toBeUndefined();
  });

  it('is null only for a session Stripe says does not exist; other refusals are errors', async () => {
    answer(404, notFound);
    expect(await retrieveCheckoutSession('cs_x')).toBeNull();
    answer(400, { error: { type: 'invalid_request_error', message: 'Invalid id' } });
    await expect(retrieveCheckoutSession('cs_x')).rejects.toThrow('Invalid id');
    answer(403, { error: { type: 'invalid_request_error', message: 'Restricted key' } });
    await expect(retrieveCheckoutSession('cs_x')).rejects.toBeInstanceOf(Stripe.errors.StripePermissionError);
  });

  it('finds the receipt through the payment intent’s latest charge, and is null wherever the chain stops', async () => {
    const session = (payment_intent: unknown) => ({ id: 'cs_1', object: 'checkout.session', payment_intent });
    answer(200, session({ id: 'pi_1', latest_charge: { id: 'ch_1', receipt_url: 'https://pay.stripe.com/r/1' } }));
    expect(await receiptUrlOf('cs_1')).toBe('https://pay.stripe.com/r/1');
    expect(decodeURIComponent(seen[0]?.url ?? '')).toBe(
      '/v1/checkout/sessions/cs_1?expand[0]=payment_intent.latest_charge',
    );
    for (const intent of [null, 'pi_1', { id: 'pi_1', latest_charge: null }, { id: 'pi_1', latest_charge: 'ch_1' }]) {
      answer(200, session(intent));
      expect(await receiptUrlOf('cs_1'), JSON.stringify(intent)).toBeNull();
    }
    answer(200, session({ id: 'pi_1', latest_charge: { id: 'ch_1' } }));
    expect(await receiptUrlOf('cs_1')).toBeNull();
  });

  it('retries a failed call once, as timeouts.ts budgets it, then gives up', async () => {
    for (let i = 0; i < 3; i++) answer(500, { error: { type: 'api_error', message: 'Stripe is down' } });
    await expect(retrieveCheckoutSession('cs_1')).rejects.toThrow('Stripe is down');
    expect(seen).toHaveLength(2);
  });

  it('speaks TLS to an https address (the emulator’s http is for http addresses only)', async () => {
    process.env[LOCAL_ONLY_ENV.stripeApiUrl] = apiUrl.replace('http:', 'https:');
    resetStripeClient();
    try {
      await expect(retrieveCheckoutSession('cs_1')).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
      expect(seen.filter((r) => r.url.startsWith('/v1/'))).toEqual([]);
    } finally {
      process.env[LOCAL_ONLY_ENV.stripeApiUrl] = apiUrl;
      resetStripeClient();
    }
  });
});
