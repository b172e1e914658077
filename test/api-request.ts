/**
 * One JSON call to an offline stack's API, free of vitest so that the shared stack's helpers
 * (test/helpers.ts) and the fault tests' private stack can both use it.
 *
 * The API keys its per-client limits on the viewer's address, which the local server (like
 * CloudFront) takes from the socket, never from a header. So each call leaves from its own loopback
 * address (anything in 127.0.0.0/8 reaches a server on 127.0.0.1), as separate people would;
 * `clientAddress` makes several calls one client.
 */
import { randomInt } from 'node:crypto';
import { request } from 'node:http';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  /** Wall time of the call. */
  ms: number;
}

export interface ApiRequestOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** Fails the call after this long instead of waiting for the test's timeout. */
  timeoutMs?: number;
  /** The loopback address the call leaves from (127.x.y.z); a fresh one per call when absent. */
  clientAddress?: string;
}

/** A loopback address unlikely to have been used in this run. */
export function freshClientAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export async function apiRequest<T>(
  baseUrl: string,
  method: string,
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = new URL(path, baseUrl);
  const started = performance.now();
  const { status, text, responseHeaders } = await new Promise<{
    status: number;
    text: string;
    responseHeaders: Headers;
  }>((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method,
        headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
        localAddress: options.clientAddress ?? freshClientAddress(),
        ...(options.timeoutMs ? { signal: AbortSignal.timeout(options.timeoutMs) } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
              responseHeaders.append(name, v);
            }
          }
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), responseHeaders });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
  const ms = Math.round(performance.now() - started);
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // left as text: a test asserting JSON says so
  }
  return { status, body: parsed as T, headers: responseHeaders, ms };
}
