/**
 * Coaches' MFA, both ways, on real cognito-local users:
 * - the shared test stack keeps the requirement off (as `npm start` does by default), so a coach without an
 *   authenticator app uses the admin routes;
 * - a private API server in this worker runs the same route table and handlers with ADMIN_MFA=required (as
 *   every cloud stage does): such a coach gets a 403 that says what to do, and gets in as soon as they have
 *   enrolled an app the way the login page does it (AssociateSoftwareToken, VerifySoftwareToken,
 *   SetUserMFAPreference); their next sign-in asks for the app's code.
 */
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
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasSoftwareTokenMfa } from '../functions/integrations/cognito-mfa';
import { ADMIN_MFA_MISSING_MESSAGE, ADMIN_MFA_REQUIRED } from '../functions/lib/admin-mfa';
import { ENV_NAMES } from '../functions/lib/env';
import { setLogSink } from '../functions/lib/logger';
import { createApiRouter } from '../infra/local/api-router';
import { createJwtAuthorizer } from '../infra/local/jwt-authorizer';
import { totp } from '../infra/local/totp';
import { type ApiRequestOptions, apiRequest } from './api-request';
import { api, createUser, type TestUser } from './helpers';

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

  it('lets the coach in on the next request once an authenticator app is set up, with the same token', async () => {
    secret = await enrollAuthenticatorApp(coach.token);
    expect(await hasSoftwareTokenMfa(coach.username)).toBe(true);
    expect((await requiredApi('GET', '/api/admin/stats', { token: coach.token })).status).toBe(200);
    expect((await requiredApi('GET', '/api/admin/review/trigger', { token: coach.token })).status).toBe(200);
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
