import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormError, parseForm } from './form';
import { type LocalStripe, startLocalStripe } from './server';

const SECRET = 'whsec_local_test_secret';
const APP = 'http://localhost:5173';
const SUCCESS_URL = `${APP}/payment-success?session_id={CHECKOUT_SESSION_ID}`;
const CANCEL_URL = `${APP}/payment`;

interface Received {
  body: string;
  signature: string;
  contentType: string;
}

/** A stand-in for the app's /api/payments/webhook: records each request and answers what the test says. */
async function startFakeApp() {
  const received: Received[] = [];
  let answer: () => number = () => 200;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature'] ?? ''),
        contentType: String(req.headers['content-type'] ?? ''),
      });
      res.writeHead(answer(), { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/payments/webhook`,
    received,
    answerWith(fn: () => number) {
      answer = fn;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

type FakeApp = Awaited<ReturnType<typeof startFakeApp>>;

let app: FakeApp;
let local: LocalStripe;
let stripe: Stripe;

beforeAll(async () => {
  app = await startFakeApp();
  local = await startLocalStripe({ webhookSecret: SECRET, webhookUrl: () => app.url });
  stripe = new Stripe(local.secretKey, local.clientOptions);
});

afterAll(async () => {
  await local.stop();
  await app.stop();
});

beforeEach(() => {
  app.received.length = 0;
  app.answerWith(() => 200);
});

const createSession = (extra: Partial<Stripe.Checkout.SessionCreateParams> = {}, key?: string) =>
  stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [{ price: 'price_local_preseed', quantity: 1 }],
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
      client_reference_id: 'user-123',
      customer_email: 'ada@example.com',
      metadata: { userId: 'user-123', source: 'payment page' },
      ...extra,
    },
    key ? { idempotencyKey: key } : undefined,
  );

/** Presses "Pay" the way the browser's form does; the redirect is read, not followed. */
const pay = (id: string, form = '') =>
  fetch(`${local.endpoint}/checkout/${id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });

describe('form decoding', () => {
  it('turns bracketed keys into nested objects and arrays', () => {
    expect(
      parseForm(
        'mode=payment&line_items[0][price]=p1&line_items[0][quantity]=2&line_items[1][price]=p2' +
          '&metadata[userId]=u%201&expand[]=line_items&expand[]=payment_intent',
      ),
    ).toEqual({
      mode: 'payment',
      line_items: [{ price: 'p1', quantity: '2' }, { price: 'p2' }],
      metadata: { userId: 'u 1' },
      expand: ['line_items', 'payment_intent'],
    });
  });

  it('keeps __proto__ as data and rejects a key used as both value and hash', () => {
    const parsed = parseForm('metadata[__proto__][polluted]=yes');
    expect(Object.hasOwn(parsed.metadata as object, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(() => parseForm('metadata=x&metadata[a]=b')).toThrow(FormError);
  });
});

describe('the /v1 API through the real stripe SDK', () => {
  it('creates a Checkout Session from nested form params, priced from the known price', async () => {
    const session = await createSession();
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 29900,
      currency: 'eur',
      client_reference_id: 'user-123',
      customer_email: 'ada@example.com',
      metadata: { userId: 'user-123', source: 'payment page' },
      success_url: SUCCESS_URL,
      cancel_url: CANCEL_URL,
      payment_intent: null,
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(session.url).toBe(`http://localhost:${local.clientOptions.port}/checkout/${session.id}`);
    expect(session.created).toBeCloseTo(Date.now() / 1000, -1);
    expect(session.lastResponse.requestId).toMatch(/^req_/);
  });

  it('multiplies the price by the quantity', async () => {
    const session = await createSession({ line_items: [{ price: 'price_local_preseed', quantity: 3 }] });
    expect(session.amount_total).toBe(89700);
  });

  it('retrieves a session (expand is accepted) and 404s an unknown one', async () => {
    const created = await createSession();
    const fetched = await stripe.checkout.sessions.retrieve(created.id, { expand: ['line_items'] });
    expect(fetched.id).toBe(created.id);
    expect(fetched.metadata).toEqual(created.metadata);
    const missing = stripe.checkout.sessions.retrieve('cs_test_nope');
    await expect(missing).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(missing).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('rejects a wrong key with AuthenticationError', async () => {
    const wrong = new Stripe('sk_test_not_the_local_key', local.clientOptions);
    const attempt = wrong.checkout.sessions.retrieve('cs_test_x');
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 401, type: 'StripeAuthenticationError' });
  });

  it('answers a request without a key with 401 in Stripe error shape', async () => {
    const res = await fetch(`${local.endpoint}/v1/checkout/sessions/cs_test_x`);
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/did not provide an API key/);
  });

  it('rejects an unknown price and missing params with InvalidRequestError naming the param', async () => {
    const unknown = createSession({ line_items: [{ price: 'price_nope', quantity: 1 }] });
    await expect(unknown).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(unknown).rejects.toMatchObject({
      statusCode: 400,
      param: 'line_items[0][price]',
      code: 'resource_missing',
      message: "No such price: 'price_nope'",
    });
    await expect(createSession({ success_url: '' })).rejects.toMatchObject({ param: 'success_url' });
    await expect(createSession({ cancel_url: 'javascript:alert(1)' })).rejects.toMatchObject({ param: 'cancel_url' });
    await expect(createSession({ line_items: [{ price: 'price_local_preseed' }] })).rejects.toMatchObject({
      param: 'line_items[0][quantity]',
    });
    await expect(createSession({ mode: 'subscription' })).rejects.toMatchObject({ param: 'mode' });
  });

  it('honours Idempotency-Key: same key and params give the same session, other params an idempotency error', async () => {
    const key = `checkout-${Date.now()}`;
    const first = await createSession({}, key);
    const again = await createSession({}, key);
    expect(again.id).toBe(first.id);
    const different = createSession({ client_reference_id: 'someone-else' }, key);
    await expect(different).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    const other = await createSession({}, `${key}-b`);
    expect(other.id).not.toBe(first.id);
  });

  it('404s unknown API routes in Stripe error shape', async () => {
    const res = await fetch(`${local.endpoint}/v1/customers`, {
      headers: { authorization: `Bearer ${local.secretKey}` },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });
});

describe('hosted checkout and the webhook', () => {
  it('shows an accessible checkout page with the test banner, product, amount and email', async () => {
    const session = await createSession();
    const res = await fetch(`${local.endpoint}/checkout/${session.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('Test payment — no card is charged');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1 id="title">Preseed — founder access</h1>');
    expect(html).toContain('€299.00');
    expect(html).toContain('ada@example.com');
    expect(html).toContain(`action="/checkout/${session.id}/pay"`);
    expect(html).toContain(`href="${CANCEL_URL}"`);
  });

  it('asks for an email (labelled) when the app passed none', async () => {
    const session = await createSession({ customer_email: undefined });
    const html = await (await fetch(`${local.endpoint}/checkout/${session.id}`)).text();
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toMatch(/<input id="email" name="email" type="email"[^>]*required>/);
  });

  it('answers an unknown checkout with a 404 page', async () => {
    const res = await fetch(`${local.endpoint}/checkout/cs_test_unknown`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Checkout not found');
  });

  it('pays: signed checkout.session.completed reaches the app, then 303 to success_url; paying again is harmless', async () => {
    const session = await createSession();
    const res = await pay(session.id);

    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${APP}/payment-success?session_id=${session.id}`);

    expect(app.received).toHaveLength(1);
    const [hook] = app.received;
    if (!hook) throw new Error('no webhook received');
    expect(hook.contentType).toContain('application/json');
    const event = stripe.webhooks.constructEvent(hook.body, hook.signature, SECRET);
    expect(event.type).toBe('checkout.session.completed');
    if (event.type !== 'checkout.session.completed') throw new Error('unexpected event type');
    expect(event.id).toMatch(/^evt_test_/);
    expect(event.livemode).toBe(false);
    expect(event.data.object).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'user-123',
      metadata: { userId: 'user-123', source: 'payment page' },
      amount_total: 29900,
      customer_details: { email: 'ada@example.com' },
    });
    expect(event.data.object.payment_intent).toMatch(/^pi_test_/);
    expect(() => stripe.webhooks.constructEvent(hook.body, hook.signature, 'whsec_other')).toThrow();
    expect(local.deliveries()).toContainEqual({ eventId: event.id, type: 'checkout.session.completed', status: 200 });

    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    expect(paid.payment_intent).toBe(event.data.object.payment_intent);

    const deliveriesBefore = local.deliveries().length;
    const second = await pay(session.id);
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe(`${APP}/payment-success?session_id=${session.id}`);
    expect(app.received).toHaveLength(1);
    expect(local.deliveries()).toHaveLength(deliveriesBefore);

    const page = await (await fetch(`${local.endpoint}/checkout/${session.id}`)).text();
    expect(page).toContain('Payment complete');
    expect(page).toContain(`href="${APP}/payment-success?session_id=${session.id}"`);
  });

  it('puts the email typed on the page into customer_details', async () => {
    const session = await createSession({ customer_email: undefined });
    await pay(session.id, 'email=grace%40example.com');
    const [hook] = app.received;
    if (!hook) throw new Error('no webhook received');
    const event = stripe.webhooks.constructEvent(hook.body, hook.signature, SECRET);
    expect(event.data.object).toMatchObject({ customer_email: null, customer_details: { email: 'grace@example.com' } });
  });

  describe('redelivery', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('re-sends the same event with a fresh, valid signature', async () => {
      const session = await createSession();
      await pay(session.id);
      const [first] = app.received;
      if (!first) throw new Error('no webhook received');
      const original = stripe.webhooks.constructEvent(first.body, first.signature, SECRET);

      // A later clock proves the signature is recomputed (its timestamp moves), not replayed.
      const later = Date.now() + 120_000;
      vi.spyOn(Date, 'now').mockReturnValue(later);
      const status = await local.redeliver(original.id);
      expect(status).toBe(200);
      const replay = app.received[1];
      if (!replay) throw new Error('no redelivery received');
      expect(replay.signature).not.toBe(first.signature);
      expect(replay.signature).toContain(`t=${Math.floor(later / 1000)},`);
      const again = stripe.webhooks.constructEvent(replay.body, replay.signature, SECRET);
      expect(again.id).toBe(original.id);
      expect(again.data.object).toEqual(original.data.object);
      expect(local.deliveries().filter((d) => d.eventId === original.id)).toHaveLength(2);
    });

    it('refuses to redeliver an unknown event', async () => {
      await expect(local.redeliver('evt_test_unknown')).rejects.toThrow(/No such event/);
    });
  });

  it('retries a webhook the app answered 500 and records each attempt', async () => {
    const statuses = [500, 500, 200];
    app.answerWith(() => statuses.shift() ?? 200);
    const session = await createSession();
    const res = await pay(session.id);
    expect(res.status).toBe(303);

    expect(app.received).toHaveLength(3);
    const eventIds = new Set(app.received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, SECRET).id));
    expect(eventIds.size).toBe(1);
    const [eventId] = eventIds;
    expect(local.deliveries().filter((d) => d.eventId === eventId)).toEqual([
      { eventId, type: 'checkout.session.completed', status: 500 },
      { eventId, type: 'checkout.session.completed', status: 500 },
      { eventId, type: 'checkout.session.completed', status: 200 },
    ]);
  });

  it('gives up after three retries but still redirects the payer', async () => {
    app.answerWith(() => 500);
    const session = await createSession();
    const res = await pay(session.id);
    expect(res.status).toBe(303);
    expect(app.received).toHaveLength(4);
    const eventId = stripe.webhooks.constructEvent(
      app.received[0]?.body ?? '',
      app.received[0]?.signature ?? '',
      SECRET,
    ).id;
    expect(local.deliveries().filter((d) => d.eventId === eventId)).toHaveLength(4);
  });
});

describe('unreachable app', () => {
  it('records a delivery that got no answer as status 0', async () => {
    const closed = await startFakeApp();
    await closed.stop();
    const lines: string[] = [];
    const offline = await startLocalStripe({
      webhookSecret: SECRET,
      webhookUrl: () => closed.url,
      prices: { price_cheap: { unit_amount: 500, currency: 'JPY', product_name: 'Tea <small>' } },
      log: (line) => lines.push(line),
    });
    try {
      const client = new Stripe(offline.secretKey, offline.clientOptions);
      const session = await client.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: 'price_cheap', quantity: 1 }],
        success_url: SUCCESS_URL,
        cancel_url: CANCEL_URL,
      });
      expect(session.currency).toBe('jpy');
      const html = await (await fetch(`${offline.endpoint}/checkout/${session.id}`)).text();
      expect(html).toContain('Tea &lt;small&gt;');
      expect(html).toContain('¥500');
      const res = await fetch(`${offline.endpoint}/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(offline.deliveries().map((d) => d.status)).toEqual([0, 0, 0, 0]);
      expect(lines.some((l) => l.includes('gave up'))).toBe(true);
    } finally {
      await offline.stop();
    }
  });
});
