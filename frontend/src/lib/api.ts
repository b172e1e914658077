/**
 * Typed client for the HTTP API. Method, path and access level come from the route table
 * (shared/routes.ts) and every request's and answer's type from the contract (shared/contract.ts),
 * so no path is retyped and no caller names a response type by hand: `apiFetch('accounts.me')`
 * resolves with what that route answers.
 */
import type { ErrorBody, RequestBody, RequestQuery, ResponseBody } from '#shared/contract';
import { ACCOUNT_DELETED_ERROR } from '#shared/domain/account-deletion';
import { buildPath, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_ROUTES, ROUTES, type RouteId } from '#shared/routes';
import { idempotencyKeyFor, leavesSaveOpen, settleSave } from './idempotency-keys';

export type { RouteId };

/** Names of the `{name}` placeholders in a route path. */
type PlaceholderNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholderNames<Rest>
  : never;

export type PathParamName<R extends RouteId> = PlaceholderNames<(typeof ROUTES)[R]['path']>;
export type PathParams<R extends RouteId> = Record<PathParamName<R>, string>;

/** `params` when the path has placeholders, `body` when the route takes one, `query` when it reads one. */
export type ApiFetchOptions<R extends RouteId> = {
  signal?: AbortSignal;
  /** The request outlives the page (a last report sent as the page is left). */
  keepalive?: boolean;
} & ([PathParamName<R>] extends [never] ? { params?: undefined } : { params: PathParams<R> }) &
  ([RequestBody<R>] extends [undefined] ? { body?: undefined } : { body: RequestBody<R> }) &
  ([RequestQuery<R>] extends [undefined] ? { query?: undefined } : { query?: RequestQuery<R> });

type OptionsArg<R extends RouteId> =
  Record<never, never> extends ApiFetchOptions<R> ? [options?: ApiFetchOptions<R>] : [options: ApiFetchOptions<R>];

export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /** Machine-readable code, e.g. `BadRequest`, `Unauthorized`, `NetworkError`. */
    readonly error: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const FALLBACK_ERROR_MESSAGE = 'Something went wrong. Please try again.';
export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';
export const SIGNED_OUT_MESSAGE = 'Please sign in to continue.';
/** The API's code for a session whose account was deleted (functions/lib/http.ts). */
export const ACCOUNT_DELETED_CODE = ACCOUNT_DELETED_ERROR;

// Codes the API uses for each status, so answers without our body (API Gateway's own 401, a proxy's 502) still
// carry a familiar code.
const CODE_BY_STATUS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

interface ApiClientConfig {
  apiBase: string;
  getAccessToken: () => Promise<string | undefined>;
  fetch?: typeof fetch;
  /**
   * The API refused a request's access token (401): the session is over on the server — ended by its account
   * (an operator, a new authenticator app, a deleted account) or no longer valid — so the app signs out. The refusal
   * says why (`AccountDeleted`: the account was deleted elsewhere, and the app says so).
   */
  onSessionRefused?: (refusal: ApiError) => void;
}

let client: Required<ApiClientConfig> | undefined;

/** Called once at boot with `/config.json`'s apiBase, the auth layer's token getter and its sign-out. */
export function configureApi(config: ApiClientConfig): void {
  client = { fetch: (...args) => globalThis.fetch(...args), onSessionRefused: () => undefined, ...config };
}

/** The access token the API client sends; the realtime connection presents the same one. */
export async function currentAccessToken(): Promise<string | undefined> {
  if (!client) throw new Error('configureApi must be called before using the API client');
  return client.getAccessToken();
}

/**
 * `apiBase` names the URL that stands for the `/api` prefix every route path already has: '/api' (same origin)
 * leaves paths as they are, 'https://api.example.com/api' sends them to that origin.
 */
export function resolveUrl(apiBase: string, path: string): string {
  const base = apiBase.replace(/\/+$/, '').replace(/\/api$/, '');
  return `${base}${path}`;
}

type QueryValue = string | number | boolean | null | undefined;

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query as Record<string, QueryValue | readonly QueryValue[]>)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value !== undefined && value !== null) search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function isErrorBody(data: unknown): data is Partial<ErrorBody> {
  return typeof data === 'object' && data !== null;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  return JSON.parse(text) as unknown;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const fallbackCode = CODE_BY_STATUS[response.status] ?? `Http${response.status}`;
  let data: unknown;
  try {
    data = JSON.parse(await response.text()) as unknown;
  } catch {
    return new ApiError(response.status, fallbackCode, FALLBACK_ERROR_MESSAGE);
  }
  if (!isErrorBody(data)) return new ApiError(response.status, fallbackCode, FALLBACK_ERROR_MESSAGE);
  const code = typeof data.error === 'string' && data.error ? data.error : fallbackCode;
  const message = typeof data.message === 'string' && data.message ? data.message : FALLBACK_ERROR_MESSAGE;
  return new ApiError(response.status, code, message, data.details);
}

/**
 * Calls one API route. Resolves with the decoded body, typed by the route's response schema
 * (undefined for an empty answer); rejects with an ApiError for any non-2xx answer or network failure.
 */
export async function apiFetch<R extends RouteId>(routeId: R, ...[options]: OptionsArg<R>): Promise<ResponseBody<R>> {
  if (!client) throw new Error('configureApi() must run before apiFetch()');
  const route = ROUTES[routeId];
  const params = options?.params as Record<string, string> | undefined;
  const url = resolveUrl(client.apiBase, buildPath(routeId, params)) + queryString(options?.query);

  const headers = new Headers({ accept: 'application/json' });
  if (route.access !== 'public') {
    const token = await client.getAccessToken();
    if (!token) throw new ApiError(401, 'Unauthorized', SIGNED_OUT_MESSAGE);
    headers.set('authorization', `Bearer ${token}`);
  }
  const init: RequestInit = { method: route.method, headers };
  if (options?.body !== undefined) {
    headers.set('content-type', 'application/json');
    init.body = JSON.stringify(options.body);
  }
  if (options?.signal) init.signal = options.signal;
  if (options?.keepalive) init.keepalive = true;
  const address = `${route.method} ${url}`;
  const idempotencyKey = IDEMPOTENT_ROUTES.has(routeId) ? idempotencyKeyFor(address, String(init.body ?? '')) : null;
  if (idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);

  let response: Response;
  try {
    response = await client.fetch(url, init);
  } catch (err) {
    // An aborted or unanswered save may still have been stored: its key stays for the retry.
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NetworkError', NETWORK_ERROR_MESSAGE, err instanceof Error ? err.message : undefined);
  }
  if (!response.ok) {
    const refusal = await errorFrom(response);
    if (idempotencyKey && !leavesSaveOpen(refusal.status, refusal.error)) settleSave(address, idempotencyKey);
    if (response.status === 401 && headers.has('authorization')) client.onSessionRefused(refusal);
    throw refusal;
  }
  if (idempotencyKey) settleSave(address, idempotencyKey);

  let data: unknown;
  try {
    data = await readBody(response);
  } catch {
    throw new ApiError(response.status, 'InvalidResponse', FALLBACK_ERROR_MESSAGE);
  }
  // The server checks its answers against the same schemas in tests; the browser trusts them.
  return data as ResponseBody<R>;
}
