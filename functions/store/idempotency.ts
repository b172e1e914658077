/**
 * Idempotency records (USER#<sub> / IDEMPOTENCY#<routeId>#<key>): one per keyed save, so a retry of a save that
 * was stored is answered, not stored again (functions/lib/idempotency.ts, decision 040).
 *
 * The record is an item of the save's own transaction: `transact` (writes.ts) adds it to the first transaction a
 * keyed request sends, so the record exists exactly when the save committed — there is no moment at which the save
 * is in the table and its record is not, whatever fails or dies between them. The answer the save gave is added
 * to the record just after; a retry that finds the record without it (the answer was lost between commit and
 * response) runs the route again with that first transaction held back, so the route builds its answer from
 * what is stored instead of writing it a second time.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { CONDITION_FAILED, isConditionFailure } from './conditions';
import type { Key } from './keys';
import { namedError } from './named-error';
// Types only: writes.ts calls into this module, so this one sends its own requests.
import type { TransactItem } from './writes';

/** How long a key names its save: a day, as the IETF draft suggests and long past any client's retries. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/**
 * DynamoDB keeps items up to 400 KB; an answer near that is not kept (the record and the save are still written,
 * so a retry rebuilds the answer as when it was lost).
 */
const MAX_KEPT_ANSWER_CHARS = 300_000;

/** The answer a keyed save gave, as it went out. */
export interface KeptAnswer {
  statusCode: number;
  /** The JSON text of the body; '' for none (204). */
  body: string;
}

export interface IdempotencyRecord {
  requestHash: string;
  /** Null when the save committed but its answer was not recorded (lost with the response). */
  answer: KeptAnswer | null;
}

/** Another request with the same key is inside its save right now (or committed it a moment ago). */
export class IdempotencyKeyInUseError extends namedError('IdempotencyKeyInUseError') {}

interface Scope {
  key: Key;
  requestHash: string;
  /** `record`: the first transaction carries the record; `replay`: that transaction committed earlier and is not sent. */
  mode: 'record' | 'replay';
  /** A transaction of this request carried the record (or, replaying, was held back). */
  claimed: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

export async function readIdempotencyRecord(key: Key): Promise<IdempotencyRecord | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const item = out.Item;
  if (!item) return null;
  const kept =
    typeof item.answerStatus === 'number' && typeof item.answerBody === 'string'
      ? { statusCode: item.answerStatus, body: item.answerBody }
      : null;
  return { requestHash: String(item.requestHash ?? ''), answer: kept };
}

/**
 * Runs a keyed request's route. Resolves with the route's result and whether one of its transactions carried the
 * record (false: the route wrote without a transaction, or not at all).
 */
export async function runKeyed<T>(
  key: Key,
  requestHash: string,
  mode: Scope['mode'],
  route: () => Promise<T>,
): Promise<{ result: T; claimed: boolean }> {
  const scope: Scope = { key, requestHash, mode, claimed: false };
  const result = await scopes.run(scope, route);
  return { result, claimed: scope.claimed };
}

function recordItem(scope: Scope, now = Date.now()): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...scope.key,
        requestHash: scope.requestHash,
        createdAt: new Date(now).toISOString(),
        expiresAt: Math.floor(now / 1000) + IDEMPOTENCY_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * What `transact` sends for a request: `skip` when the transaction committed on an earlier attempt; otherwise its
 * items, with the record appended to the first transaction of a keyed request, and how many of them are the
 * caller's (the cancellation codes it is shown are theirs only, in their order).
 */
export function keyedTransaction(items: TransactItem[]): { skip: true } | { skip: false; items: TransactItem[] } {
  const scope = scopes.getStore();
  if (!scope || scope.claimed) return { skip: false, items };
  scope.claimed = true;
  if (scope.mode === 'replay') return { skip: true };
  return { skip: false, items: [...items, recordItem(scope)] };
}

/**
 * A cancelled transaction's codes as the caller knows them: the record's own code removed. Throws
 * IdempotencyKeyInUseError when it was the record's condition that failed: a request with the same key committed
 * its save first, and this one's answer is the one that request recorded.
 */
export function callerCodes(sent: TransactItem[], ownCount: number, codes: string[]): string[] {
  if (sent.length > ownCount && codes[ownCount] === CONDITION_FAILED) {
    throw new IdempotencyKeyInUseError('Another request with this Idempotency-Key stored its save first');
  }
  return codes.slice(0, ownCount);
}

/**
 * True while a route rebuilds the answer of a save that committed earlier (its transaction is held back): what it
 * answers must be what is stored, the times of that save included, not the times of this retry.
 */
export function replayingCommittedSave(): boolean {
  return scopes.getStore()?.mode === 'replay';
}

/** A request carried the record but its transaction failed: the record is not the request's any more. */
export function releaseClaim(): void {
  const scope = scopes.getStore();
  if (scope && scope.mode === 'record') scope.claimed = false;
}

function keptAnswer(answer: KeptAnswer): Record<string, unknown> | null {
  return answer.body.length > MAX_KEPT_ANSWER_CHARS
    ? null
    : { answerStatus: answer.statusCode, answerBody: answer.body };
}

/** Adds the answer to a record the save's transaction wrote. */
export async function keepAnswer(key: Key, requestHash: string, answer: KeptAnswer): Promise<void> {
  const kept = keptAnswer(answer);
  if (!kept) return;
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET answerStatus = :status, answerBody = :body',
      ConditionExpression: 'requestHash = :hash',
      ExpressionAttributeValues: { ':status': kept.answerStatus, ':body': kept.answerBody, ':hash': requestHash },
    }),
  );
}

/**
 * Writes the record with its answer after a route that saved without a transaction (a single update): that save
 * and its record are two writes, so one that dies between them is done again on the retry — harmless for such a
 * route, which sets state rather than adding to it.
 */
export async function recordAfter(key: Key, requestHash: string, answer: KeptAnswer, now = Date.now()): Promise<void> {
  const kept = keptAnswer(answer);
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...key,
          requestHash,
          createdAt: new Date(now).toISOString(),
          expiresAt: Math.floor(now / 1000) + IDEMPOTENCY_TTL_SECONDS,
          ...kept,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (err) {
    // A parallel request with the key recorded its answer first: theirs stands.
    if (!isConditionFailure(err)) throw err;
  }
}
