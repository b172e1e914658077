/**
 * The WebSocket API's `$connect` and `$disconnect` routes. A founder connects with their
 * Cognito access token in the query string; only a paid founder listening to their own
 * changes is let in (identity from the token's `sub`, never from the query). Administrators
 * get no connection: their pages have no phase flags.
 */
import { randomUUID } from 'node:crypto';
import { REALTIME_QUERY } from '#shared/realtime-messages';
import { env } from '../lib/env';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { rootLogger } from '../lib/logger';
import { errorResponse } from '../lib/middleware';
import { ADMIN_GROUP, parseGroups } from '../lib/principal';
import { createTokenVerifier, type TokenVerifier } from '../lib/token-verifier';
import { removeConnection, saveConnection } from '../store/connections';
import { getProfile } from '../store/profiles';

/** The parts of API Gateway's WebSocket event these routes read (the local server builds the same). */
export interface WebSocketEvent {
  requestContext: { routeKey: string; connectionId: string; requestId?: string };
  queryStringParameters?: Record<string, string | undefined> | null;
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

async function connect(event: WebSocketEvent): Promise<string> {
  const query = event.queryStringParameters ?? {};
  const claims = await tokenVerifier().verify(query[REALTIME_QUERY.token]);
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
  if ((await getProfile(sub))?.paid !== true) {
    throw new ForbiddenError('Payment Required: Please complete your payment to access the platform.');
  }
  await saveConnection(sub, event.requestContext.connectionId, new Date());
  return sub;
}

export async function handler(event: WebSocketEvent): Promise<WebSocketResult> {
  const { routeKey, connectionId } = event.requestContext;
  const requestId = event.requestContext.requestId ?? randomUUID();
  const log = rootLogger.child({ component: 'realtime', routeKey, connectionId, requestId });
  try {
    if (routeKey === '$connect') {
      const userId = await connect(event);
      log.info('connected', { userId });
    } else if (routeKey === '$disconnect') {
      const userId = await removeConnection(connectionId);
      log.info('disconnected', { userId });
    } else {
      // No other route is configured; a stray message is answered, not failed.
      return {
        statusCode: 400,
        body: JSON.stringify({ error: 'BadRequest', message: 'This connection only receives updates.' }),
      };
    }
    return { statusCode: 200 };
  } catch (err) {
    const result = errorResponse(err, log, requestId);
    return { statusCode: result.statusCode ?? 500, body: typeof result.body === 'string' ? result.body : '' };
  }
}
