/**
 * Route implementations and the per-area dispatcher. An area module declares one
 * implementation per route of its area (the types insist on all of them), and
 * `createAreaHandler` turns that map into the Lambda handler that API Gateway —
 * or the local server — invokes with an APIGatewayProxyEventV2.
 */
import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import type { ParsedBody, ParsedParams, ParsedQuery, ResponseBody, RouteSchemas } from '#shared/contract';
import type { AreaContract } from '#shared/contract/schema';
import { ACCOUNT_DELETED_ERROR } from '#shared/domain/account-deletion';
import { type Access, type Area, ROUTES, type RouteId, type RoutesOfArea, routeKey } from '#shared/routes';
import type { Key } from '../store/keys';
import { NOT_A_COACH_MESSAGE, SESSION_ENDED_MESSAGE, sessionEnded } from './admin-mfa';
import {
  BadRequestError,
  type FieldIssue,
  ForbiddenError,
  HttpError,
  NotFoundError,
  UnauthorizedError,
} from './errors';
import { withIdempotency } from './idempotency';
import type { Logger } from './logger';
import { type Principal, principalFromEvent } from './principal';

type AccessOf<Id extends RouteId> = (typeof ROUTES)[Id]['access'];

export interface RouteContext<Id extends RouteId> {
  routeId: Id;
  /** Validated and transformed by the route's schemas in the contract (shared/contract.ts). */
  body: ParsedBody<Id>;
  query: ParsedQuery<Id>;
  params: ParsedParams<Id>;
  principal: AccessOf<Id> extends 'public' ? Principal | null : Principal;
  /** What the access check read of a founder caller (their profile, and the route's `readWithProfile`); empty otherwise. */
  caller: CallerItems;
  event: APIGatewayProxyEventV2;
  log: Logger;
  requestId: string;
}

/** A route's answer: its body has the contract's response type (none for a 204). */
export type HttpResult<T = unknown> = {
  statusCode?: number;
  headers?: Record<string, string>;
} & ([T] extends [undefined] ? { body?: undefined } : { body: T });

export interface RouteImpl<Id extends RouteId> {
  handle(ctx: RouteContext<Id>): Promise<HttpResult<ResponseBody<Id>>>;
  /**
   * The founder's own items the route reads anyway: the access check reads them in the same request as the
   * profile it checks, and hands them over as `caller.items`.
   */
  readWithProfile?: (sub: string) => readonly Key[];
}

/** Ties an implementation to its route id: its context and answer are typed by the route's contract entry. */
export function defineRoute<Id extends RouteId>(_id: Id, impl: RouteImpl<Id>): RouteImpl<Id> {
  return impl;
}

export type AreaRoutes<A extends Area> = {
  [Id in RoutesOfArea<A>]: RouteImpl<Id>;
};

/** A founder caller's profile (null without one) and the items a route asked to read with it. */
export interface CallerItems {
  profile: Record<string, unknown> | null;
  items: Record<string, unknown>[];
  /** No profile because the account was deleted (a record kept a day), not because none was ever made. */
  accountDeleted?: boolean;
}

const NO_CALLER_ITEMS: CallerItems = { profile: null, items: [] };

/** Hooks a deployment can set: the checks read the table and Cognito, which tests may replace. */
export interface AccessChecks {
  /** A founder's profile, with `alsoRead` in the same request (functions/store/profiles.ts `readCaller`). */
  readFounder(sub: string, alsoRead: readonly Key[]): Promise<CallerItems>;
  /** Throws when a caller whose token says "admin" may not go on (functions/lib/admin-mfa.ts). */
  checkCoach(principal: Principal, adminRoute: boolean): Promise<void>;
}

export function zodIssues(error: z.ZodError, root: string): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : root,
    message: issue.message,
  }));
}

function validate(schema: z.ZodType | undefined, value: unknown, root: string, what: string): unknown {
  if (!schema) return value;
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

/** The 401 of a founder whose profile is gone (the account was deleted) on a route that needs one. */
export const ACCOUNT_GONE_MESSAGE = 'This account no longer exists.';
/** The 401 of a session whose account was deleted (elsewhere): the app signs out and says so by this code. */
export const ACCOUNT_DELETED_CODE = ACCOUNT_DELETED_ERROR;
export const ACCOUNT_DELETED_MESSAGE = 'This account has been deleted, so this session has ended.';
export const PAYMENT_REQUIRED_MESSAGE = 'Payment Required: Please complete your payment to access the platform.';

/**
 * Whether the caller may use the route; resolves with what it read of a founder caller. Every signed-in
 * request is held to its account's current state, not only to its token: a founder's profile (one read,
 * which a route's own reads may join), a coach's session record and, on admin routes, Cognito.
 */
export async function checkAccess(
  id: RouteId,
  principal: Principal | null,
  checks: AccessChecks,
  alsoRead: readonly Key[] = [],
): Promise<CallerItems> {
  const access = ROUTES[id].access as Access;
  if (access === 'public') return NO_CALLER_ITEMS;
  if (!principal) throw new UnauthorizedError();
  if (principal.isAdmin) {
    if (access === 'founder') throw new ForbiddenError('This is for founders; administrators use the admin pages.');
    await checks.checkCoach(principal, access === 'admin');
    return NO_CALLER_ITEMS;
  }
  if (access === 'admin') throw new ForbiddenError(NOT_A_COACH_MESSAGE);
  const caller = await checks.readFounder(principal.sub, alsoRead);
  // A repeated deletion still answers (its token outlives the account by minutes: deletion.ts); nothing else does.
  if (!caller.profile && caller.accountDeleted && id !== 'deletion.deleteAccount') {
    throw new HttpError(401, ACCOUNT_DELETED_CODE, ACCOUNT_DELETED_MESSAGE);
  }
  if (sessionEnded(principal.authTime, caller.profile?.sessionsValidAfter)) {
    throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  }
  if (access === 'founder' || access === 'member') {
    if (!caller.profile) throw new UnauthorizedError(ACCOUNT_GONE_MESSAGE);
    if (caller.profile.paid !== true) throw new ForbiddenError(PAYMENT_REQUIRED_MESSAGE);
  }
  return caller;
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
  contract: AreaContract<A>,
): Promise<APIGatewayProxyStructuredResultV2> {
  const id = findRoute(area, event);
  const impl = routes[id] as unknown as RouteImpl<RouteId>;
  // The area's own schemas only: a Lambda builds no other area's at start-up (cold start).
  const schemas: RouteSchemas = contract[id];
  const principal = principalFromEvent(event);
  const caller = await checkAccess(
    id,
    principal,
    checks,
    principal ? (impl.readWithProfile?.(principal.sub) ?? []) : [],
  );

  const params = validate(schemas.params, event.pathParameters ?? {}, 'path', 'address');
  const query = validate(schemas.query, event.queryStringParameters ?? {}, 'query', 'query string');
  let body: unknown;
  if (schemas.rawBody) {
    body = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
  } else {
    const parsed = parseJsonBody(event);
    if (schemas.body && parsed === undefined) {
      throw new BadRequestError('A JSON request body is required.', [{ field: 'body', message: 'Required' }]);
    }
    body = validate(schemas.body, parsed, 'body', 'request body');
  }

  const routeLog = log.child({ route: id, userId: principal?.sub });
  const result: HttpResult = await withIdempotency(id, principal, event, routeLog, () =>
    impl.handle({
      routeId: id,
      body: body as never,
      query: query as never,
      params: params as never,
      principal: principal as Principal,
      caller,
      event,
      log: routeLog,
      requestId: event.requestContext.requestId,
    }),
  );
  if (process.env.PRESEED_CHECK_RESPONSES === '1') checkResponse(id, schemas, result.body);
  const statusCode = result.statusCode ?? (result.body === undefined ? 204 : 200);
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...result.headers },
    body: result.body === undefined ? '' : JSON.stringify(result.body),
  };
}

/**
 * Tests (and the browser tests' stack) set PRESEED_CHECK_RESPONSES=1: every answer is then parsed
 * with its route's response schema, so a handler that drifts from the contract fails loudly there
 * instead of surprising the browser. Production skips the cost.
 */
function checkResponse(id: RouteId, schemas: RouteSchemas, body: unknown): void {
  const parsed = schemas.response.safeParse(body);
  if (parsed.success) return;
  const where = zodIssues(parsed.error, 'response')
    .map((issue) => `${issue.field}: ${issue.message}`)
    .join('; ');
  throw new Error(`The answer of ${id} does not match its contract (${where}).`);
}
