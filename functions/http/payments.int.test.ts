import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import type { CheckoutResponse } from '#shared/api-types';
import type { ResponseBody } from '#shared/contract';
import { adminToken, api, createUser, eventsSettled, type TestUser } from '../../test/helpers';
import { ddb, tableName } from '../store/client';
import { getProfile } from '../store/profiles';

/** Pays on the local checkout page as a person would: the form's POST, which delivers the signed webhook. */
async function payOnCheckoutPage(url: string): Promise<string> {
  const page = await fetch(url);
  expect(await page.text()).toMatch(/no card is charged/i);
  const res = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location') ?? '';
}

async function paymentRecords(userId: string): Promise<number> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': 'PAYMENT#' },
    }),
  );
  return out.Count ?? 0;
}

async function checkout(founder: TestUser): Promise<CheckoutResponse> {
  const res = await api<CheckoutResponse>('POST', '/api/payments/checkout', { token: founder.token });
  expect(res.status).toBe(200);
  return res.body;
}

function signed(payload: string, secret = 'whsec_local_preseed'): Record<string, string> {
  return {
    'content-type': 'application/json',
    'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
  };
}

describe('payment', () => {
  it('marks the founder paid through the checkout page and its webhook, once', async () => {
    const founder = await createUser({ paid: false });
    const session = await checkout(founder);
    expect(session.url).toContain(new URL(inject('stripeEndpoint')).port);

    const redirect = await payOnCheckoutPage(session.url);
    expect(redirect).toContain(`/payment-success?session_id=${session.sessionId}`);
    expect((await getProfile(founder.sub))?.paid).toBe(true);

    const verify = await api('POST', '/api/payments/verify', {
      token: founder.token,
      body: { sessionId: session.sessionId },
    });
    expect(verify.body).toEqual({ paid: true });
    expect(await paymentRecords(founder.sub)).toBe(1);
    await eventsSettled();
  });

  it('shows the founder their payment: amount, date and the receipt page Stripe keeps for the charge', async () => {
    const founder = await createUser({ paid: false });
    const before = await api<ResponseBody<'payments.receipt'>>('GET', '/api/payments/receipt', {
      token: founder.token,
    });
    expect(before.body).toEqual({ payment: null });
    const session = await checkout(founder);
    await payOnCheckoutPage(session.url);
    const res = await api<ResponseBody<'payments.receipt'>>('GET', '/api/payments/receipt', { token: founder.token });
    expect(res.status).toBe(200);
    expect(res.body.payment).toMatchObject({ amount: expect.any(Number), currency: expect.any(String) });
    expect(Number.isNaN(Date.parse(res.body.payment?.paidAt ?? ''))).toBe(false);
    const receipt = await fetch(res.body.payment?.receiptUrl ?? 'missing');
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain('Your receipt');
    await eventsSettled();
  });

  it('verifies a paid session from the success page even before the webhook arrives', async () => {
    const founder = await createUser({ paid: false });
    const session = await checkout(founder);
    const unpaid = await api('POST', '/api/payments/verify', {
      token: founder.token,
      body: { sessionId: session.sessionId },
    });
    expect(unpaid.body).toEqual({ paid: false });
    expect((await getProfile(founder.sub))?.paid).toBe(false);
  });

  it('leaves one payment record when the webhook event is replayed', async () => {
    const founder = await createUser({ paid: false });
    const session = await checkout(founder);
    await payOnCheckoutPage(session.url);
    const stripeSession = await fetch(`${inject('stripeEndpoint')}/v1/checkout/sessions/${session.sessionId}`, {
      headers: { authorization: 'Bearer sk_test_local_preseed' },
    }).then((r) => r.json());
    const payload = JSON.stringify({
      id: 'evt_test_replayed_once',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: stripeSession },
    });
    for (let i = 0; i < 3; i++) {
      const res = await api('POST', '/api/payments/webhook', { rawBody: payload, headers: signed(payload) });
      expect(res.status).toBe(200);
    }
    expect(await paymentRecords(founder.sub)).toBe(1);
  });

  it('refuses a webhook with a bad signature with 400 and changes nothing', async () => {
    const founder = await createUser({ paid: false });
    const payload = JSON.stringify({
      id: 'evt_test_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_forged', client_reference_id: founder.sub, payment_status: 'paid' } },
    });
    const forged = await api('POST', '/api/payments/webhook', {
      rawBody: payload,
      headers: signed(payload, 'whsec_not_ours'),
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ message: 'Invalid webhook signature.' });
    const unsigned = await api('POST', '/api/payments/webhook', {
      rawBody: payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    expect((await getProfile(founder.sub))?.paid).toBe(false);
    expect(await paymentRecords(founder.sub)).toBe(0);
  });

  it("refuses to verify another founder's session", async () => {
    const a = await createUser({ paid: false });
    const b = await createUser({ paid: false });
    const session = await checkout(a);
    await payOnCheckoutPage(session.url);
    const res = await api('POST', '/api/payments/verify', { token: b.token, body: { sessionId: session.sessionId } });
    expect(res.status).toBe(403);
    expect((await getProfile(b.sub))?.paid).toBe(false);
  });

  it('does not start a checkout for a founder who paid, or for an administrator', async () => {
    const paid = await createUser({ paid: true });
    expect((await api('POST', '/api/payments/checkout', { token: paid.token })).status).toBe(409);
    expect((await api('POST', '/api/payments/checkout', { token: await adminToken() })).status).toBe(403);
  });

  it("a paid session of another price that carries the founder's id unlocks nothing (webhook and verify)", async () => {
    const founder = await createUser({ paid: false });
    // Another product sold on the same Stripe account, e.g. a payment link given the founder's id.
    const form = new URLSearchParams({
      mode: 'payment',
      'line_items[0][price]': 'price_local_donation',
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost/payment',
      client_reference_id: founder.sub,
    });
    const created = await fetch(`${inject('stripeEndpoint')}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_local_preseed', 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const donation = (await created.json()) as { id: string; url: string };
    await payOnCheckoutPage(donation.url);
    await eventsSettled();
    expect((await getProfile(founder.sub))?.paid).toBe(false);
    const verify = await api('POST', '/api/payments/verify', {
      token: founder.token,
      body: { sessionId: donation.id },
    });
    expect(verify.status).toBe(409);
    expect(verify.body).toMatchObject({ message: expect.stringContaining('not for Preseed founder access') });
    expect((await getProfile(founder.sub))?.paid).toBe(false);
    expect(await paymentRecords(founder.sub)).toBe(0);
  });

  it('a second Pay Now, or several at once, reuse one open session: nobody can pay twice', async () => {
    const founder = await createUser({ paid: false });
    const parallel = await Promise.all([0, 1, 2].map(() => checkout(founder)));
    const again = await checkout(founder);
    expect(new Set([...parallel, again].map((s) => s.sessionId)).size).toBe(1);
    await payOnCheckoutPage(again.url);
    expect((await api('POST', '/api/payments/checkout', { token: founder.token })).status).toBe(409);
  });

  it('records a payment whose webhook never came when the founder presses Pay Now again', async () => {
    const founder = await createUser({ paid: false });
    const session = await checkout(founder);
    // Complete the session on Stripe's side but drop the webhook: the emulator pays without delivering.
    const res = await fetch(`${session.url}/pay?deliver=0`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(303);
    const again = await api('POST', '/api/payments/checkout', { token: founder.token });
    expect(again.status).toBe(409);
    expect((await getProfile(founder.sub))?.paid).toBe(true);
  });

  it("trusts Stripe's copy of the session, not the event's: a signed event calling an unpaid session paid changes nothing", async () => {
    const founder = await createUser({ paid: false });
    const session = await checkout(founder);
    const unpaid = await fetch(`${inject('stripeEndpoint')}/v1/checkout/sessions/${session.sessionId}`, {
      headers: { authorization: 'Bearer sk_test_local_preseed' },
    }).then((r) => r.json() as Promise<Record<string, unknown>>);
    const payload = JSON.stringify({
      id: 'evt_test_claims_paid',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...unpaid, status: 'complete', payment_status: 'paid' } },
    });
    const res = await api('POST', '/api/payments/webhook', { rawBody: payload, headers: signed(payload) });
    expect(res.status).toBe(200);
    expect((await getProfile(founder.sub))?.paid).toBe(false);
    expect(await paymentRecords(founder.sub)).toBe(0);
  });
});
