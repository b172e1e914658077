/**
 * Stands in for API Gateway's HTTP API JWT authorizer (the verification itself is
 * functions/lib/token-verifier.ts). The claims it returns are flattened to strings
 * as API Gateway flattens them (arrays become `[a b]`).
 */
import type { JWTPayload } from 'jose';
import { createTokenVerifier } from '../functions/lib/token-verifier';

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

/** Enough for every token of a busy local session; the cache starts over when it is full. */
const MAX_CACHED_TOKENS = 10_000;

/** What verification checks with the clock, checked again on every use of a cached result. */
function currentAt(payload: JWTPayload, nowSeconds: number): boolean {
  if (typeof payload.exp === 'number' && payload.exp <= nowSeconds) return false;
  if (typeof payload.nbf === 'number' && payload.nbf > nowSeconds) return false;
  return true;
}

export function createJwtAuthorizer(issuer: string, audience: string): JwtAuthorizer {
  const verifier = createTokenVerifier(issuer, audience);
  // A token's claims are fixed by its signature, so a token verified once needs only its time
  // limits checked again; an RS256 verification per request cost ~10 % of the API's CPU under load
  // (npm run bench). Only valid tokens are kept, keyed by their full text: a forged or altered
  // token is a different string and is verified in full.
  const verified = new Map<string, { payload: JWTPayload; claims: FlatClaims }>();
  return {
    async verify(authorization) {
      const nowSeconds = Math.floor(Date.now() / 1000); // jose's clock
      const cached = authorization ? verified.get(authorization) : undefined;
      if (cached) {
        // A copy: each event gets claims of its own, as a fresh verification would give it.
        if (currentAt(cached.payload, nowSeconds)) return { ...cached.claims };
        verified.delete(authorization ?? '');
        return null;
      }
      const payload = await verifier.verify(authorization);
      if (!payload) return null;
      const claims = flatten(payload);
      if (authorization) {
        if (verified.size >= MAX_CACHED_TOKENS) verified.clear();
        verified.set(authorization, { payload, claims: { ...claims } });
      }
      return claims;
    },
  };
}
