/**
 * The local server must refuse tokens exactly as API Gateway's JWT authorizer
 * would: forged signatures, expired tokens and tokens for another app client —
 * and, beyond that authorizer, ID tokens (the API and the WebSocket take access
 * tokens only) and every token of a session its account has ended: trust ends
 * on the next request, not at token expiry.
 */

import { createPrivateKey } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { ACCOUNT_DISABLED_MESSAGE, NOT_A_COACH_MESSAGE, SESSION_ENDED_MESSAGE } from '../functions/lib/admin-mfa';
import { ACCOUNT_DELETED_CODE, ACCOUNT_DELETED_MESSAGE } from '../functions/lib/http';
import { createTokenVerifier } from '../functions/lib/token-verifier';
import { endSessions } from '../ops/end-sessions/end-sessions';
import { api, createUser, signIn } from './helpers';

const require = createRequire(import.meta.url);
// cognito-local signs every token with this published key; we use it to mint expired-but-genuine tokens.
const localKey = require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string; jwk: { kid: string } };

async function mint(claims: Record<string, unknown>, options: { expiresAt: number; forged?: boolean }) {
  const issuer = `${inject('cognitoEndpoint')}/${inject('userPoolId')}`;
  const key = options.forged ? (await generateKeyPair('RS256')).privateKey : createPrivateKey(localKey.pem);
  return new SignJWT({
    token_use: 'access',
    client_id: inject('userPoolClientId'),
    auth_time: options.expiresAt - 3600,
    ...claims,
  })
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

  it('refuses a genuine access token without auth_time: its session could not be ended', async () => {
    const founder = await createUser();
    const token = await mint(
      { sub: founder.sub, username: founder.username, auth_time: undefined },
      { expiresAt: now() + 600 },
    );
    expect((await api('GET', '/api/me', { token })).status).toBe(401);
  });
});

describe('access tokens only', () => {
  const PASSWORD = 'Founder-Passw0rd'; // what test/users.ts gives every user it creates

  it("refuses a founder's and a coach's genuine ID token with 401, and takes their access tokens", async () => {
    const founder = await createUser();
    const coach = await createUser({ admin: true });
    const founderTokens = await signIn(founder.username, PASSWORD);
    const coachTokens = await signIn(coach.username, PASSWORD);
    expect(decodeJwt(coachTokens.idToken)).toMatchObject({ token_use: 'id', 'cognito:groups': ['admin'] });
    for (const [path, tokens] of [
      ['/api/me', founderTokens],
      ['/api/dashboard', founderTokens],
      ['/api/admin/stats', coachTokens],
    ] as const) {
      const refused = await api('GET', path, { token: tokens.idToken });
      expect(refused.status, path).toBe(401);
      expect(refused.body).toMatchObject({ error: 'Unauthorized' });
      expect((await api('GET', path, { token: tokens.accessToken })).status, path).toBe(200);
    }
  });

  it("refuses an ID token in the verifier the WebSocket's $connect shares, and reads what the API needs from an access token", async () => {
    const coach = await createUser({ admin: true });
    const tokens = await signIn(coach.username, PASSWORD);
    const verifier = createTokenVerifier(
      `${inject('cognitoEndpoint')}/${inject('userPoolId')}`,
      inject('userPoolClientId'),
    );
    expect(await verifier.verify(tokens.idToken)).toBeNull();
    const claims = await verifier.verify(`Bearer ${tokens.accessToken}`);
    // cognito-local's access tokens carry every claim the access check reads, as Cognito's do.
    expect(claims).toMatchObject({
      token_use: 'access',
      sub: coach.sub,
      username: coach.username,
      client_id: inject('userPoolClientId'),
      'cognito:groups': ['admin'],
    });
    expect(typeof claims?.auth_time).toBe('number');
  });
});

describe('sessions end on the next request, not at token expiry', () => {
  const PASSWORD = 'Founder-Passw0rd';
  const cognito = new CognitoIdentityProviderClient({ endpoint: inject('cognitoEndpoint') });
  const pool = () => ({ UserPoolId: inject('userPoolId') });

  /** A sign-in with its refresh token, as Amplify keeps it. */
  async function signInWithRefresh(username: string) {
    const out = await cognito.send(
      new InitiateAuthCommand({
        ClientId: inject('userPoolClientId'),
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD },
      }),
    );
    const { AccessToken: accessToken, RefreshToken: refreshToken } = out.AuthenticationResult ?? {};
    if (!accessToken || !refreshToken) throw new Error('sign-in returned no tokens');
    return { accessToken, refreshToken };
  }

  async function refresh(refreshToken: string): Promise<string> {
    const out = await cognito.send(
      new InitiateAuthCommand({
        ClientId: inject('userPoolClientId'),
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    const token = out.AuthenticationResult?.AccessToken;
    if (!token) throw new Error('refresh returned no access token');
    return token;
  }

  /** Sessions are ended by the second (auth_time has no finer grain): a new sign-in waits for the next one. */
  const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1050 - (Date.now() % 1000)));

  it("keeps a refreshed token's auth_time at its sign-in's, as Cognito does", async () => {
    const founder = await createUser();
    const session = await signInWithRefresh(founder.username);
    await nextSecond();
    const refreshed = await refresh(session.refreshToken);
    expect(decodeJwt(refreshed).auth_time).toBe(decodeJwt(session.accessToken).auth_time);
    expect(decodeJwt(refreshed).iat).toBeGreaterThan(Number(decodeJwt(session.accessToken).iat));
  });

  it("refuses a founder's old and refreshed tokens once an operator ends their sessions (a disabled account)", async () => {
    const founder = await createUser();
    const session = await signInWithRefresh(founder.username);
    const refreshedBefore = await refresh(session.refreshToken);
    expect((await api('GET', '/api/dashboard', { token: session.accessToken })).status).toBe(200);

    await endSessions({ username: founder.username, disable: true });
    for (const token of [session.accessToken, refreshedBefore, founder.token]) {
      for (const path of ['/api/me', '/api/dashboard', '/api/questions/trigger']) {
        const refused = await api('GET', path, { token });
        expect(refused.status, path).toBe(401);
        expect(refused.body).toMatchObject({ error: 'Unauthorized', message: SESSION_ENDED_MESSAGE });
      }
    }
    // Cognito revoked the refresh token; a disabled user cannot sign in there (cognito-local lets them, see
    // docs/local-emulators.md), and a sign-in after the end is a new session.
    await expect(refresh(session.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await cognito.send(new AdminEnableUserCommand({ ...pool(), Username: founder.username }));
    await nextSecond();
    const fresh = await signInWithRefresh(founder.username);
    expect((await api('GET', '/api/dashboard', { token: fresh.accessToken })).status).toBe(200);
  });

  it("refuses a deleted founder's token on every paid route with 401, saying the account was deleted", async () => {
    const founder = await createUser();
    const deleted = await api('POST', '/api/me/delete', { token: founder.token, body: { email: founder.email } });
    expect(deleted.status).toBe(200);
    for (const path of ['/api/dashboard', '/api/questions/trigger', '/api/files']) {
      const refused = await api('GET', path, { token: founder.token });
      expect(refused.status, path).toBe(401);
      // The app recognises the code, signs out and says so (not the payment page).
      expect(refused.body).toEqual({ error: ACCOUNT_DELETED_CODE, message: ACCOUNT_DELETED_MESSAGE });
    }
  });

  it('refuses a coach disabled in Cognito on the next admin request, before any answer was kept', async () => {
    const coach = await createUser({ admin: true });
    await cognito.send(new AdminDisableUserCommand({ ...pool(), Username: coach.username }));
    const refused = await api('GET', '/api/admin/stats', { token: coach.token });
    expect(refused.status).toBe(401);
    // The Cognito check says the account is disabled; Cognito's event, when it came first, has ended the session
    // (test/cognito-events.int.test.ts). Either is the next request's refusal.
    expect([ACCOUNT_DISABLED_MESSAGE, SESSION_ENDED_MESSAGE]).toContain(refused.body.message);
  });

  it('refuses a coach the operator disables, though their account was just let in, on the next request', async () => {
    const coach = await createUser({ admin: true });
    expect((await api('GET', '/api/admin/stats', { token: coach.token })).status).toBe(200);
    await endSessions({ username: coach.username, disable: true });
    for (const path of ['/api/admin/stats', '/api/admin/founders', '/api/me']) {
      const refused = await api('GET', path, { token: coach.token });
      expect(refused.status, path).toBe(401);
      expect(refused.body).toMatchObject({ message: SESSION_ENDED_MESSAGE });
    }
  });

  it('refuses a coach taken out of the admin group: old tokens at once, new ones as a non-coach', async () => {
    const coach = await createUser({ admin: true });
    const session = await signInWithRefresh(coach.username);
    expect((await api('GET', '/api/admin/founders', { token: session.accessToken })).status).toBe(200);
    await endSessions({ username: coach.username, removeCoach: true });
    expect((await api('GET', '/api/admin/founders', { token: session.accessToken })).status).toBe(401);
    await nextSecond();
    const after = await signIn(coach.username, PASSWORD);
    expect(decodeJwt(after.accessToken)['cognito:groups']).toBeUndefined();
    const refused = await api('GET', '/api/admin/founders', { token: after.accessToken });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: NOT_A_COACH_MESSAGE });
  });

  it('refuses a coach removed from the group in Cognito alone, whose token still says admin', async () => {
    const coach = await createUser({ admin: true });
    await cognito.send(
      new AdminRemoveUserFromGroupCommand({ ...pool(), Username: coach.username, GroupName: 'admin' }),
    );
    expect(decodeJwt(coach.token)['cognito:groups']).toEqual(['admin']);
    const refused = await api('GET', '/api/admin/stats', { token: coach.token });
    // The Cognito check refuses a non-coach (403); Cognito's event, when it came first, has ended the session (401).
    expect([
      { status: 403, message: NOT_A_COACH_MESSAGE },
      { status: 401, message: SESSION_ENDED_MESSAGE },
    ]).toContainEqual({ status: refused.status, message: refused.body.message });
  });
});
