/**
 * The table's stream consumer: everything that follows from a committed change is derived here, never by the
 * handler that wrote it.
 * - A new outbox item (store/outbox.ts) is sent to EventBridge, its id carried as the entry's resource so the
 *   consumers can recognise a redelivery (stream delivery is at least once).
 * - A change to an item the founder directory summarises or dates refreshes that founder's entry
 *   (store/directory.ts), once per founder per batch, with the time of the founder's own latest change in it.
 * Records are handled in order; the first one that fails is reported (reportBatchItemFailures), so the batch is
 * retried from there and nothing after it is skipped. The records that reach it are filtered by shared/table-stream.ts,
 * in the cloud by the event source and offline by the local poller.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { isOutboxKey, streamRecordWanted } from '#shared/table-stream';
import { announcementResource, type OutgoingEvent, PUT_EVENTS_MAX_ENTRIES, putEvents } from '../integrations/events';
import { rootLogger } from '../lib/logger';
import { instrumented } from '../lib/tracing';
import { refreshDirectoryEntry } from '../store/directory';
import { keys } from '../store/keys';
import { OUTBOX_KIND } from '../store/outbox';
import type { Item } from '../store/query';

type Image = Item | undefined;

const image = (raw: unknown): Image => (raw ? (unmarshall(raw as Record<string, AttributeValue>) as Item) : undefined);

/** The profile attributes only the founder's own requests change (not email flags, sessions or counters). */
const FOUNDER_PROFILE_FIELDS = ['firstName', 'lastName', 'startupName', 'onboarding', 'idea', 'paid'] as const;

const changed = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/**
 * When a change to one of the founder's items is the founder's own activity, its time; undefined otherwise (a
 * coach's unlock or feedback, a recompute, an email flag: these refresh the entry without dating it).
 */
export function founderActivityAt(sk: string, oldImage: Image, newImage: Image, approxAt: string): string | undefined {
  if (sk === 'PROFILE') {
    if (!newImage) return undefined;
    if (!oldImage) return text(newImage.createdAt) ?? approxAt;
    return FOUNDER_PROFILE_FIELDS.some((f) => changed(oldImage[f], newImage[f]))
      ? (text(newImage.updatedAt) ?? text(newImage.paidAt) ?? text(newImage.ideaSavedAt) ?? approxAt)
      : undefined;
  }
  // Only the founder writes answers; a deletion is dated by the stream.
  if (sk.startsWith('ANSWER#')) return text(newImage?.updatedAt) ?? approxAt;
  if (sk.startsWith('FEEDBACK#') && sk.includes('#Q#') && newImage) {
    const before = Number(oldImage?.replyCount ?? 0);
    if (Number(newImage.replyCount ?? 0) <= before) return undefined;
    const replies = Object.values((newImage.replies ?? {}) as Record<string, { author?: unknown; at?: unknown }>);
    const latest = replies.find((r) => r.at === newImage.lastReplyAt);
    return latest?.author === 'founder' ? text(latest.at) : undefined;
  }
  return undefined;
}

const later = (a: string | undefined, b: string | undefined) => (a && b ? (a > b ? a : b) : (a ?? b));

interface Plan {
  /** Outbox events, with the index of the record that holds each. */
  events: Array<{ index: number; event: OutgoingEvent }>;
  /** Founders whose entry to refresh: the first record index that names them, and their latest activity. */
  founders: Map<string, { index: number; activityAt: string | undefined }>;
}

export function planBatch(records: readonly DynamoDBRecord[]): Plan {
  const plan: Plan = { events: [], founders: new Map() };
  records.forEach((record, index) => {
    const { dynamodb } = record;
    if (!dynamodb || !streamRecordWanted(record.eventName, dynamodb.Keys as never)) return;
    const pk = String(dynamodb.Keys?.PK?.S ?? '');
    const sk = String(dynamodb.Keys?.SK?.S ?? '');
    const newImage = image(dynamodb.NewImage);
    if (isOutboxKey(pk, sk)) {
      if (newImage?.kind !== OUTBOX_KIND) return;
      plan.events.push({
        index,
        event: {
          resource: announcementResource(record.eventSourceARN ?? '', String(newImage.outboxId)),
          detailType: String(newImage.detailType),
          detail: String(newImage.detail),
        },
      });
      return;
    }
    const sub = keys.userIdFromPk(pk);
    const approxAt = new Date((dynamodb.ApproximateCreationDateTime ?? Date.now() / 1000) * 1000).toISOString();
    const activityAt = founderActivityAt(sk, image(dynamodb.OldImage), newImage, approxAt);
    const known = plan.founders.get(sub);
    plan.founders.set(sub, { index: known?.index ?? index, activityAt: later(known?.activityAt, activityAt) });
  });
  return plan;
}

async function handleBatch(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const log = rootLogger.child({ consumer: 'table-changes', records: event.Records.length });
  const plan = planBatch(event.Records);
  let firstFailed = Number.POSITIVE_INFINITY;

  for (let from = 0; from < plan.events.length; from += PUT_EVENTS_MAX_ENTRIES) {
    const chunk = plan.events.slice(from, from + PUT_EVENTS_MAX_ENTRIES);
    try {
      const refused = await putEvents(chunk.map((c) => c.event));
      for (const i of refused) firstFailed = Math.min(firstFailed, chunk[i]?.index ?? firstFailed);
    } catch (err) {
      log.error('events not sent', { error: String(err) });
      firstFailed = Math.min(firstFailed, chunk[0]?.index ?? firstFailed);
    }
  }
  // Founders one after another: each refresh is a BatchGet and a transaction, and a batch names few founders.
  for (const [sub, { index, activityAt }] of plan.founders) {
    try {
      await refreshDirectoryEntry(sub, activityAt);
    } catch (err) {
      log.error('founder directory entry not refreshed', { userId: sub, error: String(err) });
      firstFailed = Math.min(firstFailed, index);
    }
  }

  const failed = event.Records[firstFailed]?.dynamodb?.SequenceNumber;
  return { batchItemFailures: failed ? [{ itemIdentifier: failed }] : [] };
}

export const handler = instrumented(handleBatch);
