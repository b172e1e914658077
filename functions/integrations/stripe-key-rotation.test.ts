/**
 * A rotated Stripe key works without a redeploy: the key is read through the secrets cache (5 minutes), and a new
 * key makes a new SDK client. Stripe's API is a local server here that records the key each request carries.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENV_NAMES, LOCAL_ONLY_ENV } from '../lib/env';
import { clearSecretCache, SECRET_CACHE_TTL_MS } from './secrets';
import { resetStripeClient, retrieveCheckoutSession } from './stripe';

const secretsManager = mockClient(SecretsManagerClient);
const keys: string[] = [];
let server: Server;
const saved = { ...process.env };

beforeAll(async () => {
  server = createServer((req, res) => {
    keys.push(String(req.headers.authorization ?? ''));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'cs_1', object: 'checkout.session', url: null, status: 'open' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  delete process.env[LOCAL_ONLY_ENV.stripeSecretKey];
  process.env[LOCAL_ONLY_ENV.stripeApiUrl] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env[ENV_NAMES.stripeSecretName] = 'preseed/dev/stripe-secret-key';
  resetStripeClient();
  clearSecretCache();
});

afterAll(async () => {
  vi.useRealTimers();
  process.env = saved;
  resetStripeClient();
  secretsManager.reset();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the Stripe key', () => {
  it('is read again after the secrets cache expires, and the next call uses the rotated key', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    secretsManager
      .on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: 'sk_test_old' })
      .resolves({ SecretString: 'sk_test_new' });
    await retrieveCheckoutSession('cs_1');
    vi.advanceTimersByTime(SECRET_CACHE_TTL_MS - 1);
    await retrieveCheckoutSession('cs_1');
    vi.advanceTimersByTime(1);
    await retrieveCheckoutSession('cs_1');
    expect(keys).toEqual(['Bearer sk_test_old', 'Bearer sk_test_old', 'Bearer sk_test_new']);
  });
});
