import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { platformContract } from '#shared/contract/platform';
import { AccountClosedError } from '../store/account-guard';
import { ContentionError } from '../store/retry';
import { BadRequestError, ConflictError } from './errors';
import type { AccessChecks, AreaRoutes } from './http';
import { createAreaHandler } from './lambda';
import { rootLogger, setLogSink } from './logger';
import {
  errorResponse,
  isUnavailable,
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

const HEALTHY = {
  status: 'ok',
  dependencies: { dynamodb: 'unchecked', cognito: 'unchecked', s3: 'unchecked', ses: 'unchecked' },
} as const;

/** The platform area with a health route that counts its calls; nothing else is reached. */
function platform(result: { headers?: Record<string, string> } = {}) {
  const handle = vi.fn(async () => ({ body: HEALTHY, ...result }));
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
    expect(bodyOf(res)).toEqual(HEALTHY);
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
    const handle = vi.fn(async () => ({ body: { status: 'fine' } }) as unknown as { body: typeof HEALTHY });
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

describe('which errors answer 503 (a dependency is down) rather than 500 (our bug)', () => {
  const quiet = rootLogger.child({});
  const named = (name: string, fields: Record<string, unknown> = {}) =>
    Object.assign(new Error(name), { name }, fields);
  const cancelled = (...codes: string[]) =>
    named('TransactionCanceledException', { CancellationReasons: codes.map((Code) => ({ Code })) });

  it("answers the store's ContentionError — by the name the store gives it — with 503 and retry-after", () => {
    const err = new ContentionError('The answer could not be saved after repeated conflicts');
    // The middleware reads the name, not the class (bundles are minified): a renamed error would be a 500.
    expect(err.name).toBe('ContentionError');
    expect(isUnavailable(err)).toBe(true);
    const res = errorResponse(err, quiet, 'req-c');
    expect(res.statusCode).toBe(503);
    expect(res.headers?.['retry-after']).toBe('5');
    expect(bodyOf(res)).toEqual({
      error: 'ServiceUnavailable',
      message: 'The service is temporarily unavailable. Please try again in a moment.',
    });
  });

  it.each([
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    'TimeoutError',
    'ServiceUnavailable',
    'ServiceUnavailableException',
    'ThrottlingException',
    'ProvisionedThroughputExceededException',
    'RequestLimitExceeded',
    'InternalServerError',
    'TransactionConflictException',
    'TooManyRequestsException',
  ])('answers 503 to an error named %s, or carrying it as its code', (name) => {
    expect(errorResponse(named(name), quiet, 'req-n').statusCode).toBe(503);
    expect(isUnavailable(Object.assign(new Error('x'), { code: name }))).toBe(true);
  });

  it('answers 503 to a transaction cancelled for a reason that passes with time, 500 to one that does not', () => {
    for (const code of ['ThrottlingError', 'ProvisionedThroughputExceeded', 'TransactionConflict']) {
      expect(isUnavailable(cancelled('None', code)), code).toBe(true);
    }
    expect(isUnavailable(cancelled('None', 'ConditionalCheckFailed'))).toBe(false);
    expect(isUnavailable(named('TransactionCanceledException'))).toBe(false);
    expect(isUnavailable(named('TransactionCanceledException', { CancellationReasons: [{}] }))).toBe(false);
    // The same reason on another error is no cancellation.
    expect(isUnavailable(named('ValidationException', { CancellationReasons: [{ Code: 'ThrottlingError' }] }))).toBe(
      false,
    );
    expect(errorResponse(cancelled('ConditionalCheckFailed'), quiet, 'req-t').statusCode).toBe(500);
  });

  it('looks through causes and aggregated errors, and stops at an error that is its own cause', () => {
    expect(isUnavailable(new Error('write failed', { cause: new ContentionError('x') }))).toBe(true);
    expect(isUnavailable(new Error('outer', { cause: new Error('inner', { cause: named('ECONNRESET') }) }))).toBe(true);
    expect(isUnavailable(new AggregateError([new Error('bug'), named('ThrottlingException')]))).toBe(true);
    expect(isUnavailable(new AggregateError([new Error('bug'), new Error('other bug')]))).toBe(false);
    const loop = new Error('loop');
    Object.assign(loop, { cause: loop });
    expect(isUnavailable(loop)).toBe(false);
    expect(isUnavailable(new Error('bug', { cause: 'ECONNRESET' }))).toBe(false);
  });

  it('answers 500 with the request id to anything else, and never reads a non-Error as unavailable', () => {
    for (const thrown of [new Error('bug'), 'ECONNRESET', { name: 'ContentionError' }, null, undefined]) {
      expect(isUnavailable(thrown)).toBe(false);
      const res = errorResponse(thrown, quiet, 'req-500');
      expect(res.statusCode).toBe(500);
      expect(res.headers?.['x-request-id']).toBe('req-500');
      expect(bodyOf(res)).toEqual({
        error: 'InternalError',
        message: 'Something went wrong on our side. Please try again; if it keeps happening, quote request req-500.',
      });
    }
  });

  it('answers a typed error with its own status, code, message and details', () => {
    const res = errorResponse(
      new BadRequestError('Check the form.', [{ field: 'name', message: 'Required.' }]),
      quiet,
      'req-4',
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers?.['x-request-id']).toBe('req-4');
    expect(res.headers?.['content-type']).toBe('application/json; charset=utf-8');
    expect(bodyOf(res)).toEqual({
      error: 'BadRequest',
      message: 'Check the form.',
      details: [{ field: 'name', message: 'Required.' }],
    });
    expect(bodyOf(errorResponse(new ConflictError('taken'), quiet, 'req-5'))).toEqual({
      error: 'Conflict',
      message: 'taken',
    });
  });
});

describe('what the middleware logs', () => {
  let lines: { level: string; entry: Record<string, unknown> }[] = [];
  beforeEach(() => {
    lines = [];
    setLogSink((line, level) => lines.push({ level, entry: JSON.parse(line) as Record<string, unknown> }));
  });
  afterEach(() => {
    setLogSink(() => undefined);
    vi.useRealTimers();
  });

  it('logs a dependency failure as an error with the error, a refusal as info with its status, a bug as an error', () => {
    const log = rootLogger.child({});
    errorResponse(new ContentionError('x after repeated conflicts'), log, 'req-a');
    errorResponse(new ConflictError('taken'), log, 'req-b');
    errorResponse(new Error('bug'), log, 'req-c');
    expect(lines.map((l) => [l.level, l.entry.message])).toEqual([
      ['error', 'dependency unavailable'],
      ['info', 'request refused'],
      ['error', 'unhandled error'],
    ]);
    expect(lines[0]?.entry.err).toMatchObject({ name: 'ContentionError', message: 'x after repeated conflicts' });
    // The refusal's own message is kept (as `reason`: Powertools drops a field named `message`, with a warning).
    expect(lines[1]?.entry).toMatchObject({
      status: 409,
      code: 'Conflict',
      reason: 'taken',
      message: 'request refused',
    });
    expect(lines[2]?.entry.err).toMatchObject({ name: 'Error', message: 'bug' });
  });

  it('logs each request once with its method, path, status and duration, under its request id', async () => {
    vi.useFakeTimers({ now: 1_000, toFake: ['Date'] });
    const handle = vi.fn(async () => {
      vi.setSystemTime(1_250);
      return { body: HEALTHY };
    });
    const routes: AreaRoutes<'platform'> = { 'platform.health': { handle } };
    const res = await createAreaHandler('platform', routes, platformContract, checks)(...request('GET /api/health'));
    expect(res.statusCode).toBe(200);
    const logged = lines.filter((l) => l.entry.message === 'request');
    expect(logged).toHaveLength(1);
    expect(logged[0]?.entry).toMatchObject({
      area: 'platform',
      method: 'GET',
      path: '/api/health',
      status: 200,
      ms: 250,
      requestId: res.headers?.['x-request-id'],
    });
    expect(logged[0]?.entry.awsRequestId).toMatch(/^aws-\d+$/);
  });

  it('logs a refused request with its status and duration too, and answers with the event’s request id', async () => {
    vi.useFakeTimers({ now: 5_000, toFake: ['Date'] });
    const [event, context] = request('ANY /api/{proxy+}');
    const res = await platform().handler(event, context);
    expect(res.statusCode).toBe(404);
    expect(res.headers?.['x-request-id']).toBe(event.requestContext.requestId);
    const logged = lines.filter((l) => l.entry.message === 'request');
    expect(logged.map((l) => l.entry)).toEqual([
      expect.objectContaining({ method: 'ANY', path: '/api/{proxy+}', status: 404, ms: 0 }),
    ]);
  });

  it('falls back to the Lambda invocation id when API Gateway gave no request id', async () => {
    const [event, context] = request('GET /api/health');
    const bare = {
      ...event,
      requestContext: { ...event.requestContext, requestId: undefined },
    } as unknown as typeof event;
    const res = await platform().handler(bare, context);
    expect(res.headers?.['x-request-id']).toBe(context.awsRequestId);
  });
});
