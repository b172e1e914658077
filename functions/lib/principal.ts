/**
 * Who is calling: built only from the verified JWT claims that API Gateway's JWT
 * authorizer (or the local server, doing the same verification) puts on the
 * event. Identity is the token's `sub`; admin rights come only from the `admin` group
 * (and are checked again against Cognito on admin routes: functions/lib/coach-access.ts).
 * API Gateway's authorizer also lets a Cognito ID token through (its `aud` is the app client), so
 * only an access token makes a principal here.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ADMIN_GROUP } from '#shared/deploy-names';

export { ADMIN_GROUP };

/** Cognito's `token_use` of the one kind of token the API accepts. */
export const ACCESS_TOKEN_USE = 'access';

export interface Principal {
  sub: string;
  username: string;
  groups: string[];
  isAdmin: boolean;
  /**
   * When the session began (`auth_time`, epoch seconds): the sign-in itself, kept by every token refreshed
   * from it. A session is refused once its account says sessions before a later moment are over.
   */
  authTime: number;
}

type Claims = Record<string, string | number | boolean | string[]>;

/** API Gateway flattens array claims to a string like `[admin editors]`; the local server passes arrays. */
export function parseGroups(raw: Claims[string] | undefined): string[] {
  if (raw === undefined) return [];
  if (Array.isArray(raw)) return raw.map(String);
  const text = String(raw).trim();
  if (text.startsWith('[') && text.endsWith(']')) {
    const inner = text.slice(1, -1).trim();
    if (inner.startsWith('"')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed.map(String);
      } catch {
        // fall through to the space/comma separated form
      }
    }
    return inner.split(/[\s,]+/).filter(Boolean);
  }
  return text ? text.split(/[\s,]+/).filter(Boolean) : [];
}

export function claimsOf(event: APIGatewayProxyEventV2): Claims | undefined {
  const ctx = event.requestContext as APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Claims } };
  };
  return ctx.authorizer?.jwt?.claims;
}

/** API Gateway passes every claim as a string; the local server as the token has it. */
function epochSeconds(raw: Claims[string] | undefined): number | null {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

export function principalFromEvent(event: APIGatewayProxyEventV2): Principal | null {
  const claims = claimsOf(event);
  const sub = claims?.sub;
  if (!claims || typeof sub !== 'string' || sub.length === 0) return null;
  if (claims.token_use !== ACCESS_TOKEN_USE) return null;
  // Cognito writes it into every access token; one without it cannot be held to a session's end.
  const authTime = epochSeconds(claims.auth_time);
  if (authTime === null) return null;
  const groups = parseGroups(claims['cognito:groups']);
  const username = typeof claims.username === 'string' ? claims.username : sub;
  return { sub, username, groups, isAdmin: groups.includes(ADMIN_GROUP), authTime };
}
