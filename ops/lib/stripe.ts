/**
 * The official Stripe SDK for the operator tools, at the API version the app pins. `apiBase` points it
 * at another server (tests use a local fake); unset, it talks to api.stripe.com.
 */
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../../functions/integrations/stripe';

const REQUEST_TIMEOUT_MS = 15_000;

export function stripeClient(secretKey: string, apiBase?: string): Stripe {
  const options: Stripe.StripeConfig = {
    apiVersion: STRIPE_API_VERSION as Stripe.StripeConfig['apiVersion'],
    maxNetworkRetries: 2,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
  };
  if (!apiBase) return new Stripe(secretKey, options);
  const url = new URL(apiBase);
  const http = url.protocol === 'http:';
  return new Stripe(secretKey, {
    ...options,
    host: url.hostname,
    port: url.port || (http ? 80 : 443),
    protocol: http ? 'http' : 'https',
  });
}

/** A 404 from Stripe: the object does not exist (on this account, in this mode). */
export const isStripeMissing = (err: unknown): boolean =>
  err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404;

/** Test-mode and live-mode objects never see each other: say which one a key opens. */
export const stripeModeOf = (secretKey: string): 'live' | 'test' | 'unknown' =>
  /^(sk|rk)_live_/.test(secretKey) ? 'live' : /^(sk|rk)_test_/.test(secretKey) ? 'test' : 'unknown';
