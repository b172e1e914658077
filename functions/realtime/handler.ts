/**
 * The WebSocket API's `$connect` and `$disconnect` routes. A founder connects offering two
 * subprotocols, `preseed.v1` and their Cognito access token (`Sec-WebSocket-Protocol`: a browser
 * WebSocket cannot send an Authorization header, and a token in the URL would be kept by access
 * logs); `$connect` selects `preseed.v1`. Only a paid founder listening to their own changes is let
 * in (identity from the token's `sub`, never from the query). Administrators get no connection:
 * their pages have no phase flags.
 */
import { randomUUID } from 'node:crypto';
import { REALTIME_PROTOCOL, REALTIME_QUERY } from '#shared/realtime-messages';
import { SESSION_ENDED_MESSAGE, sessionEnded } from '../lib/admin-mfa';
import { env } from '../lib/env';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../lib/errors';
import { rootLogger } from '../lib/logger';
import { errorResponse } from '../lib/middleware';
import { ADMIN_GROUP, parseGroups } from '../lib/principal';
import { createTokenVerifier, type TokenVerifier } from '../lib/token-verifier';
import { instrumented } from '../lib/tracing';
import { removeConnection, saveConnection } from '../store/connections';
import { readCaller } from '../store/profiles';

/** The parts of API Gateway's WebSocket event these routes read (the local server builds the same). */
export interface WebSocketEvent {
  requestContext: { routeKey: string; connectionId: string; requestId?: string };
  queryStringParameters?: Record<string, string | undefined> | null;
  /** The handshake's headers, as the client spelled their names (API Gateway keeps the case). */
  headers?: Record<string, string | undefined> | null;
}

export interface WebSocketResult {
  statusCode: number;
  headers?: Record<string, string>;
  body?: string;
}

let verifier: TokenVerifier | undefined;
function tokenVerifier(): TokenVerifier {
  verifier ??= createTokenVerifier(env('tokenIssuer'), env('userPoolClientId'));
  return verifier;
}

/** For tests and the local stack, which start cognito-local on new ports. */
export function resetTokenVerifier(): void {
  verifier = undefined;
}

/** Where older clients put the access token (the URL, which access logs keep). */
const LEGACY_TOKEN_QUERY = 'token';

const OUTDATED_CLIENT = 'This page is out of date: reload it to get live updates again.';

/** The subprotocols the client offered, in its order (`Sec-WebSocket-Protocol: preseed.v1, <token>`). */
function offeredProtocols(headers: WebSocketEvent['headers']): string[] {
  const value = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'sec-websocket-protocol')?.[1];
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

async function connect(event: WebSocketEvent): Promise<string> {
  const query = event.queryStringParameters ?? {};
  // An old client put the token in the URL: refused outright, so it fails clearly instead of being served
  // (and so keeping a token in the URL never works, whatever else the request carries).
  if (query[LEGACY_TOKEN_QUERY] !== undefined) throw new BadRequestError(OUTDATED_CLIENT);
  const offered = offeredProtocols(event.headers);
  if (!offered.includes(REALTIME_PROTOCOL)) throw new BadRequestError(OUTDATED_CLIENT);
  const tokens = offered.filter((protocol) => protocol !== REALTIME_PROTOCOL);
  const claims = tokens.length === 1 ? await tokenVerifier().verify(tokens[0]) : null;
  if (!claims || typeof claims.sub !== 'string') {
    throw new UnauthorizedError('Sign in again: live updates need a valid, unexpired access token.');
  }
  const sub = claims.sub;
  const requested = query[REALTIME_QUERY.userId];
  if (requested !== undefined && requested !== sub) {
    throw new ForbiddenError('You can only receive updates about your own account.');
  }
  const rawGroups = claims['cognito:groups'];
  const groups = Array.isArray(rawGroups)
    ? rawGroups.map(String)
    : parseGroups(typeof rawGroups === 'string' ? rawGroups : undefined);
  if (groups.includes(ADMIN_GROUP)) {
    throw new ForbiddenError('Administrators get no live phase updates; the admin pages refresh on their own.');
  }
  const { profile } = await readCaller(sub);
  // The same end of sessions the HTTP API holds a founder to (functions/lib/http.ts): a session begun before
  // the account's sessions were ended gets no live updates either.
  if (profile && sessionEnded(Number(claims.auth_time), profile.sessionsValidAfter)) {
    throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  }
  if (profile?.paid !== true) {
    throw new ForbiddenError('Payment Required: Please complete your payment to access the platform.');
  }
  await saveConnection(sub, event.requestContext.connectionId, new Date());
  return sub;
}

async function handleRoute(event: WebSocketEvent): Promise<WebSocketResult> {
  const { routeKey, connectionId } = event.requestContext;
  const requestId = event.requestContext.requestId ?? randomUUID();
  const log = rootLogger.child({ component: 'realtime', routeKey, connectionId, requestId });
  try {
    if (routeKey === '$connect') {
      const userId = await connect(event);
      log.info('connected', { userId });
      // The client offered this subprotocol: a handshake that selects none would fail in the browser.
      return { statusCode: 200, headers: { 'Sec-WebSocket-Protocol': REALTIME_PROTOCOL } };
    }
    if (routeKey === '$disconnect') {
      const userId = await removeConnection(connectionId);
      log.info('disconnected', { userId });
      return { statusCode: 200 };
    }
    // No other route is configured; a stray message is answered, not failed.
    return {
      statusCode: 400,
      body: JSON.stringify({ error: 'BadRequest', message: 'This connection only receives updates.' }),
    };
  } catch (err) {
    const result = errorResponse(err, log, requestId);
    return { statusCode: result.statusCode ?? 500, body: typeof result.body === 'string' ? result.body : '' };
  }
}

export const handler = instrumented(handleRoute);
