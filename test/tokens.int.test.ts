/**
 * The local server must refuse tokens exactly as API Gateway's JWT authorizer
 * would: forged signatures, expired tokens and tokens for another app client.
 */

import { createPrivateKey } from 'node:crypto';
import { createRequire } from 'node:module';
import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { api, createUser } from './helpers';

const require = createRequire(import.meta.url);
// cognito-local signs every token with this published key; we use it to mint expired-but-genuine tokens.
const localKey = require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string; jwk: { kid: string } };

async function mint(claims: Record<string, unknown>, options: { expiresAt: number; forged?: boolean }) {
  const issuer = `${inject('cognitoEndpoint')}/${inject('userPoolId')}`;
  const key = options.forged ? (await generateKeyPair('RS256')).privateKey : createPrivateKey(localKey.pem);
  return new SignJWT({ token_use: 'access', client_id: inject('userPoolClientId'), ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: localKey.jwk.kid })
    .setIssuer(issuer)
    .setIssuedAt(options.expiresAt - 3600)
    .setExpirationTime(options.expiresAt)
    .sign(key);
}

describe('token verification on the local API', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts a genuine, current token (control)', async () => {
    const founder = await createUser();
    const token = await mint({ sub: founder.sub, username: founder.username }, { expiresAt: now() + 600 });
    expect((await api('GET', '/api/me', { token })).status).toBe(200);
  });

  it('refuses a token signed with another key, even claiming the admin group', async () => {
    const token = await mint(
      { sub: 'attacker', username: 'admin', 'cognito:groups': ['admin'] },
      { expiresAt: now() + 600, forged: true },
    );
    const res = await api('POST', '/api/admin/questions', { token, body: {} });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'Unauthorized' });
  });

  it('refuses an expired token', async () => {
    const founder = await createUser();
    const token = await mint({ sub: founder.sub, username: founder.username }, { expiresAt: now() - 60 });
    expect((await api('GET', '/api/me', { token })).status).toBe(401);
  });

  it('refuses a token issued to another app client', async () => {
    const founder = await createUser();
    const token = await mint(
      { sub: founder.sub, username: founder.username, client_id: 'another-client' },
      { expiresAt: now() + 600 },
    );
    expect((await api('GET', '/api/me', { token })).status).toBe(401);
  });

  it('refuses garbage and a missing Bearer value', async () => {
    expect((await api('GET', '/api/me', { token: 'not-a-jwt' })).status).toBe(401);
    expect((await api('GET', '/api/me', { headers: { authorization: 'Bearer ' } })).status).toBe(401);
  });
});
