import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { checkWebhookSignature, formEncode, StripeSignatureError, WEBHOOK_TOLERANCE_SECONDS } from './stripe';

const SECRET = 'whsec_test_secret';
const BODY = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_1' } } });
/** Stripe's own signer (stripe-node, a dev dependency): our check must accept exactly what Stripe sends. */
const signed = (payload: string, timestamp: number, secret = SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

describe('formEncode', () => {
  it("encodes nested objects and arrays the way Stripe's API reads them", () => {
    expect(
      decodeURIComponent(
        formEncode({
          mode: 'payment',
          line_items: [{ price: 'price_1', quantity: 1 }],
          metadata: { userId: 'u 1&x' },
          skipped: undefined,
          success_url: 'https://x/ok?session_id={CHECKOUT_SESSION_ID}',
        }),
      ),
    ).toBe(
      'mode=payment&line_items[0][price]=price_1&line_items[0][quantity]=1&metadata[userId]=u 1&x' +
        '&success_url=https://x/ok?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(formEncode({ metadata: { userId: 'a&b=c' } })).toBe('metadata%5BuserId%5D=a%26b%3Dc');
  });
});

describe('checkWebhookSignature', () => {
  const now = 1_800_000_000;

  it("accepts Stripe's own signature, also among several v1 signatures (secret rotation)", () => {
    expect(() => checkWebhookSignature(BODY, signed(BODY, now), SECRET, now)).not.toThrow();
    const rotated = `${signed(BODY, now, 'whsec_old')},v1=${signed(BODY, now).split('v1=')[1]}`;
    expect(() => checkWebhookSignature(BODY, rotated, SECRET, now)).not.toThrow();
  });

  it('refuses another secret, a changed body, a missing part, and a stale or future timestamp', () => {
    const reject = (body: string, header: string, at = now) =>
      expect(() => checkWebhookSignature(body, header, SECRET, at)).toThrow(StripeSignatureError);
    reject(BODY, signed(BODY, now, 'whsec_other'));
    reject(`${BODY} `, signed(BODY, now));
    reject(BODY, `t=${now}`);
    reject(BODY, signed(BODY, now).replace(/t=\d+,/, ''));
    reject(BODY, 'v1=zz,t=abc');
    reject(BODY, signed(BODY, now - WEBHOOK_TOLERANCE_SECONDS - 1));
    reject(BODY, signed(BODY, now + WEBHOOK_TOLERANCE_SECONDS + 1));
    expect(() => checkWebhookSignature(BODY, signed(BODY, now - 60), SECRET, now)).not.toThrow();
  });
});
