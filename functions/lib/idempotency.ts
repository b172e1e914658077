/**
 * The Idempotency-Key header on the saves a retry would otherwise do twice (IDEMPOTENT_ROUTES, shared/routes.ts).
 * A client names each save with a key and sends it again on that save's retry; a retry of a save that was stored
 * is answered as the first was and stores nothing (functions/store/idempotency.ts, decision 040). Without the
 * header a route behaves as it always did.
 */
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_ROUTES, type RouteId } from '#shared/routes';
import { type KeptAnswer, keepAnswer, readIdempotencyRecord, recordAfter, runKeyed } from '../store/idempotency';
import { keys } from '../store/keys';
import { BadRequestError, HttpError } from './errors';
import type { HttpResult } from './http';
import type { Logger } from './logger';
import type { Principal } from './principal';

/** A UUID, a ULID or any token of its kind; nothing a key could be mistaken for in a sort key or a log line. */
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

export const IDEMPOTENCY_KEY_MALFORMED_MESSAGE = `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to 128 letters, digits or the characters _ . : - (a UUID is best).`;
export const IDEMPOTENCY_KEY_REUSED_CODE = 'IdempotencyKeyReused';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request. Send a new key with each new save, and the same key only when retrying the same save.`;
/** The response header a replayed answer carries, so a client (and a test) can tell it from a fresh one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** The header's value, or undefined without one; throws BadRequestError (400) for a malformed key. */
export function idempotencyKeyOf(event: APIGatewayProxyEventV2): string | undefined {
  const wanted = IDEMPOTENCY_KEY_HEADER.toLowerCase();
  const entry = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === wanted);
  if (!entry) return undefined;
  const value = entry[1] ?? '';
  if (!KEY_PATTERN.test(value)) {
    throw new BadRequestError(IDEMPOTENCY_KEY_MALFORMED_MESSAGE, [
      { field: IDEMPOTENCY_KEY_HEADER, message: IDEMPOTENCY_KEY_MALFORMED_MESSAGE },
    ]);
  }
  return value;
}

/** What makes two requests the same save: the address (path parameters, query) and the body, byte for byte. */
export function requestHashOf(event: APIGatewayProxyEventV2): string {
  const body = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
  return createHash('sha256')
    .update(`${event.requestContext.http.method}\n${event.rawPath}\n${event.rawQueryString ?? ''}\n${body}`, 'utf8')
    .digest('base64url');
}

function answerOf(result: HttpResult): KeptAnswer {
  const statusCode = result.statusCode ?? (result.body === undefined ? 204 : 200);
  return { statusCode, body: result.body === undefined ? '' : JSON.stringify(result.body) };
}

function replayed(answer: KeptAnswer): HttpResult {
  return {
    statusCode: answer.statusCode,
    headers: { [IDEMPOTENT_REPLAYED_HEADER]: 'true' },
    body: answer.body === '' ? undefined : (JSON.parse(answer.body) as unknown),
  };
}

/**
 * Runs a route's handler under the request's idempotency key, when the route takes one and the request sent one.
 * Only an answer below 300 is kept: a refusal wrote nothing, so its retry is a new try and may well succeed.
 */
export async function withIdempotency(
  id: RouteId,
  principal: Principal | null,
  event: APIGatewayProxyEventV2,
  log: Logger,
  handle: () => Promise<HttpResult>,
): Promise<HttpResult> {
  if (!IDEMPOTENT_ROUTES.has(id) || !principal) return handle();
  const idempotencyKey = idempotencyKeyOf(event);
  if (idempotencyKey === undefined) return handle();
  const key = keys.idempotency(principal.sub, id, idempotencyKey);
  const requestHash = requestHashOf(event);
  const record = await readIdempotencyRecord(key);
  if (record && record.requestHash !== requestHash) {
    throw new HttpError(422, IDEMPOTENCY_KEY_REUSED_CODE, IDEMPOTENCY_KEY_REUSED_MESSAGE);
  }
  if (record?.answer) {
    log.info('idempotent replay', { status: record.answer.statusCode });
    return replayed(record.answer);
  }
  // A record without an answer: the save committed, its answer was lost. The route answers from what is stored.
  const mode = record ? 'replay' : 'record';
  const { result, claimed } = await runKeyed(key, requestHash, mode, handle);
  const answer = answerOf(result);
  if (answer.statusCode >= 300) return result;
  try {
    if (claimed) await keepAnswer(key, requestHash, answer);
    else await recordAfter(key, requestHash, answer);
  } catch (err) {
    // The save stands and its answer goes out; a retry rebuilds that answer from what is stored.
    log.warn('idempotency answer not kept', { err });
  }
  return mode === 'replay'
    ? { ...result, headers: { ...result.headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' } }
    : result;
}
