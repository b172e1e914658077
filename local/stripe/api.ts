/**
 * The `/v1` API the app's Stripe SDK calls: authentication, `POST /v1/checkout/sessions` (with
 * Idempotency-Key), `GET /v1/checkout/sessions/:id` and the list `GET /v1/checkout/sessions` (the payments
 * reconciliation after a restore, ops/payments), answering in Stripe's shapes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FormError, parseForm } from './form';
import { readBody, sendJson, sendStripeError } from './http';
import { ApiError, type CreateContext, createSession, lineItems, type StoredSession } from './sessions';

/** Keys the emulator accepts: any `sk_test_local_…`, so a fixed key in local config works across restarts. */
export const LOCAL_KEY_PREFIX = 'sk_test_local_';

const NO_KEY_MESSAGE =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";

// Stripe keeps idempotent results for 24 hours; locally a bounded count is enough and keeps memory flat.
const MAX_IDEMPOTENT_RESULTS = 10_000;

interface SavedResult {
  path: string;
  body: string;
  status: number;
  response: unknown;
}

export interface ApiContext extends CreateContext {
  sessions: Map<string, StoredSession>;
  log: (line: string) => void;
}

/** The key from `Authorization: Bearer <key>` or curl-style `Basic base64(<key>:)`. */
function apiKeyOf(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, value = ''] = header.split(' ', 2);
  if (scheme?.toLowerCase() === 'bearer') return value.trim() || null;
  if (scheme?.toLowerCase() === 'basic') return Buffer.from(value, 'base64').toString('utf8').split(':')[0] || null;
  return null;
}

// Stripe shows only the key's last four characters in its error message.
const maskKey = (key: string) => `${key.slice(0, key.indexOf('_', 3) + 1)}****${key.slice(-4)}`;

export function createApiHandler(ctx: ApiContext) {
  const idempotent = new Map<string, SavedResult>();

  function remember(scope: string, result: SavedResult): void {
    idempotent.set(scope, result);
    if (idempotent.size > MAX_IDEMPOTENT_RESULTS) {
      const oldest = idempotent.keys().next().value;
      if (oldest !== undefined) idempotent.delete(oldest);
    }
  }

  async function createCheckoutSession(req: IncomingMessage, res: ServerResponse, apiKey: string): Promise<void> {
    const body = await readBody(req);
    const path = '/v1/checkout/sessions';
    const key = req.headers['idempotency-key'];
    const scope = typeof key === 'string' && key !== '' ? `${apiKey}\u0000${key}` : null;
    const saved = scope ? idempotent.get(scope) : undefined;
    if (saved && scope) {
      if (saved.path !== path || saved.body !== body) {
        throw new ApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`,
        });
      }
      // Same key, same request: Stripe replays the first answer instead of creating a second session.
      sendJson(res, saved.status, saved.response, { 'idempotent-replayed': 'true' });
      return;
    }
    const { stored, ignored } = createSession(parseForm(body), ctx);
    if (ignored.length > 0) ctx.log(`[stripe] ignored checkout session params: ${ignored.join(', ')}`);
    ctx.sessions.set(stored.session.id, stored);
    // Only successes are remembered: Stripe does not save results of requests that failed validation.
    if (scope) remember(scope, { path, body, status: 200, response: stored.session });
    ctx.log(`[stripe] created ${stored.session.id} (${stored.session.amount_total} ${stored.session.currency})`);
    sendJson(res, 200, stored.session);
  }

  function retrieveCheckoutSession(req: IncomingMessage, res: ServerResponse, id: string): void {
    const stored = ctx.sessions.get(id);
    if (!stored) {
      throw new ApiError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such checkout.session: '${id}'`,
        param: 'session',
      });
    }
    // `expand[]=line_items` (or `expand[0]=…`) adds the lines, `payment_intent(.latest_charge)` the paid session's
    // intent (and its charge with the receipt link), as Stripe does; other expansions are ignored.
    const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
    const expand = [...query.entries()].filter(([k]) => /^expand(\[\d*\])?$/.test(k)).map(([, v]) => v);
    const { session } = stored;
    const intent =
      session.payment_intent && expand.some((e) => e === 'payment_intent' || e === 'payment_intent.latest_charge')
        ? paymentIntentOf(stored, ctx.checkoutBase, expand.includes('payment_intent.latest_charge'))
        : session.payment_intent;
    sendJson(res, 200, {
      ...session,
      payment_intent: intent,
      ...(expand.includes('line_items') ? { line_items: lineItems(stored) } : {}),
    });
  }

  /**
   * Newest first, as Stripe lists: `created[gte]`, `status`, `limit` (≤ 100) and `starting_after` are read, the
   * other parameters ignored.
   */
  function listCheckoutSessions(req: IncomingMessage, res: ServerResponse): void {
    const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
    const createdFrom = Number(query.get('created[gte]') ?? 0);
    const status = query.get('status');
    const limit = Math.min(Math.max(Number(query.get('limit') ?? 10), 1), 100);
    const all = [...ctx.sessions.values()]
      .map((s) => s.session)
      .filter((s) => s.created >= createdFrom && (!status || s.status === status))
      .reverse();
    const after = query.get('starting_after');
    const start = after ? all.findIndex((s) => s.id === after) + 1 : 0;
    const data = all.slice(start, start + limit);
    sendJson(res, 200, {
      object: 'list',
      url: '/v1/checkout/sessions',
      has_more: start + limit < all.length,
      data,
    });
  }

  async function dispatch(req: IncomingMessage, res: ServerResponse, pathname: string, method: string): Promise<void> {
    const apiKey = apiKeyOf(req);
    if (!apiKey) throw new ApiError(401, { type: 'invalid_request_error', message: NO_KEY_MESSAGE });
    if (!apiKey.startsWith(LOCAL_KEY_PREFIX)) {
      throw new ApiError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${maskKey(apiKey)}. The local Stripe emulator accepts keys starting with ${LOCAL_KEY_PREFIX}.`,
      });
    }
    if (pathname === '/v1/checkout/sessions' && method === 'POST') {
      await createCheckoutSession(req, res, apiKey);
      return;
    }
    if (pathname === '/v1/checkout/sessions' && method === 'GET') {
      listCheckoutSessions(req, res);
      return;
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(pathname);
    if (match?.[1] && method === 'GET') {
      retrieveCheckoutSession(req, res, match[1]);
      return;
    }
    throw new ApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${pathname}). The local Stripe emulator only knows POST and GET /v1/checkout/sessions and GET /v1/checkout/sessions/:id.`,
    });
  }

  return async function handleApi(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const method = req.method ?? 'GET';
    try {
      await dispatch(req, res, pathname, method);
    } catch (error) {
      if (error instanceof ApiError) {
        sendStripeError(res, error.status, error.error);
      } else if (error instanceof FormError) {
        sendStripeError(res, 400, {
          type: 'invalid_request_error',
          message: error.message,
          ...(error.param ? { param: error.param } : {}),
        });
      } else {
        // Not a request Stripe would refuse but a bug here: the server answers 500 and logs it.
        throw error;
      }
    }
    ctx.log(`[stripe] ${method} ${pathname} → ${res.statusCode}`);
  };
}

/** The succeeded payment intent of a paid session, with its one charge (and its receipt page) when asked. */
function paymentIntentOf(stored: StoredSession, checkoutBase: string, withCharge: boolean) {
  const { session } = stored;
  const chargeId = `ch_${String(session.payment_intent).slice('pi_'.length)}`;
  const charge = {
    id: chargeId,
    object: 'charge',
    amount: session.amount_total,
    currency: session.currency,
    paid: true,
    status: 'succeeded',
    receipt_url: `${checkoutBase}/receipts/${session.id}`,
  };
  return {
    id: session.payment_intent,
    object: 'payment_intent',
    amount: session.amount_total,
    currency: session.currency,
    status: 'succeeded',
    latest_charge: withCharge ? charge : chargeId,
  };
}
