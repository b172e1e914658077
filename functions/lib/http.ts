/**
 * Route implementations and the per-area dispatcher. An area module declares one
 * implementation per route of its area (the types insist on all of them), and
 * `createAreaHandler` turns that map into the Lambda handler that API Gateway —
 * or the local server — invokes with an APIGatewayProxyEventV2.
 */
import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import { type Access, type Area, ROUTES, type RouteId, type RoutesOfArea, routeKey } from '#shared/routes';
import { ADMIN_MFA_MISSING_MESSAGE } from './admin-mfa';
import { BadRequestError, type FieldIssue, ForbiddenError, NotFoundError, UnauthorizedError } from './errors';
import type { Logger } from './logger';
import { type Principal, principalFromEvent } from './principal';

type AccessOf<Id extends RouteId> = (typeof ROUTES)[Id]['access'];

export interface RouteContext<Id extends RouteId, B, Q, P> {
  routeId: Id;
  body: B;
  query: Q;
  params: P;
  principal: AccessOf<Id> extends 'public' ? Principal | null : Principal;
  event: APIGatewayProxyEventV2;
  log: Logger;
  requestId: string;
}

export interface HttpResult {
  statusCode?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Schema<T> = z.ZodType<T>;

export interface RouteImpl<Id extends RouteId, B = unknown, Q = unknown, P = unknown> {
  body?: Schema<B>;
  query?: Schema<Q>;
  params?: Schema<P>;
  /** Hand the body over as the exact text received (webhook signatures are computed over it). */
  rawBody?: true;
  handle(ctx: RouteContext<Id, B, Q, P>): Promise<HttpResult>;
}

/** Ties an implementation to its route id so its context is typed by the route's access level. */
export function defineRoute<Id extends RouteId, B = undefined, Q = Record<string, string>, P = Record<string, string>>(
  _id: Id,
  impl: RouteImpl<Id, B, Q, P>,
): RouteImpl<Id, B, Q, P> {
  return impl;
}

export type AreaRoutes<A extends Area> = {
  [Id in RoutesOfArea<A>]: RouteImpl<Id, unknown, unknown, unknown>;
};

/** Hooks a deployment can set: the founder check needs the profile store, which tests may replace. */
export interface AccessChecks {
  isPaid(sub: string): Promise<boolean>;
  /** Whether this coach may use admin routes as far as MFA goes (functions/lib/admin-mfa.ts). */
  hasAdminMfa(username: string): Promise<boolean>;
}

export function zodIssues(error: z.ZodError, root: string): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : root,
    message: issue.message,
  }));
}

function validate<T>(schema: Schema<T> | undefined, value: unknown, root: string, what: string): T {
  if (!schema) return value as T;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const details = zodIssues(parsed.error, root);
  const first = details[0];
  const summary = first ? `${first.field === root ? '' : `${first.field}: `}${first.message}` : 'invalid';
  throw new BadRequestError(`The ${what} is not valid (${summary}).`, details);
}

/**
 * The header CloudFront sets to the viewer's address and port (the origin request policy asks for it).
 * CloudFront writes it itself, and the API answers only requests that came through CloudFront (the
 * origin secret), so unlike X-Forwarded-For — whose first hop the client writes — it cannot be forged.
 * The local server plays CloudFront's part and sets it from the socket.
 */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** `198.51.100.10:46532` or `2001:db8::1:46532` → the address without the port; null when it is not one. */
function viewerIp(header: string | undefined): string | null {
  const value = header?.trim();
  const colon = value?.lastIndexOf(':') ?? -1;
  if (!value || colon <= 0) return null;
  const ip = value.slice(0, colon).replace(/^\[|\]$/g, '');
  return isIP(ip) ? ip : null;
}

/**
 * The caller's address as a rate-limit key. An IPv6 client holds a whole /64 (often more), so its
 * limit is counted per /64 prefix; otherwise one client could rotate through addresses at will.
 */
export function clientAddress(event: APIGatewayProxyEventV2): string {
  const ip = viewerIp(event.headers?.[VIEWER_ADDRESS_HEADER]) ?? event.requestContext.http.sourceIp;
  if (isIP(ip) !== 6) return ip;
  if (ip.includes('.')) return ip; // IPv4-mapped (::ffff:a.b.c.d): one IPv4 client
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

export function parseJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const contentType = event.headers?.['content-type'] ?? event.headers?.['Content-Type'] ?? '';
  if (contentType && !/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new BadRequestError('The request body must be JSON (Content-Type: application/json).');
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new BadRequestError('The request body is not valid JSON.');
  }
}

export async function checkAccess(id: RouteId, principal: Principal | null, checks: AccessChecks): Promise<void> {
  const access = ROUTES[id].access as Access;
  if (access === 'public') return;
  if (!principal) throw new UnauthorizedError();
  if (access === 'admin' && !principal.isAdmin) {
    throw new ForbiddenError('This action needs an administrator account.');
  }
  if (access === 'admin' && !(await checks.hasAdminMfa(principal.username))) {
    throw new ForbiddenError(ADMIN_MFA_MISSING_MESSAGE);
  }
  if (access === 'founder') {
    if (principal.isAdmin) throw new ForbiddenError('This is for founders; administrators use the admin pages.');
    if (!(await checks.isPaid(principal.sub))) {
      throw new ForbiddenError('Payment Required: Please complete your payment to access the platform.');
    }
  }
}

export function findRoute<A extends Area>(area: A, event: APIGatewayProxyEventV2): RoutesOfArea<A> {
  const id = (Object.keys(ROUTES) as RouteId[]).find(
    (candidate) => ROUTES[candidate].area === area && routeKey(candidate) === event.routeKey,
  );
  if (!id) throw new NotFoundError(`No such API route: ${event.requestContext.http.method} ${event.rawPath}.`);
  return id as RoutesOfArea<A>;
}

export async function dispatch<A extends Area>(
  area: A,
  routes: AreaRoutes<A>,
  event: APIGatewayProxyEventV2,
  log: Logger,
  checks: AccessChecks,
): Promise<APIGatewayProxyStructuredResultV2> {
  const id = findRoute(area, event);
  const impl = routes[id] as RouteImpl<RouteId, unknown, unknown, unknown>;
  const principal = principalFromEvent(event);
  await checkAccess(id, principal, checks);

  const params = validate(impl.params, event.pathParameters ?? {}, 'path', 'address');
  const query = validate(impl.query, event.queryStringParameters ?? {}, 'query', 'query string');
  let body: unknown;
  if (impl.rawBody) {
    body = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
  } else {
    const parsed = parseJsonBody(event);
    if (impl.body && parsed === undefined) {
      throw new BadRequestError('A JSON request body is required.', [{ field: 'body', message: 'Required' }]);
    }
    body = validate(impl.body, parsed, 'body', 'request body');
  }

  const result = await impl.handle({
    routeId: id,
    body,
    query,
    params,
    principal: principal as Principal,
    event,
    log: log.child({ route: id, userId: principal?.sub }),
    requestId: event.requestContext.requestId,
  });
  const statusCode = result.statusCode ?? (result.body === undefined ? 204 : 200);
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...result.headers },
    body: result.body === undefined ? '' : JSON.stringify(result.body),
  };
}
