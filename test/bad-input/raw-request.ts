/**
 * A raw HTTP client for hostile requests. `fetch` normalises paths, refuses bodies on
 * GET and always re-encodes text; here the path, headers and body bytes go out exactly
 * as given (the path must already be percent-encoded ASCII).
 */
import { request } from 'node:http';
import { freshClientAddress } from '../api-request';

export interface RawRequest {
  method: string;
  /** Path and query, already encoded: sent byte for byte. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The loopback address the request leaves from; a fresh one each time, as separate clients. */
  clientAddress?: string;
}

export interface RawResponse {
  status: number;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

export function sendRaw(baseUrl: string, req: RawRequest): Promise<RawResponse> {
  const base = new URL(baseUrl);
  const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.path,
        localAddress: req.clientAddress ?? freshClientAddress(),
        headers: { ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? (JSON.parse(text) as unknown) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, text, json });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Percent-encodes every byte outside RFC 3986's unreserved set. Works on any JS string,
 * lone surrogates included (they become U+FFFD, as any UTF-8 encoder would send them).
 */
export function encodeSegment(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
