/**
 * Verifies a Cognito access token the way API Gateway's JWT authorizer does — signature against the
 * pool's JWKS, issuer, expiry, and the app client (`client_id`) — and refuses every other kind of
 * token: an ID token is signed by the same pool for the same client, but it is for the browser to read
 * the user's attributes, not a grant to the API (and Cognito's revocation covers access tokens only).
 * Used by the local API server in place of that authorizer, and by the realtime `$connect` handler
 * everywhere, since a browser's WebSocket cannot send an Authorization header.
 */
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { ACCESS_TOKEN_USE } from './principal';

export interface TokenVerifier {
  /** The verified claims, or null for a missing, malformed, expired or foreign token, or one that is not an access token. */
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
        return payload.token_use === ACCESS_TOKEN_USE && payload.client_id === audience ? payload : null;
      } catch {
        return null;
      }
    },
  };
}
