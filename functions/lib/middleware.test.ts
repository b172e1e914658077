import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { platformContract } from '#shared/contract/platform';
import { AccountClosedError } from '../store/account-guard';
import { ConflictError } from './errors';
import type { AccessChecks, AreaRoutes } from './http';
import { createAreaHandler } from './lambda';
import { rootLogger, setLogSink } from './logger';
import {
  errorResponse,
  matchesAnySecret,
  ORIGIN_REFUSED_MESSAGE,
  ORIGIN_SECRET_ENV,
  ORIGIN_VERIFY_HEADER,
  sameSecret,
} from './middleware';

const SECRET_ARN = 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:OriginSecret-AbCdEf';
const SECRET = 'k3Vq9ZpX2mR7tY4wL8nB5cJ1hG6fD0sA';

const checks: AccessChecks = {
  readFounder: async () => ({ profile: { paid: true }, items: [] }),
  checkCoach: async () => undefined,
};

/** The platform area with a health route that counts its calls; nothing else is reached. */
function platform(result: { headers?: Record<string, string> } = {}) {
  const handle = vi.fn(async () => ({ body: { status: 'ok' as const }, ...result }));
  const routes: AreaRoutes<'platform'> = { 'platform.health': { handle } };
  return { handler: createAreaHandler('platform', routes, platformContract, checks), handle };
}

let nextId = 0;
function request(routeKey: string, headers: Record<string, string> = {}): [APIGatewayProxyEventV2, Context] {
  nextId += 1;
  const [method = 'GET', path = '/'] = routeKey.split(' ');
  const event = {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers,
    isBase64Encoded: false,
    requestContext: { requestId: `req-${nextId}`, http: { method, path, sourceIp: '203.0.113.9' } },
  } as unknown as APIGatewayProxyEventV2;
  return [event, { awsRequestId: `aws-${nextId}` } as Context];
}

const bodyOf = (res: APIGatewayProxyStructuredResultV2) => JSON.parse(String(res.body)) as Record<string, unknown>;

beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink((line) => process.stdout.write(`${line}\n`)));

describe('origin check (only CloudFront may call the API)', () => {
  const secretsManager = mockClient(SecretsManagerClient);

  afterEach(() => {
    delete process.env[ORIGIN_SECRET_ENV];
    secretsManager.reset();
  });

  const configure = (arn = SECRET_ARN) => {
    process.env[ORIGIN_SECRET_ENV] = arn;
    secretsManager.on(GetSecretValueCommand, { SecretId: arn }).resolves({ SecretString: SECRET });
  };

  it('checks nothing, and reads no secret, when no secret is configured (offline, tests)', async () => {
    const { handler, handle } = platform();
    const res = await handler(...request('GET /api/health'));
    expect(res.statusCode).toBe(200);
    expect(handle).toHaveBeenCalledOnce();
    const wrong = await handler(...request('GET /api/health', { [ORIGIN_VERIFY_HEADER]: 'anything' }));
    expect(wrong.statusCode).toBe(200);
    expect(secretsManager.calls()).toHaveLength(0);
  });

  it('lets a request with the right header through', async () => {
    configure();
    const { handler, handle } = platform();
    const res = await handler(...request('GET /api/health', { [ORIGIN_VERIFY_HEADER]: SECRET }));
    expect(res.statusCode).toBe(200);
    expect(bodyOf(res)).toEqual({ status: 'ok' });
    expect(handle).toHaveBeenCalledOnce();
  });

  it('refuses a request without the header with 403 in the error shape, before any route runs', async () => {
    configure();
    const { handler, handle } = platform();
    const res = await handler(...request('GET /api/health'));
    expect(res.statusCode).toBe(403);
    expect(res.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-request-id': expect.stringMatching(/^req-/),
    });
    expect(bodyOf(res)).toEqual({ error: 'Forbidden', message: ORIGIN_REFUSED_MESSAGE });
    expect(handle).not.toHaveBeenCalled();
  });

  it('refuses a wrong header: another value, a prefix, the secret with more, a different case, empty', async () => {
    configure();
    const { handler, handle } = platform();
    for (const value of ['x'.repeat(SECRET.length), SECRET.slice(0, -1), `${SECRET}x`, SECRET.toLowerCase(), '']) {
      const res = await handler(...request('GET /api/health', { [ORIGIN_VERIFY_HEADER]: value }));
      expect(res.statusCode, JSON.stringify(value)).toBe(403);
      expect(bodyOf(res).error).toBe('Forbidden');
    }
    expect(handle).not.toHaveBeenCalled();
  });

  it('guards unknown paths too: the catch-all answers 403 before its 404', async () => {
    configure();
    const { handler } = platform();
    expect((await handler(...request('ANY /api/{proxy+}'))).statusCode).toBe(403);
    const known = await handler(...request('ANY /api/{proxy+}', { [ORIGIN_VERIFY_HEADER]: SECRET }));
    expect(known.statusCode).toBe(404);
  });

  it('reads the secret once per container while its cache lasts, not once per request', async () => {
    // An ARN of its own: the helper keeps what it read for minutes (secrets.ts SECRET_CACHE_TTL_MS).
    configure(`${SECRET_ARN}-once`);
    const { handler } = platform();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await handler(...request('GET /api/health', { [ORIGIN_VERIFY_HEADER]: SECRET }))).statusCode ?? 0);
      statuses.push((await handler(...request('GET /api/health'))).statusCode ?? 0);
    }
    expect(statuses).toEqual([200, 403, 200, 403, 200, 403]);
    // One read of the current value and one of the previous, for the first request only.
    expect(secretsManager.commandCalls(GetSecretValueCommand).map((c) => c.args[0].input.VersionStage)).toEqual([
      'AWSCURRENT',
      'AWSPREVIOUS',
    ]);
  });

  it('accepts the current and the previous value during a rotation, and refuses a third', async () => {
    const arn = `${SECRET_ARN}-rotating`;
    const previous = 'Pr3v10usV4lu3Pr3v10usV4lu3Pr3v10';
    process.env[ORIGIN_SECRET_ENV] = arn;
    secretsManager
      .on(GetSecretValueCommand, { SecretId: arn, VersionStage: 'AWSCURRENT' })
      .resolves({ SecretString: SECRET });
    secretsManager
      .on(GetSecretValueCommand, { SecretId: arn, VersionStage: 'AWSPREVIOUS' })
      .resolves({ SecretString: previous });
    const { handler, handle } = platform();
    const status = async (value: string) =>
      (await handler(...request('GET /api/health', { [ORIGIN_VERIFY_HEADER]: value }))).statusCode;
    // CloudFront still sends the previous value until the deploy after the rotation; then the current one.
    expect(await status(previous)).toBe(200);
    expect(await status(SECRET)).toBe(200);
    expect(await status('Th1rdV4lu3Th1rdV4lu3Th1rdV4lu3Th')).toBe(403);
    expect(await status(`${previous}x`)).toBe(403);
    expect(handle).toHaveBeenCalledTimes(2);
  });

  it('accepts only the current value of a secret that was never rotated (no previous version)', async () => {
    const arn = `${SECRET_ARN}-new`;
    process.env[ORIGIN_SECRET_ENV] = arn;
    secretsManager
      .on(GetSecretValueCommand, { SecretId: arn, VersionStage: 'AWSCURRENT' })
      .resolves({ SecretString: SECRET });
    secretsManager
      .on(GetSecretValueCommand, { SecretId: arn, VersionStage: 'AWSPREVIOUS' })
      .rejects(
        Object.assign(new Error("can't find the specified secret version"), { name: 'ResourceNotFoundException' }),
      );
    const { handler } = platform();
    expect((await handler(...request('GET /api/health', { [ORIGIN_VERIFY_HEADER]: SECRET }))).statusCode).toBe(200);
    expect((await handler(...request('GET /api/health', { [ORIGIN_VERIFY_HEADER]: 'other' }))).statusCode).toBe(403);
  });

  it('fails closed when the secret cannot be read: 500, and no route runs', async () => {
    process.env[ORIGIN_SECRET_ENV] = `${SECRET_ARN}-denied`;
    secretsManager
      .on(GetSecretValueCommand)
      .rejects(Object.assign(new Error('not allowed'), { name: 'AccessDeniedException' }));
    const { handler, handle } = platform();
    const res = await handler(...request('GET /api/health', { [ORIGIN_VERIFY_HEADER]: SECRET }));
    expect(res.statusCode).toBe(500);
    expect(bodyOf(res).error).toBe('InternalError');
    expect(handle).not.toHaveBeenCalled();
  });
});

describe('matchesAnySecret', () => {
  it('is true for any of the accepted values and false for none, an empty list or a near miss', () => {
    expect(matchesAnySecret('b', ['a', 'b'])).toBe(true);
    expect(matchesAnySecret('a', ['a', 'b'])).toBe(true);
    expect(matchesAnySecret('c', ['a', 'b'])).toBe(false);
    expect(matchesAnySecret('a', [])).toBe(false);
    expect(matchesAnySecret('a ', ['a'])).toBe(false);
  });
});

describe('sameSecret', () => {
  it('is true only for the very same string, whatever the lengths', () => {
    expect(sameSecret(SECRET, SECRET)).toBe(true);
    expect(sameSecret(`${SECRET} `, SECRET)).toBe(false);
    expect(sameSecret('', SECRET)).toBe(false);
    expect(sameSecret(SECRET, '')).toBe(false);
    expect(sameSecret('é', 'e\u0301')).toBe(false);
  });
});

describe('Cache-Control: no-store on every answer', () => {
  it('on a success, even when the route sets its own caching', async () => {
    const res = await platform().handler(...request('GET /api/health'));
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['cache-control']).toBe('no-store');
    const cached = await platform({ headers: { 'cache-control': 'public, max-age=600' } }).handler(
      ...request('GET /api/health'),
    );
    expect(cached.headers?.['cache-control']).toBe('no-store');
  });

  it('on the 404 for an unknown API path', async () => {
    const res = await platform().handler(...request('ANY /api/{proxy+}'));
    expect(res.statusCode).toBe(404);
    expect(bodyOf(res).error).toBe('NotFound');
    expect(res.headers?.['cache-control']).toBe('no-store');
  });

  it('on every error the middleware answers: typed errors, 503 and 500', () => {
    const quiet = rootLogger.child({});
    for (const err of [
      new ConflictError('taken'),
      Object.assign(new Error('down'), { name: 'ServiceUnavailableException' }),
      new Error('bug'),
    ]) {
      const res = errorResponse(err, quiet, 'req-x');
      expect(res.headers?.['cache-control'], err.message).toBe('no-store');
    }
  });
});

describe('a write for an account deleted meanwhile (store/account-guard.ts)', () => {
  it('answers 403 saying the account is deleted, not 500', () => {
    const res = errorResponse(new AccountClosedError('No profile for sub-1'), rootLogger.child({}), 'req-x');
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(String(res.body))).toEqual({ error: 'Forbidden', message: 'This account has been deleted.' });
  });
});

describe('answers checked against the contract (PRESEED_CHECK_RESPONSES)', () => {
  afterEach(() => {
    delete process.env.PRESEED_CHECK_RESPONSES;
  });

  /** A health route that answers a shape its contract entry does not allow. */
  function drifting() {
    const handle = vi.fn(async () => ({ body: { status: 'fine' } }) as unknown as { body: { status: 'ok' } });
    const routes: AreaRoutes<'platform'> = { 'platform.health': { handle } };
    return createAreaHandler('platform', routes, platformContract, checks);
  }

  it('turns an answer that drifted from its schema into a 500 when checking is on (tests, browser tests)', async () => {
    process.env.PRESEED_CHECK_RESPONSES = '1';
    const res = await drifting()(...request('GET /api/health'));
    expect(res.statusCode).toBe(500);
  });

  it('lets a matching answer through, and skips the check in production', async () => {
    process.env.PRESEED_CHECK_RESPONSES = '1';
    expect((await platform().handler(...request('GET /api/health'))).statusCode).toBe(200);
    delete process.env.PRESEED_CHECK_RESPONSES;
    const res = await drifting()(...request('GET /api/health'));
    expect(res.statusCode).toBe(200);
    expect(bodyOf(res)).toEqual({ status: 'fine' });
  });
});
