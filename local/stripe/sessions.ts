/**
 * Checkout Sessions kept in memory: validation of `POST /v1/checkout/sessions` with Stripe's error
 * messages, the JSON shape Stripe answers, and the one state change we emulate (open → paid).
 */
import type Stripe from 'stripe';
import type { FormObject, FormValue } from './form';
import { randomId, type StripeErrorBody } from './http';

export interface LocalPrice {
  unit_amount: number;
  currency: string;
  product_name: string;
}

/**
 * The fields of a Checkout Session this emulator returns, typed by the SDK's own definition so a
 * field we get wrong (name, nullability, enum) fails type-checking rather than the app at run time.
 */
export type CheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_details'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'url'
>;

export interface SessionLine {
  price: string;
  quantity: number;
  product_name: string;
  unit_amount: number;
  currency: string;
}

/** What the server keeps per session: the public object plus the lines the checkout page shows. */
export interface StoredSession {
  session: CheckoutSession;
  lines: SessionLine[];
}

/** A request Stripe would refuse; `status` is 400 or 404 and `error` goes out as `{ error }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
  ) {
    super(error.message);
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new ApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });

const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');

/** Parameters we read; anything else is accepted and ignored (logged), so app code valid on Stripe still runs here. */
const HANDLED = new Set([
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'client_reference_id',
  'customer_email',
  'metadata',
  'expand',
]);

// Stripe's documented limits for these fields.
const MAX_REFERENCE_LENGTH = 200;
const METADATA_MAX_KEYS = 50;
const METADATA_KEY_MAX = 40;
const METADATA_VALUE_MAX = 500;
const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

function optionalString(params: FormObject, name: string): string | null {
  const value = params[name];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${name} must be a string`, name);
  return value;
}

function requiredUrl(params: FormObject, name: string): string {
  const value = params[name];
  if (value === undefined || value === '') throw missing(name);
  if (typeof value !== 'string') throw invalid('Not a valid URL', name, 'url_invalid');
  // The browser is sent to these URLs and the page links to cancel_url: only http(s) is safe to follow.
  // `{CHECKOUT_SESSION_ID}` is a placeholder Stripe allows unencoded, so validate with it filled in.
  let url: URL;
  try {
    url = new URL(value.replaceAll('{CHECKOUT_SESSION_ID}', 'cs_test_placeholder'));
  } catch {
    throw invalid('Not a valid URL', name, 'url_invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('Not a valid URL', name, 'url_invalid');
  return value;
}

function parseMetadata(value: FormValue | undefined): Record<string, string> {
  if (value === undefined || value === '') return {};
  if (typeof value === 'string') throw invalid('Invalid object', 'metadata');
  // `metadata[0]=…` parses as an array (all keys are indexes); Stripe still treats those as string keys.
  const entries: [string, FormValue][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value);
  const metadata: Record<string, string> = {};
  for (const [key, v] of entries) {
    if (typeof v !== 'string') throw invalid('Invalid string: metadata values must be strings', `metadata[${key}]`);
    if (key.length > METADATA_KEY_MAX) {
      throw invalid(`Metadata keys can have up to ${METADATA_KEY_MAX} characters.`, `metadata[${key}]`);
    }
    if (v.length > METADATA_VALUE_MAX) {
      throw invalid(`Metadata values can have up to ${METADATA_VALUE_MAX} characters.`, `metadata[${key}]`);
    }
    // An empty value unsets the key on Stripe; on create that means it is simply absent.
    if (v !== '') metadata[key] = v;
  }
  if (Object.keys(metadata).length > METADATA_MAX_KEYS) {
    throw invalid(`Metadata can have up to ${METADATA_MAX_KEYS} keys.`, 'metadata');
  }
  return metadata;
}

function parseLines(value: FormValue | undefined, prices: ReadonlyMap<string, LocalPrice>): SessionLine[] {
  if (value === undefined || value === '') throw missing('line_items');
  if (!Array.isArray(value) || value.length === 0) throw invalid('Invalid array', 'line_items');
  return value.map((item, i): SessionLine => {
    const at = `line_items[${i}]`;
    if (typeof item !== 'object' || Array.isArray(item)) throw invalid('Invalid object', at);
    if (item.price_data !== undefined) {
      throw invalid(
        'The local Stripe emulator does not support price_data; use a known price id.',
        `${at}[price_data]`,
      );
    }
    const priceId = item.price;
    if (priceId === undefined || priceId === '') throw missing(`${at}[price]`);
    if (typeof priceId !== 'string') throw invalid('Invalid string', `${at}[price]`);
    const price = prices.get(priceId);
    if (!price) throw invalid(`No such price: '${priceId}'`, `${at}[price]`, 'resource_missing');
    const rawQuantity = item.quantity;
    if (rawQuantity === undefined || rawQuantity === '') throw missing(`${at}[quantity]`);
    if (typeof rawQuantity !== 'string' || !/^\d+$/.test(rawQuantity)) {
      throw invalid(`Invalid integer: ${String(rawQuantity)}`, `${at}[quantity]`);
    }
    const quantity = Number(rawQuantity);
    if (quantity < 1) throw invalid('This value must be greater than or equal to 1.', `${at}[quantity]`);
    return { price: priceId, quantity, ...price };
  });
}

export interface CreateContext {
  prices: ReadonlyMap<string, LocalPrice>;
  /** Base of the hosted page, e.g. `http://localhost:4242`; the session's url is `<base>/checkout/<id>`. */
  checkoutBase: string;
  now?: () => number;
}

/** Validates like Stripe and builds a new open session; also returns the parameters it ignored. */
export function createSession(params: FormObject, ctx: CreateContext): { stored: StoredSession; ignored: string[] } {
  const mode = params.mode;
  if (mode === undefined || mode === '') throw missing('mode');
  if (mode !== 'payment') {
    if (mode === 'setup' || mode === 'subscription') {
      throw invalid(`The local Stripe emulator only supports mode=payment, not ${mode}.`, 'mode');
    }
    throw invalid('Invalid mode: must be one of payment, setup, or subscription', 'mode');
  }
  const lines = parseLines(params.line_items, ctx.prices);
  const currency = lines[0]?.currency ?? '';
  if (lines.some((l) => l.currency !== currency)) {
    throw invalid('All line items must use the same currency.', 'line_items');
  }
  const successUrl = requiredUrl(params, 'success_url');
  const cancelUrl = requiredUrl(params, 'cancel_url');
  const clientReferenceId = optionalString(params, 'client_reference_id');
  if (clientReferenceId !== null && clientReferenceId.length > MAX_REFERENCE_LENGTH) {
    throw invalid(`Invalid string: must be at most ${MAX_REFERENCE_LENGTH} characters`, 'client_reference_id');
  }
  const customerEmail = optionalString(params, 'customer_email');
  if (customerEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail)) {
    throw invalid(`Invalid email address: ${customerEmail}`, 'customer_email', 'email_invalid');
  }
  const metadata = parseMetadata(params.metadata);

  const id = randomId('cs_test_', 58);
  const created = Math.floor((ctx.now?.() ?? Date.now()) / 1000);
  const amount = lines.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0);
  // Keys in Stripe's order (id, object, then alphabetical) so logged bodies read like the real thing.
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: cancelUrl,
    client_reference_id: clientReferenceId,
    created,
    currency,
    customer: null,
    customer_details: null,
    customer_email: customerEmail,
    expires_at: created + SESSION_LIFETIME_SECONDS,
    livemode: false,
    metadata,
    mode: 'payment',
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: successUrl,
    url: `${ctx.checkoutBase}/checkout/${id}`,
  };
  const ignored = Object.keys(params).filter((k) => !HANDLED.has(k));
  return { stored: { session, lines }, ignored };
}

/**
 * Marks an open session paid, as Stripe does when the customer completes checkout. Returns false
 * when it was already complete, so a second "Pay" sends no second event.
 */
export function completeSession(stored: StoredSession, email: string | null): boolean {
  const { session } = stored;
  if (session.status !== 'open') return false;
  const customerEmail = session.customer_email ?? email;
  session.status = 'complete';
  session.payment_status = 'paid';
  session.payment_intent = randomId('pi_test_', 24);
  session.customer_details = {
    address: null,
    business_name: null,
    email: customerEmail,
    individual_name: null,
    name: null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  // Stripe clears the hosted page URL once a session is complete.
  session.url = null;
  return true;
}

/** The session's `line_items` list as `expand[]=line_items` returns it (the fields we read). */
export function lineItems(stored: StoredSession) {
  return {
    object: 'list' as const,
    has_more: false,
    url: `/v1/checkout/sessions/${stored.session.id}/line_items`,
    data: stored.lines.map((line, i) => ({
      id: `li_${stored.session.id.slice(-12)}${i}`,
      object: 'item' as const,
      amount_total: line.unit_amount * line.quantity,
      currency: line.currency,
      description: line.product_name,
      quantity: line.quantity,
      price: { id: line.price, object: 'price' as const, currency: line.currency, unit_amount: line.unit_amount },
    })),
  };
}

/** Where Stripe sends the browser after payment: success_url with the `{CHECKOUT_SESSION_ID}` template filled. */
export function successRedirect(session: CheckoutSession): string {
  return (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}
