/**
 * The transactional outbox: a domain event is an item written in the same transaction as the change it announces,
 * so it exists exactly when the change committed — a function that dies right after its commit still announces it.
 * The table's stream carries each new outbox item to EventBridge (functions/streams/table-changes.ts); the item
 * expires a day later, long after the stream (24 h retention) has delivered it. An event about a founder lives in
 * their partition, so deleting the account deletes it with everything else (decision 031).
 *
 * The detail is checked against the catalogue here, at write time: a bad detail fails the request that builds it
 * (a 500 in the tests), never reaching the stream as a record that could not be published.
 */
import { createHash, randomUUID } from 'node:crypto';
import { type EventDetail, type EventName, parseDetail } from '#shared/events';
import { keys } from './keys';
import type { Item } from './query';
import { putItem, putNew, type TransactItem, wroteIf } from './writes';

/** How long an outbox item is kept: the stream holds records 24 h, so nothing still unsent expires. */
export const OUTBOX_RETENTION_SECONDS = 24 * 60 * 60;

/** The item attribute the stream consumer recognises an outbox item by (besides its key). */
export const OUTBOX_KIND = 'outbox';

export interface OutboxEvent {
  /** Stable across redeliveries: consumers remember it to act once (functions/lib/consumer.ts). */
  id: string;
  detailType: EventName;
  detail: string;
}

/** The outbox item announcing `name`; put it in the change's own transaction. */
export function outboxItem<E extends EventName>(
  name: E,
  detail: EventDetail<E>,
  now = Date.now(),
  id: string = randomUUID(),
): Item {
  const valid = parseDetail(name, detail);
  const founder = 'userId' in valid && typeof valid.userId === 'string' ? valid.userId : undefined;
  return {
    ...keys.outbox(id, founder),
    kind: OUTBOX_KIND,
    outboxId: id,
    detailType: name,
    detail: JSON.stringify(valid),
    createdAt: new Date(now).toISOString(),
    expiresAt: Math.floor(now / 1000) + OUTBOX_RETENTION_SECONDS,
  };
}

/** The transaction item that announces `name` once the transaction commits. */
export function announce<E extends EventName>(name: E, detail: EventDetail<E>): TransactItem {
  return putNew(outboxItem(name, detail));
}

/**
 * Announces an event that follows from handling another (a recompute's next page) rather than from a change of
 * its own. Its id is derived from the handled event's announcement id and `purpose`, so handling that event again
 * writes nothing new: a redelivery or retry does not start a second walk. The id is a hash, the same length
 * however long the chain of follow-ups grows. True when this call wrote it.
 */
export function announceFollowUp<E extends EventName>(
  handled: { announcementId: string },
  purpose: string,
  name: E,
  detail: EventDetail<E>,
): Promise<boolean> {
  const id = createHash('sha256').update(`${handled.announcementId}\n${purpose}`).digest('hex').slice(0, 32);
  return wroteIf(
    putItem({ Item: outboxItem(name, detail, Date.now(), id), ConditionExpression: 'attribute_not_exists(PK)' }),
  );
}
