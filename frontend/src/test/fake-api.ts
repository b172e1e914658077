import { type Mock, vi } from 'vitest';
import type { MeResponse, ProfileView } from '#shared/api-types';
import { NO_PHASES, type PhaseFlags } from '#shared/domain/phases';
import { ROUTES, type RouteId } from '#shared/routes';
import { configureApi } from '../lib/api';

export interface FakeReply {
  status?: number;
  body?: unknown;
}

export interface FakeRequest {
  routeId: RouteId;
  url: URL;
  /** The decoded JSON body, if any. */
  body: unknown;
  headers: Headers;
}

/** A fixed answer, or a function of the request (may be async, e.g. to hold an answer back). */
export type FakeHandler = FakeReply | ((request: FakeRequest) => FakeReply | Promise<FakeReply>);
export type FakeRoutes = Partial<Record<RouteId, FakeHandler>>;

export interface FakeApi {
  fetch: Mock<typeof fetch>;
  /** Every request that reached the fake, in order. */
  requests: FakeRequest[];
  /** The requests to one route. */
  calls: (routeId: RouteId) => FakeRequest[];
}

const CODES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Gone',
  429: 'TooManyRequests',
  500: 'InternalError',
};

/** An error answer in the API's shape (`{ error, message, details? }`). */
export function apiError(status: number, message: string, details?: unknown): FakeReply {
  const body: Record<string, unknown> = { error: CODES[status] ?? `Http${status}`, message };
  if (details !== undefined) body.details = details;
  return { status, body };
}

/** A decoded segment of the request's path, counted from the end (0: the last). */
export function pathSegment(request: FakeRequest, fromEnd: number): string {
  const parts = request.url.pathname.split('/');
  return decodeURIComponent(parts[parts.length - 1 - fromEnd] ?? '');
}

export function founderProfile(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    email: 'founder@example.com',
    firstName: 'Ada',
    lastName: 'Founder',
    startupName: 'Acme Rockets',
    idea: null,
    paid: true,
    onboarding: null,
    ...overrides,
  };
}

/** GET /api/me for the test founder: paid, no phase open, unless told otherwise. */
export function meReply(
  options: { paid?: boolean; phases?: Partial<PhaseFlags>; profile?: ProfileView | null; isAdmin?: boolean } = {},
): FakeReply {
  const isAdmin = options.isAdmin ?? false;
  const profile =
    options.profile !== undefined ? options.profile : isAdmin ? null : founderProfile({ paid: options.paid ?? true });
  const body: MeResponse = {
    userId: isAdmin ? 'admin-sub' : 'founder-sub',
    username: isAdmin ? 'admin' : 'founder',
    isAdmin,
    profile,
    phases: { ...NO_PHASES, ...options.phases },
  };
  return { status: 200, body };
}

function routeIdOf(method: string, pathname: string): RouteId | undefined {
  return (Object.keys(ROUTES) as RouteId[]).find((id) => {
    const route = ROUTES[id];
    if (route.method !== method) return false;
    const pattern = new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}$`);
    return pattern.test(pathname);
  });
}

function respond({ status = 200, body }: FakeReply): Response {
  if (body === undefined) return new Response(null, { status: status === 200 ? 204 : status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Points the app's API client (lib/api.ts) at a fake fetch that answers from `routes`, keyed by route id.
 * Unless overridden, GET /api/me answers a paid founder with every phase locked.
 */
export function installFakeApi(routes: FakeRoutes = {}): FakeApi {
  const handlers: FakeRoutes = { 'accounts.me': meReply(), ...routes };
  const requests: FakeRequest[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const routeId = routeIdOf(method, url.pathname);
    if (!routeId) return respond(apiError(404, `No route for ${method} ${url.pathname}`));
    const request: FakeRequest = {
      routeId,
      url,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: new Headers(init?.headers),
    };
    requests.push(request);
    const handler = handlers[routeId];
    if (!handler) return respond(apiError(501, `The fake API has no answer for ${routeId}`));
    return respond(typeof handler === 'function' ? await handler(request) : handler);
  });
  configureApi({ apiBase: '/api', getAccessToken: async () => 'test-token', fetch });
  return { fetch, requests, calls: (routeId) => requests.filter((r) => r.routeId === routeId) };
}
