/**
 * The canary's sign-in as a cloud stage runs it: the site's app client allows SRP only (infra/constructs/auth.ts),
 * which cognito-local cannot speak, so a stand-in Cognito endpoint answers the two calls of Amplify's SRP flow.
 * It does not check the password proof (Amplify's own maths); it pins that the smoke check speaks the flow the
 * site's config names, end to end in Node, and reads the account with the token it gets.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CALL_TIMEOUT_MS, checkCanaryRead, ME_PATH } from './checks';

const b64url = (data: object) => Buffer.from(JSON.stringify(data)).toString('base64url');
const jwt = (claims: object) => `${b64url({ alg: 'none' })}.${b64url(claims)}.c2ln`;
const now = () => Math.floor(Date.now() / 1000);
const ACCESS_TOKEN = jwt({ sub: 'canary-sub', username: 'canary', exp: now() + 3600, iat: now(), token_use: 'access' });
const ID_TOKEN = jwt({ sub: 'canary-sub', 'cognito:username': 'canary', exp: now() + 3600, iat: now() });

interface Seen {
  readonly target: string;
  readonly body: Record<string, unknown> & { AuthParameters?: Record<string, string> };
}

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
  });

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

type Mode = 'signs-in' | 'asks-totp' | 'hangs';

describe('the canary read on an SRP-only client', () => {
  const seen: Seen[] = [];
  const meCalls: string[] = [];
  let mode: Mode = 'signs-in';
  let cognitoUrl = '';
  let siteUrl = '';
  const cognito = createServer(async (req, res) => {
    const body = JSON.parse(await bodyOf(req)) as Seen['body'];
    const target =
      String(req.headers['x-amz-target'] ?? '')
        .split('.')
        .pop() ?? '';
    seen.push({ target, body });
    if (mode === 'hangs') return;
    const reply = (data: object) =>
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(data));
    if (target === 'InitiateAuth') {
      reply({
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeParameters: {
          SALT: 'a1b2c3d4e5f60718',
          SRP_B: 'f'.repeat(64),
          SECRET_BLOCK: Buffer.from('secret block').toString('base64'),
          USER_ID_FOR_SRP: 'canary',
          USERNAME: 'canary',
        },
      });
    } else if (mode === 'asks-totp') {
      reply({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'mfa-session', ChallengeParameters: {} });
    } else {
      reply({
        AuthenticationResult: {
          AccessToken: ACCESS_TOKEN,
          IdToken: ID_TOKEN,
          RefreshToken: 'refresh',
          ExpiresIn: 3600,
          TokenType: 'Bearer',
        },
        ChallengeParameters: {},
      });
    }
  });
  const site = createServer((req, res) => {
    if (req.url === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          stage: 'prod',
          region: 'eu-central-1',
          userPoolId: 'eu-central-1_Canary',
          userPoolClientId: 'site-client',
          userPoolEndpoint: cognitoUrl,
          authFlowType: 'USER_SRP_AUTH',
          apiBase: '/api',
          realtimeUrl: 'wss://example.invalid',
          price: { amount: 29900, currency: 'EUR' },
        }),
      );
    } else if (req.url === ME_PATH) {
      meCalls.push(String(req.headers.authorization));
      const ok = req.headers.authorization === `Bearer ${ACCESS_TOKEN}`;
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end('{}');
    } else {
      res.writeHead(404).end();
    }
  });

  beforeAll(async () => {
    cognitoUrl = await listen(cognito);
    siteUrl = await listen(site);
  });
  afterEach(() => {
    seen.length = 0;
    meCalls.length = 0;
    mode = 'signs-in';
  });
  afterAll(() => {
    cognito.closeAllConnections();
    cognito.close();
    site.close();
  });

  it('signs in with SRP, never sending the password, and reads the account with the access token', async () => {
    const result = await checkCanaryRead(siteUrl, { username: 'canary', password: 'Canary-Passw0rd' });
    expect(result).toMatchObject({ ok: true, saw: expect.stringContaining('(USER_SRP_AUTH); /api/me answered 200') });
    const [initiate, respond] = seen;
    expect(initiate?.target).toBe('InitiateAuth');
    expect(initiate?.body).toMatchObject({ AuthFlow: 'USER_SRP_AUTH', ClientId: 'site-client' });
    expect(initiate?.body.AuthParameters?.SRP_A).toMatch(/^[0-9a-f]{256,}$/);
    expect(respond?.target).toBe('RespondToAuthChallenge');
    expect(respond?.body).toMatchObject({ ChallengeName: 'PASSWORD_VERIFIER' });
    expect(Object.keys(respond?.body.ChallengeResponses as object)).toEqual(
      expect.arrayContaining(['PASSWORD_CLAIM_SIGNATURE', 'PASSWORD_CLAIM_SECRET_BLOCK', 'TIMESTAMP', 'USERNAME']),
    );
    expect(JSON.stringify(seen)).not.toContain('Canary-Passw0rd');
    expect(meCalls).toEqual([`Bearer ${ACCESS_TOKEN}`]);
  });

  it('fails, naming the step, when the canary is asked for an authenticator code', async () => {
    mode = 'asks-totp';
    const result = await checkCanaryRead(siteUrl, { username: 'canary', password: 'Canary-Passw0rd' });
    expect(result).toMatchObject({ ok: false, saw: expect.stringContaining('CONFIRM_SIGN_IN_WITH_TOTP_CODE') });
    expect(meCalls).toEqual([]);
  });

  it('fails at its own timeout, not the job’s, when Cognito never answers', async () => {
    mode = 'hangs';
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let result: Awaited<ReturnType<typeof checkCanaryRead>> | undefined;
      const pending = checkCanaryRead(siteUrl, { username: 'canary', password: 'Canary-Passw0rd' }).then((r) => {
        result = r;
      });
      // Real I/O until the call reaches the stand-in (setImmediate is not faked), so no fake time passes before.
      while (seen.length === 0) await new Promise((resolve) => setImmediate(resolve));
      expect(seen.map((s) => s.target)).toEqual(['InitiateAuth']);
      await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS - 1);
      expect(result).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      expect(result).toEqual({
        name: expect.stringContaining('canary read'),
        ok: false,
        saw: `Error: sign-in took longer than ${CALL_TIMEOUT_MS} ms`,
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
