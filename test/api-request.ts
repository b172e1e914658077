/**
 * One JSON call to an offline stack's API, free of vitest so that the shared stack's helpers
 * (test/helpers.ts) and the fault tests' private stack can both use it.
 */

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
  const started = performance.now();
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(options.timeoutMs ? { signal: AbortSignal.timeout(options.timeoutMs) } : {}),
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  const ms = Math.round(performance.now() - started);
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // left as text: a test asserting JSON says so
  }
  return { status: res.status, body: parsed as T, headers: res.headers, ms };
}
