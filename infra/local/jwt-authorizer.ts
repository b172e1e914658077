/**
 * Verifies bearer tokens the way API Gateway's HTTP API JWT authorizer does:
 * signature against the pool's JWKS, issuer, expiry, and the audience check
 * (`client_id` for access tokens, `aud` for id tokens). The claims it returns are
 * flattened to strings as API Gateway flattens them (arrays become `[a b]`).
 */
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';

export type FlatClaims = Record<string, string>;

export interface JwtAuthorizer {
  verify(authorization: string | undefined): Promise<FlatClaims | null>;
}

function flatten(payload: JWTPayload): FlatClaims {
  const out: FlatClaims = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    out[key] = Array.isArray(value)
      ? `[${value.join(' ')}]`
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  }
  return out;
}

export function createJwtAuthorizer(issuer: string, audience: string): JwtAuthorizer {
  // jose caches the key set and refetches on an unknown key id; the spec's 10-minute key cache.
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`), { cacheMaxAge: 600_000 });
  return {
    async verify(authorization) {
      if (!authorization) return null;
      const token = authorization.replace(/^Bearer\s+/i, '').trim();
      if (!token) return null;
      try {
        const { payload } = await jwtVerify(token, jwks, { issuer, algorithms: ['RS256'] });
        const clientId = payload.token_use === 'access' ? payload.client_id : payload.aud;
        const audiences = Array.isArray(clientId) ? clientId : [clientId];
        if (!audiences.includes(audience)) return null;
        return flatten(payload);
      } catch {
        return null;
      }
    },
  };
}
