/**
 * Coaches' MFA, both ways, on real cognito-local users:
 * - the shared test stack keeps the requirement off (as `npm start` does by default), so a coach without an
 *   authenticator app uses the admin routes;
 * - a private API server in this worker runs the same route table and handlers with ADMIN_MFA=required (as
 *   every cloud stage does): such a coach gets a 403 that says what to do. Enrolling an app the way the login
 *   page does it (AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference) does not let that
 *   password-only session in, nor any token refreshed from it: only a sign-in that gave the app's
 *   code does. An operator's reset (npm run account:end-sessions -- --reset-mfa) ends the sessions begun with
 *   the old app.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasSoftwareTokenMfa } from '../functions/integrations/cognito-mfa';
import {
  ADMIN_MFA_MISSING_MESSAGE,
  ADMIN_MFA_NOW_ON_MESSAGE,
  ADMIN_MFA_REQUIRED,
  SESSION_ENDED_MESSAGE,
} from '../functions/lib/admin-mfa';
import { ENV_NAMES } from '../functions/lib/env';
import { setLogSink } from '../functions/lib/logger';
import { createApiRouter } from '../local/api-router';
import { createJwtAuthorizer } from '../local/jwt-authorizer';
import { totp } from '../local/totp';
import { endSessions } from '../ops/end-sessions/end-sessions';
import { type ApiRequestOptions, apiRequest } from './api-request';
import { countDynamoDbRequests } from './dynamodb-requests';
import { api, createProfilelessUser, createUser, eventsSettled, type TestUser } from './helpers';

const PASSWORD = 'Founder-Passw0rd'; // what test/users.ts gives every user it creates

let server: Server;
let requiredUrl = '';
const originalSetting = process.env[ENV_NAMES.adminMfa];
const cognito = new CognitoIdentityProviderClient({ endpoint: inject('cognitoEndpoint') });
const clientId = inject('userPoolClientId');

/** A call to the private server, whose handlers run in this worker with ADMIN_MFA=required. */
function requiredApi<T = Record<string, unknown>>(method: string, path: string, options: ApiRequestOptions = {}) {
  return apiRequest<T>(requiredUrl, method, path, options);
}

beforeAll(async () => {
  // The private server logs in this worker; the shared stack's global setup quiets its own the same way.
  if (!process.env.LOG_LEVEL) setLogSink(() => undefined);
  process.env[ENV_NAMES.adminMfa] = ADMIN_MFA_REQUIRED;
  const issuer = `${inject('cognitoEndpoint')}/${inject('userPoolId')}`;
  const router = createApiRouter(createJwtAuthorizer(issuer, clientId));
  server = createServer((req, res) => {
    router.handle(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')).catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  requiredUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (originalSetting === undefined) delete process.env[ENV_NAMES.adminMfa];
  else process.env[ENV_NAMES.adminMfa] = originalSetting;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** What the login page does for a coach without an app (aws-amplify's setUpTOTP, verifyTOTPSetup, updateMFAPreference). */
async function enrollAuthenticatorApp(accessToken: string): Promise<string> {
  const { SecretCode: secret } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  if (!secret) throw new Error('AssociateSoftwareToken returned no secret');
  const verified = await cognito.send(
    new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totp(secret), FriendlyDeviceName: 'phone' }),
  );
  expect(verified.Status).toBe('SUCCESS');
  await cognito.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  return secret;
}

function startSignIn(username: string) {
  return cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD: PASSWORD },
    }),
  );
}

/** A sign-in with the password alone (a coach without an app), with the refresh token Amplify keeps for 30 days. */
async function passwordOnlySession(username: string): Promise<{ accessToken: string; refreshToken: string }> {
  const out = await startSignIn(username);
  const { AccessToken: accessToken, RefreshToken: refreshToken } = out.AuthenticationResult ?? {};
  if (!accessToken || !refreshToken) throw new Error(`expected tokens without a challenge, got ${out.ChallengeName}`);
  return { accessToken, refreshToken };
}

async function refreshed(refreshToken: string): Promise<string> {
  const out = await cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );
  const token = out.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('refresh returned no access token');
  return token;
}

/** A full sign-in that answers the app's code challenge; its access token. */
async function signInWithCode(username: string, secret: string): Promise<string> {
  const started = await startSignIn(username);
  expect(started.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  const done = await cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: started.Session,
      ChallengeResponses: {
        USERNAME: started.ChallengeParameters?.USER_ID_FOR_SRP ?? username,
        SOFTWARE_TOKEN_MFA_CODE: totp(secret),
      },
    }),
  );
  const token = done.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('the code challenge returned no access token');
  return token;
}

/** Sessions end by the second (`auth_time` has no finer grain): a sign-in meant to come after waits for the next. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1050 - (Date.now() % 1000)));

describe('coach MFA not required (the shared test stack, like npm start by default)', () => {
  it('lets a coach without an authenticator app use the admin routes', async () => {
    const coach = await createUser({ admin: true });
    expect(await hasSoftwareTokenMfa(coach.username)).toBe(false);
    const res = await api('GET', '/api/admin/stats', { token: coach.token });
    expect(res.status).toBe(200);
  });
});

describe('coach MFA required (ADMIN_MFA=required, as on every cloud stage)', () => {
  let coach: TestUser;
  let secret = '';

  beforeAll(async () => {
    coach = await createUser({ admin: true });
  });

  it('refuses every admin route to a coach without an authenticator app, saying what to do', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/admin/stats', undefined],
      ['GET', '/api/admin/review/trigger', undefined],
      ['POST', '/api/admin/questions', { type: 'trigger', category: 'Customer Jobs', text: 'Never stored?' }],
    ] as const) {
      const res = await requiredApi(method, path, { token: coach.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ error: 'Forbidden', message: ADMIN_MFA_MISSING_MESSAGE });
    }
    const list = await api<{ questions: { text: string }[] }>('GET', '/api/questions/trigger', { token: coach.token });
    expect(list.body.questions.some((q) => q.text === 'Never stored?')).toBe(false);
  });

  it('still serves the routes coaches share with founders, and founders their own', async () => {
    expect((await requiredApi('GET', '/api/questions/trigger', { token: coach.token })).status).toBe(200);
    const founder = await createUser();
    expect((await requiredApi('GET', '/api/dashboard', { token: founder.token })).status).toBe(200);
    const refused = await requiredApi('GET', '/api/admin/stats', { token: founder.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: 'This action needs an administrator account.' });
  });

  it('refuses the password-only session once an app is set up — its refreshed tokens too — and lets a coded sign-in in', async () => {
    const session = await passwordOnlySession(coach.username);
    const refreshedBefore = await refreshed(session.refreshToken);
    secret = await enrollAuthenticatorApp(coach.token);
    expect(await hasSoftwareTokenMfa(coach.username)).toBe(true);

    // The first admin request after the setup records the app and ends every session begun until then.
    const first = await requiredApi('GET', '/api/admin/stats', { token: coach.token });
    expect(first.status).toBe(401);
    expect(first.body).toEqual({ error: 'Unauthorized', message: ADMIN_MFA_NOW_ON_MESSAGE });
    const refreshedAfter = await refreshed(session.refreshToken);
    expect(decodeJwt(refreshedAfter).auth_time).toBe(decodeJwt(session.accessToken).auth_time);
    for (const token of [coach.token, session.accessToken, refreshedBefore, refreshedAfter]) {
      for (const path of ['/api/admin/stats', '/api/admin/founders', '/api/questions/trigger', '/api/me']) {
        const refused = await requiredApi('GET', path, { token });
        expect(refused.status, path).toBe(401);
        expect(refused.body).toEqual({ error: 'Unauthorized', message: SESSION_ENDED_MESSAGE });
      }
    }

    await nextSecond();
    const coded = await signInWithCode(coach.username, secret);
    expect((await requiredApi('GET', '/api/admin/stats', { token: coded })).status).toBe(200);
    expect((await requiredApi('GET', '/api/admin/review/trigger', { token: coded })).status).toBe(200);
  });

  it("lets the first sign-in with a code in the first time, though the page's request ending the password-only session never came", async () => {
    // A coach as the operator makes one: no founder profile, no session record yet.
    const username = `coach-${randomUUID().slice(0, 8)}`;
    await createProfilelessUser({ username, email: `${username}@example.com`, password: PASSWORD, group: 'admin' });
    const passwordOnly = await passwordOnlySession(username);
    const appSecret = await enrollAuthenticatorApp(passwordOnly.accessToken);
    // The fault: the login page's request that ends the password-only session is lost; the page signs out all the
    // same. Cognito's report of the app turned on (SetUserMFAPreference) is what reaches the app.
    await eventsSettled();
    await nextSecond();
    const coded = await signInWithCode(username, appSecret);
    const first = await requiredApi('GET', '/api/admin/stats', { token: coded });
    expect(first.body).toMatchObject({ totalUsers: expect.any(Number) });
    expect(first.status).toBe(200);
    // The password-only session is over all the same, its refreshed tokens too.
    for (const token of [passwordOnly.accessToken, await refreshed(passwordOnly.refreshToken)]) {
      const refused = await requiredApi('GET', '/api/admin/stats', { token });
      expect(refused.body).toEqual({ error: 'Unauthorized', message: SESSION_ENDED_MESSAGE });
    }
  });

  it("asks for the app's code at the coach's next sign-in, refuses a wrong one and accepts the right one", async () => {
    const started = await startSignIn(coach.email);
    expect(started.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(started.AuthenticationResult).toBeUndefined();
    expect(started.Session).toBeTruthy();
    const username = started.ChallengeParameters?.USER_ID_FOR_SRP ?? coach.username;

    const respond = (code: string) =>
      cognito.send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: started.Session,
          ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );
    const right = totp(secret);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    await expect(respond(wrong)).rejects.toMatchObject({ name: 'CodeMismatchException' });
    const done = await respond(right);
    const token = done.AuthenticationResult?.AccessToken;
    expect(token).toBeTruthy();
    expect((await requiredApi('GET', '/api/admin/stats', { token })).status).toBe(200);
  });

  it("ends the sessions begun with the old app when an operator resets the coach's MFA, and records the next app as new", async () => {
    await nextSecond();
    const withOldApp = await signInWithCode(coach.username, secret);
    expect((await requiredApi('GET', '/api/admin/stats', { token: withOldApp })).status).toBe(200);

    await endSessions({ username: coach.username, resetMfa: true });
    expect(await hasSoftwareTokenMfa(coach.username)).toBe(false);
    const ended = await requiredApi('GET', '/api/admin/stats', { token: withOldApp });
    expect(ended.body).toEqual({ error: 'Unauthorized', message: SESSION_ENDED_MESSAGE });

    // The next login has no app: the password alone, refused the coach pages until a new app is set up ...
    await nextSecond();
    const passwordOnly = await passwordOnlySession(coach.username);
    const missing = await requiredApi('GET', '/api/admin/stats', { token: passwordOnly.accessToken });
    expect(missing.body).toEqual({ error: 'Forbidden', message: ADMIN_MFA_MISSING_MESSAGE });
    // ... and not let in by setting one up: the new app ends that session as the first one did.
    secret = await enrollAuthenticatorApp(passwordOnly.accessToken);
    const nowOn = await requiredApi('GET', '/api/admin/stats', { token: passwordOnly.accessToken });
    expect(nowOn.body).toEqual({ error: 'Unauthorized', message: ADMIN_MFA_NOW_ON_MESSAGE });
    const refreshedToken = await refreshed(passwordOnly.refreshToken);
    expect((await requiredApi('GET', '/api/admin/stats', { token: refreshedToken })).status).toBe(401);
    await nextSecond();
    const coded = await signInWithCode(coach.username, secret);
    expect((await requiredApi('GET', '/api/admin/stats', { token: coded })).status).toBe(200);
  });

  it('lets a coach without an app in again when the requirement is switched off (read per request)', async () => {
    const other = await createUser({ admin: true });
    expect((await requiredApi('GET', '/api/admin/stats', { token: other.token })).status).toBe(403);
    delete process.env[ENV_NAMES.adminMfa];
    try {
      expect((await requiredApi('GET', '/api/admin/stats', { token: other.token })).status).toBe(200);
    } finally {
      process.env[ENV_NAMES.adminMfa] = ADMIN_MFA_REQUIRED;
    }
  });

  it('does not ask an account without an app for a code (founders sign in as before)', async () => {
    const founder = await createUser();
    const started = await startSignIn(founder.email);
    expect(started.ChallengeName).toBeUndefined();
    expect(started.AuthenticationResult?.AccessToken).toBeTruthy();
  });
});

describe('what holding sessions to their account costs (the private server runs the handlers in this worker)', () => {
  it("reads a founder's profile for /api/me in the one BatchGet /api/me makes anyway", async () => {
    const founder = await createUser();
    await requiredApi('GET', '/api/me', { token: founder.token }); // joins the directory once, if ever
    const { requests, result } = await countDynamoDbRequests(() =>
      requiredApi('GET', '/api/me', { token: founder.token }),
    );
    expect(result.status).toBe(200);
    expect(requests).toBe(1);
  });

  it("costs a coach's /api/me one read: the coach's session record (no profile, and Cognito only on admin routes)", async () => {
    const coach = await createUser({ admin: true });
    const me = await countDynamoDbRequests(() => requiredApi('GET', '/api/me', { token: coach.token }));
    expect(me.result.status).toBe(200);
    expect(me.requests).toBe(1);
  });
});
