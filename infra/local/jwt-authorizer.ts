/**
 * Stands in for API Gateway's HTTP API JWT authorizer (the verification itself is
 * functions/lib/token-verifier.ts). The claims it returns are flattened to strings
 * as API Gateway flattens them (arrays become `[a b]`).
 */
import type { JWTPayload } from 'jose';
import { createTokenVerifier } from '../../functions/lib/token-verifier';

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
  const verifier = createTokenVerifier(issuer, audience);
  return {
    async verify(authorization) {
      const payload = await verifier.verify(authorization);
      return payload ? flatten(payload) : null;
    },
  };
}
