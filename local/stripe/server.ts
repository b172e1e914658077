/**
 * A local stand-in for the slice of Stripe Preseed uses: Checkout Sessions over the real `/v1` API
 * (so the app's `stripe` SDK talks to it unchanged), a hosted checkout page with a Pay button, and
 * signed `checkout.session.completed` webhooks to the app. Everything lives in memory.
 *
 * Wiring: `new Stripe(local.secretKey, local.clientOptions)` in the app, and the same `webhookSecret`
 * for the app's `stripe.webhooks.constructEvent(rawBody, header, secret)`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiHandler, LOCAL_KEY_PREFIX } from './api';
import { createHostedHandler } from './hosted';
import { BodyTooLargeError } from './http';
import type { LocalPrice, StoredSession } from './sessions';
import { type Delivery, WebhookSender } from './webhooks';

export interface LocalStripeOptions {
  /** 0/undefined = a free port on 127.0.0.1. */
  port?: number;
  /** Signs webhooks; give the app the same value, e.g. 'whsec_local_…'. */
  webhookSecret: string;
  /** Where checkout.session.completed is POSTed (the app's /api/payments/webhook); a function because the app port may be known later. */
  webhookUrl: () => string;
  /** Known price ids (replaces the default). Default: 'price_local_preseed', 29900 eur, 'Preseed — founder access', and 'price_local_donation'. */
  prices?: Record<string, LocalPrice>;
  log?: (line: string) => void;
}

export interface LocalStripe {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** Options for `new Stripe(secretKey, stripeClientOptions)` so the SDK talks to this server. */
  clientOptions: { host: string; port: number; protocol: 'http'; maxNetworkRetries: 0; telemetry: false };
  /** A key the server accepts (it accepts any 'sk_test_local_…'). */
  secretKey: string;
  /** Deliveries made so far (for tests): event id, type, status code the app answered (0 = no answer). */
  deliveries(): readonly Delivery[];
  /** Re-sends an already delivered event with a fresh signature (tests prove replays are harmless). */
  redeliver(eventId: string): Promise<number>;
  stop(): Promise<void>;
}

export const DEFAULT_PRICES: Readonly<Record<string, LocalPrice>> = {
  price_local_preseed: { unit_amount: 29900, currency: 'eur', product_name: 'Preseed — founder access' },
  // Another product on the same Stripe account: paying it must never unlock Preseed (tests use it).
  price_local_donation: { unit_amount: 100, currency: 'usd', product_name: 'A one-dollar donation' },
};

export const LOCAL_SECRET_KEY = `${LOCAL_KEY_PREFIX}preseed`;

/** Fails at start-up, not at checkout, when a configured price could not exist on Stripe. */
function checkPrices(prices: Record<string, LocalPrice>): Map<string, LocalPrice> {
  const checked = new Map<string, LocalPrice>();
  for (const [id, price] of Object.entries(prices)) {
    if (!Number.isInteger(price.unit_amount) || price.unit_amount < 0) {
      throw new Error(`local Stripe: price ${id} needs a whole, non-negative unit_amount in minor units`);
    }
    if (!/^[a-z]{3}$/i.test(price.currency)) {
      throw new Error(`local Stripe: price ${id} needs a three-letter ISO currency code`);
    }
    // Stripe always answers currencies in lower case.
    checked.set(id, { ...price, currency: price.currency.toLowerCase() });
  }
  return checked;
}

export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  if (!options.webhookSecret) throw new Error('local Stripe: webhookSecret is required');
  const log = options.log ?? (() => {});
  const prices = checkPrices(options.prices ?? DEFAULT_PRICES);
  const sessions = new Map<string, StoredSession>();
  const webhooks = new WebhookSender({ secret: options.webhookSecret, url: options.webhookUrl, log });
  // Filled in once listening; the API handler reads it when building each session's url.
  const ctx = { prices, sessions, log, checkoutBase: '' };
  const handleApi = createApiHandler(ctx);
  const handleHosted = createHostedHandler({ sessions, webhooks, log });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (pathname.startsWith('/v1/')) return handleApi(req, res, pathname);
    if (await handleHosted(req, res, pathname)) return;
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Local Stripe emulator: not found\n');
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      const tooLarge = error instanceof BodyTooLargeError;
      log(`[stripe] ${req.method} ${req.url} failed: ${(error as Error).message}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(tooLarge ? 413 : 500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { type: tooLarge ? 'invalid_request_error' : 'api_error', message: (error as Error).message },
        }),
      );
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  // The hosted page is opened by a browser, which resolves `localhost` (the API stays on 127.0.0.1).
  ctx.checkoutBase = `http://localhost:${port}`;
  log(`[stripe] local Stripe on http://127.0.0.1:${port}`);

  let stopped: Promise<void> | undefined;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    clientOptions: { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0, telemetry: false },
    secretKey: LOCAL_SECRET_KEY,
    deliveries: () => webhooks.deliveries(),
    redeliver: (eventId) => webhooks.redeliver(eventId),
    stop() {
      stopped ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Browsers and the SDK keep connections alive; close them so stop() does not hang.
        server.closeAllConnections();
      });
      return stopped;
    },
  };
}
