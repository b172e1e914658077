/**
 * Writes to the table, sent in one place: each fills in the table name, and the conditional ones read
 * DynamoDB's "the condition did not hold" as a result (the item was not as the caller required) rather
 * than an error. Conditions themselves stay with their callers, word for word.
 */
import {
  PutCommand,
  type PutCommandInput,
  type PutCommandOutput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
  type UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { CONDITION_FAILED, cancellationCodes, isConditionFailure } from './conditions';
import { callerCodes, keyedTransaction, releaseClaim } from './idempotency';
import type { Item } from './query';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export type UpdateInput = Omit<UpdateCommandInput, 'TableName'>;
export type PutInput = Omit<PutCommandInput, 'TableName'>;
/** An item as DynamoDB hands it back. */
type Attributes = NonNullable<UpdateCommandOutput['Attributes']>;

export function updateItem(input: UpdateInput): Promise<UpdateCommandOutput> {
  return ddb().send(new UpdateCommand({ TableName: tableName(), ...input }));
}

export function putItem(input: PutInput): Promise<PutCommandOutput> {
  return ddb().send(new PutCommand({ TableName: tableName(), ...input }));
}

/** What `write` resolves to, or `failed` when its condition did not hold; any other error is thrown. */
async function unlessConditionFails<T, U>(write: Promise<T>, failed: U): Promise<T | U> {
  try {
    return await write;
  } catch (err) {
    if (isConditionFailure(err)) return failed;
    throw err;
  }
}

/** True when `write` happened, false when its condition did not hold; any other error is thrown. */
export function wroteIf(write: Promise<unknown>): Promise<boolean> {
  return unlessConditionFails(
    write.then(() => true),
    false,
  );
}

/** The item as a conditional update left it, or null when the condition did not hold. */
export function updatedIf(input: Omit<UpdateInput, 'ReturnValues'>): Promise<Attributes | null> {
  const update = updateItem({ ...input, ReturnValues: 'ALL_NEW' });
  return unlessConditionFails(
    update.then((out) => out.Attributes ?? null),
    null,
  );
}

/** A transaction's Put of an item that must not exist yet: a repeat of the create is cancelled, not written twice. */
export function putNew(item: Item): TransactItem {
  return { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' } };
}

/**
 * Runs a transaction; undefined when it committed. When DynamoDB cancels it, `onCancelled` gets each item's code
 * in order (CONDITION_FAILED for an item whose condition did not hold) and answers for the reasons it knows — a
 * result, or its own error thrown. When it returns undefined the cancellation is thrown as it came: a lost race,
 * which retryOnConflict tries again. Inside a keyed request (the Idempotency-Key header) the first transaction also
 * writes the request's idempotency record, and on the retry of a save that committed it is not sent again
 * (functions/store/idempotency.ts); `onCancelled` sees its own items' codes only.
 */
export async function transact<T>(
  items: TransactItem[],
  onCancelled: (codes: string[]) => T | undefined | Promise<T | undefined> = () => undefined,
): Promise<T | undefined> {
  const keyed = keyedTransaction(items);
  if (keyed.skip) return undefined;
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: keyed.items }));
    return undefined;
  } catch (err) {
    releaseClaim();
    const sent = cancellationCodes(err);
    const codes = sent ? callerCodes(keyed.items, items.length, sent) : null;
    const answer = codes ? await onCancelled(codes) : undefined;
    if (answer === undefined) throw err;
    return answer;
  }
}

/** Runs a transaction: true when it committed, false when its first item's condition did not hold (any other cancellation is thrown). */
export async function transactedIf(items: TransactItem[]): Promise<boolean> {
  const refused = await transact(items, (codes) => (codes[0] === CONDITION_FAILED ? true : undefined));
  return refused !== true;
}
