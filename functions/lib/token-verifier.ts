/**
 * Verifies a Cognito token the way API Gateway's JWT authorizer does: signature
 * against the pool's JWKS, issuer, expiry, and the audience (`client_id` for
 * access tokens, `aud` for id tokens). Used by the local API server in place of
 * that authorizer, and by the realtime `$connect` handler everywhere, since a
 * browser's WebSocket cannot send an Authorization header.
 */
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';

export interface TokenVerifier {
  /** The verified claims, or null for a missing, malformed, expired or foreign token. */
  verify(token: string | undefined): Promise<JWTPayload | null>;
}

export function createTokenVerifier(issuer: string, audience: string): TokenVerifier {
  // jose caches the key set and refetches on an unknown key id; the spec's 10-minute key cache.
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`), { cacheMaxAge: 600_000 });
  return {
    async verify(token) {
      const raw = token?.replace(/^Bearer\s+/i, '').trim();
      if (!raw) return null;
      try {
        const { payload } = await jwtVerify(raw, jwks, { issuer, algorithms: ['RS256'] });
        const clientId = payload.token_use === 'access' ? payload.client_id : payload.aud;
        const audiences = Array.isArray(clientId) ? clientId : [clientId];
        return audiences.includes(audience) ? payload : null;
      } catch {
        return null;
      }
    },
  };
}
