/** Small HTTP helpers: body reading with a cap, and answers in Stripe's JSON and error shapes. */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_BODY_BYTES = 1024 * 1024;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Stripe-looking ids (`cs_test_…`, `evt_test_…`): base62, unguessable enough for a local tool. */
export function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}${out}`;
}

export class BodyTooLargeError extends Error {}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError('request body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error';
  message: string;
  param?: string;
  code?: string;
  doc_url?: string;
}

/** Every API answer carries a `Request-Id`, which the SDK surfaces as `err.requestId` / `lastResponse.requestId`. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-cache, no-store',
    'request-id': randomId('req_', 14),
    ...extraHeaders,
  });
  res.end(text);
}

export function sendStripeError(res: ServerResponse, status: number, error: StripeErrorBody): void {
  // Stripe links each error code to its documentation; the SDK exposes it as `err.doc_url`.
  const docUrl = error.code ? `https://stripe.com/docs/error-codes/${error.code.replaceAll('_', '-')}` : undefined;
  sendJson(res, status, { error: docUrl && !error.doc_url ? { ...error, doc_url: docUrl } : error });
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // Inline styles only; no scripts, frames or remote loads on a page that "takes payments".
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}
