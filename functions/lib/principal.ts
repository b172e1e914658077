/**
 * Who is calling: built only from the verified JWT claims that API Gateway's JWT
 * authorizer (or the local server, doing the same verification) puts on the
 * event. Identity is the token's `sub`; admin rights come only from the `admin` group.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export const ADMIN_GROUP = 'admin';

export interface Principal {
  sub: string;
  username: string;
  groups: string[];
  isAdmin: boolean;
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

export function principalFromEvent(event: APIGatewayProxyEventV2): Principal | null {
  const claims = claimsOf(event);
  const sub = claims?.sub;
  if (!claims || typeof sub !== 'string' || sub.length === 0) return null;
  const groups = parseGroups(claims['cognito:groups']);
  const username = typeof claims.username === 'string' ? claims.username : sub;
  return { sub, username, groups, isAdmin: groups.includes(ADMIN_GROUP) };
}
