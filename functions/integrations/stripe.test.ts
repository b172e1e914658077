import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ONLY_ENV } from '../lib/env';
import { isSignatureError, verifyWebhook, WEBHOOK_TOLERANCE_SECONDS } from './stripe';

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
});
