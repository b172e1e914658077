/**
 * A fake of Stripe's account-setup API for the operator tools' tests: products, prices (with lookup
 * keys) and webhook endpoints over the real `/v1` paths, so the official SDK talks to it unchanged.
 * It parses Stripe's form encoding and answers in Stripe's shapes with the local emulator's helpers
 * (local/stripe), which covers Checkout for the app; this covers what an operator sets up.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { type FormObject, type FormValue, parseForm } from '../../local/stripe/form';
import { randomId, readBody, sendJson, sendStripeError } from '../../local/stripe/http';

export interface FakeStripe {
  /** Give it to `stripeClient(key, apiBase)`. */
  readonly apiBase: string;
  readonly secretKey: string;
  readonly products: Map<string, Stripe.Product>;
  readonly prices: Map<string, Stripe.Price>;
  readonly webhookEndpoints: Map<string, Stripe.WebhookEndpoint>;
  /** `METHOD /path` of every API call, in order (tests count what a run created). */
  readonly calls: string[];
  stop(): Promise<void>;
}

class NotFound extends Error {}

const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const strings = (v: FormValue | undefined): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const metadataOf = (v: FormValue | undefined): Record<string, string> =>
  typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's list envelope, paged by `limit` and `starting_after` as the SDK's auto-pagination asks. */
function page<T extends { id: string }>(items: T[], query: FormObject, url: string) {
  const limit = Math.min(Number(str(query.limit) ?? 10), 100);
  const after = str(query.starting_after);
  const start = after ? items.findIndex((i) => i.id === after) + 1 : 0;
  const data = items.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < items.length, url };
}

export async function startFakeStripe(secretKey = 'sk_test_fake_preseed'): Promise<FakeStripe> {
  const products = new Map<string, Stripe.Product>();
  const prices = new Map<string, Stripe.Price>();
  const webhookEndpoints = new Map<string, Stripe.WebhookEndpoint>();
  const calls: string[] = [];

  const get = <T>(map: Map<string, T>, id: string, kind: string): T => {
    const found = map.get(id);
    if (!found) throw new NotFound(`No such ${kind}: '${id}'`);
    return found;
  };

  function createProduct(body: FormObject): Stripe.Product {
    const id = str(body.id) ?? randomId('prod_', 14);
    if (products.has(id)) throw new Error(`Product already exists with ID ${id}`);
    const product = {
      id,
      object: 'product',
      active: true,
      name: str(body.name) ?? '',
      metadata: metadataOf(body.metadata),
      created: now(),
    };
    products.set(id, product as unknown as Stripe.Product);
    return product as unknown as Stripe.Product;
  }

  function createPrice(body: FormObject): Stripe.Price {
    const product = get(products, str(body.product) ?? '', 'product');
    const lookupKey = str(body.lookup_key) ?? null;
    if (lookupKey) {
      const holder = [...prices.values()].find((p) => p.lookup_key === lookupKey);
      if (holder && str(body.transfer_lookup_key) !== 'true') {
        throw new Error(`A price (\`${holder.id}\`) already uses that lookup key.`);
      }
      if (holder) holder.lookup_key = null;
    }
    const recurring =
      typeof body.recurring === 'object' ? { interval: str((body.recurring as FormObject).interval) } : null;
    const price = {
      id: randomId('price_', 24),
      object: 'price',
      active: true,
      currency: (str(body.currency) ?? '').toLowerCase(),
      unit_amount: Number(str(body.unit_amount)),
      type: recurring ? 'recurring' : 'one_time',
      recurring,
      lookup_key: lookupKey,
      product: product.id,
      metadata: metadataOf(body.metadata),
      created: now(),
    };
    prices.set(price.id, price as unknown as Stripe.Price);
    return price as unknown as Stripe.Price;
  }

  function createEndpoint(body: FormObject): Stripe.WebhookEndpoint {
    const endpoint = {
      id: randomId('we_', 24),
      object: 'webhook_endpoint',
      url: str(body.url) ?? '',
      enabled_events: strings(body.enabled_events),
      api_version: str(body.api_version) ?? null,
      description: str(body.description) ?? null,
      metadata: metadataOf(body.metadata),
      status: 'enabled',
      created: now(),
    };
    webhookEndpoints.set(endpoint.id, endpoint as unknown as Stripe.WebhookEndpoint);
    // The signing secret is shown once, when the endpoint is created.
    return { ...endpoint, secret: randomId('whsec_', 32) } as unknown as Stripe.WebhookEndpoint;
  }

  function updateEndpoint(id: string, body: FormObject): Stripe.WebhookEndpoint {
    const endpoint = get(webhookEndpoints, id, 'webhook_endpoint');
    if (body.enabled_events !== undefined) endpoint.enabled_events = strings(body.enabled_events);
    if (str(body.disabled) !== undefined) endpoint.status = str(body.disabled) === 'true' ? 'disabled' : 'enabled';
    return endpoint;
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    calls.push(`${method} ${url.pathname}`);
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      sendStripeError(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
      return;
    }
    const body = method === 'POST' ? parseForm(await readBody(req)) : {};
    const query = parseForm(url.search.slice(1));
    const [, , kind, id] = url.pathname.split('/');
    switch (`${method} ${kind}${id ? '/:id' : ''}`) {
      case 'GET products/:id':
        return get(products, id ?? '', 'product');
      case 'POST products':
        return createProduct(body);
      case 'GET prices': {
        const keys = strings(query.lookup_keys);
        const active = str(query.active);
        const found = [...prices.values()].filter(
          (p) =>
            (keys.length === 0 || keys.includes(p.lookup_key ?? '')) &&
            (active === undefined || String(p.active) === active),
        );
        return page(found, query, '/v1/prices');
      }
      case 'GET prices/:id':
        return get(prices, id ?? '', 'price');
      case 'POST prices':
        return createPrice(body);
      case 'GET webhook_endpoints':
        return page([...webhookEndpoints.values()], query, '/v1/webhook_endpoints');
      case 'POST webhook_endpoints':
        return createEndpoint(body);
      case 'POST webhook_endpoints/:id':
        return updateEndpoint(id ?? '', body);
      case 'DELETE webhook_endpoints/:id':
        get(webhookEndpoints, id ?? '', 'webhook_endpoint');
        webhookEndpoints.delete(id ?? '');
        return { id, object: 'webhook_endpoint', deleted: true };
      default:
        throw new NotFound(`Unrecognized request URL (${method}: ${url.pathname}).`);
    }
  }

  const server = createServer((req, res) => {
    route(req, res).then(
      (answer) => {
        if (!res.headersSent) sendJson(res, 200, answer);
      },
      (err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        sendStripeError(res, err instanceof NotFound ? 404 : 400, {
          type: 'invalid_request_error',
          message,
          ...(err instanceof NotFound ? { code: 'resource_missing' } : {}),
        });
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    secretKey,
    products,
    prices,
    webhookEndpoints,
    calls,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
