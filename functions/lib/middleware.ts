/**
 * The middy chain every HTTP Lambda shares: request id and structured log per
 * request, the one error shape, no caching of any answer, and — in the cloud —
 * the origin check that lets only CloudFront in. Validation and access run
 * inside `dispatch` because they depend on the route.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ORIGIN_SECRET_ENV, ORIGIN_VERIFY_HEADER } from '#shared/deploy-names';
import { type ErrorBody, ForbiddenError, HttpError, ServiceUnavailableError } from './errors';
import { type Logger, rootLogger } from './logger';
import { storeRefusalOf } from './store-refusals';

/**
 * On every API answer, errors included: responses carry personal data and tokens' effects, and
 * neither a browser nor a proxy may keep them.
 */
export const NO_STORE = { 'cache-control': 'no-store' } as const;

export { ORIGIN_SECRET_ENV, ORIGIN_VERIFY_HEADER };

export const ORIGIN_REFUSED_MESSAGE = 'This API is only reachable through the site.';

export interface RequestState {
  log: Logger;
  requestId: string;
  startedAt: number;
}

// middy hands the request object to middlewares only; the handler finds its
// request's state through the event it receives.
const states = new WeakMap<APIGatewayProxyEventV2, RequestState>();

export function requestState(event: APIGatewayProxyEventV2): RequestState {
  const state = states.get(event);
  if (!state) throw new Error('requestContext middleware did not run');
  return state;
}

/** SDK and network failures that mean "a dependency is down right now", not "our bug". */
const UNAVAILABLE = new Set([
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
  // Cognito's and SES's name for throttling.
  'TooManyRequestsException',
  // functions/store: a transaction cancelled on every retry (races or throttling).
  'ContentionError',
]);

/**
 * Why DynamoDB cancelled a transaction, when the reason passes with time. The SDK does not retry
 * a TransactionCanceledException, so a caller that does not expect one must still answer 503, not 500.
 */
const TRANSIENT_CANCELLATIONS = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded', 'TransactionConflict']);

function isTransientCancellation(err: Error): boolean {
  if (err.name !== 'TransactionCanceledException') return false;
  const reasons = (err as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.some((reason) => TRANSIENT_CANCELLATIONS.has(reason.Code ?? ''));
}

export function isUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as Error & { code?: string }).code;
  if ((code && UNAVAILABLE.has(code)) || UNAVAILABLE.has(err.name) || isTransientCancellation(err)) return true;
  const cause = (err as Error & { cause?: unknown }).cause;
  if (cause && cause !== err && isUnavailable(cause)) return true;
  return err instanceof AggregateError && err.errors.some(isUnavailable);
}

/** The answer to an error: its own when it is an HttpError, the registered one for a store refusal, else 503 or none. */
export function httpErrorOf(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  return storeRefusalOf(err) ?? (isUnavailable(err) ? new ServiceUnavailableError() : null);
}

export function errorResponse(err: unknown, log: Logger, requestId: string): APIGatewayProxyStructuredResultV2 {
  const http = httpErrorOf(err);
  if (http) {
    if (http.statusCode >= 500) log.error('dependency unavailable', { err });
    // `message` is Powertools' own key: passed as a field it is dropped, with a warning line per refusal.
    else log.info('request refused', { status: http.statusCode, code: http.code, reason: http.message });
    const body: ErrorBody = { error: http.code, message: http.message };
    if (http.details !== undefined) body.details = http.details;
    return {
      statusCode: http.statusCode,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'x-request-id': requestId,
        ...http.headers,
        ...NO_STORE,
      },
      body: JSON.stringify(body),
    };
  }
  log.error('unhandled error', { err });
  const body: ErrorBody = {
    error: 'InternalError',
    message: `Something went wrong on our side. Please try again; if it keeps happening, quote request ${requestId}.`,
  };
  return {
    statusCode: 500,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId, ...NO_STORE },
    body: JSON.stringify(body),
  };
}

export function requestContext(
  area: string,
): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    before: (request) => {
      const requestId = request.event.requestContext?.requestId ?? request.context.awsRequestId;
      const state: RequestState = {
        requestId,
        startedAt: Date.now(),
        // Lambda's own lines (timeouts, REPORT) carry only its invocation id; logging both ties them to the request.
        log: rootLogger.child({ area, requestId, awsRequestId: request.context.awsRequestId }),
      };
      states.set(request.event, state);
    },
    after: (request) => {
      const state = states.get(request.event);
      if (!state || !request.response) return;
      request.response.headers = { ...request.response.headers, 'x-request-id': state.requestId, ...NO_STORE };
      state.log.info('request', {
        method: request.event.requestContext.http.method,
        path: request.event.rawPath,
        status: request.response.statusCode,
        ms: Date.now() - state.startedAt,
      });
    },
  };
}

export function httpErrors(): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    onError: (request) => {
      const state = states.get(request.event);
      const log = state?.log ?? rootLogger;
      const requestId = state?.requestId ?? request.context.awsRequestId;
      request.response = errorResponse(request.error, log, requestId);
      if (state) {
        log.info('request', {
          method: request.event.requestContext?.http?.method,
          path: request.event.rawPath,
          status: request.response.statusCode,
          ms: Date.now() - state.startedAt,
        });
      }
    },
  };
}

/** Equal strings, compared in time that depends on neither their contents nor their lengths. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** True when `given` equals one of `accepted`; every candidate is compared, so the time does not say which. */
export function matchesAnySecret(given: string, accepted: readonly string[]): boolean {
  let match = false;
  for (const candidate of accepted) match = sameSecret(given, candidate) || match;
  return match;
}

/**
 * Refuses (403, in the error shape) a request that does not carry the origin secret in
 * ORIGIN_VERIFY_HEADER, i.e. one sent to the execute-api address instead of through CloudFront and
 * its WAF. Active only when ORIGIN_SECRET_ENV names the secret. `readAccepted` gives the values accepted: the
 * current one and, during a rotation, the previous one (functions/integrations/secrets.ts readAcceptedSecrets,
 * cached for minutes); any other is refused. Runs after requestContext, so the refusal is logged with its id.
 */
export function originVerify(
  readAccepted: (secretId: string) => Promise<readonly string[]>,
): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    before: async (request) => {
      const secretId = process.env[ORIGIN_SECRET_ENV];
      if (!secretId) return;
      const accepted = await readAccepted(secretId);
      const given = request.event.headers?.[ORIGIN_VERIFY_HEADER];
      if (given === undefined || !matchesAnySecret(given, accepted)) throw new ForbiddenError(ORIGIN_REFUSED_MESSAGE);
    },
  };
}
