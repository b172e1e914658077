/**
 * Sends domain events to the EventBridge bus. Only the table's stream consumer calls it
 * (functions/streams/table-changes.ts): handlers announce by writing an outbox item in their own transaction
 * (functions/store/outbox.ts), so an event goes out exactly when its change committed.
 * Locally the same client reaches the in-process bus through AWS_ENDPOINT_URL_EVENTBRIDGE.
 */
import { EVENT_SOURCE, EVENTS, isEventName } from '#shared/events';
import { env } from '../lib/env';
import { traced } from '../lib/tracing';
import { loadOnce } from './load-once';
import { sdkClientOptions } from './timeouts';

/** The client's module is loaded on the first send, not with the Lambda (see load-once.ts). */
const eventBridge = loadOnce(async () => {
  const sdk = await import('./sdk/eventbridge');
  return { sdk, client: traced(new sdk.EventBridgeClient(sdkClientOptions('eventBridge'))) };
});

/** PutEvents takes at most 10 entries a call. */
export const PUT_EVENTS_MAX_ENTRIES = 10;

/** One event to send: the outbox item's id travels as the entry's resource, so a redelivery is recognisable. */
export interface OutgoingEvent {
  /** An ARN naming the outbox item (announcementResource); consumers read the id from it. */
  resource: string;
  detailType: string;
  detail: string;
}

const ANNOUNCEMENT_MARK = '/outbox/';

/** The resource naming outbox item `id` of the table whose stream `streamArn` is. */
export function announcementResource(streamArn: string, id: string): string {
  return `${streamArn.replace(/\/stream\/.*$/, '')}${ANNOUNCEMENT_MARK}${id}`;
}

/** The outbox id an event carries in its resources, if it came from the outbox. */
export function announcementId(resources: readonly string[] | undefined): string | null {
  for (const r of resources ?? []) {
    const at = r.lastIndexOf(ANNOUNCEMENT_MARK);
    if (at >= 0 && at + ANNOUNCEMENT_MARK.length < r.length) return r.slice(at + ANNOUNCEMENT_MARK.length);
  }
  return null;
}

/**
 * Sends up to PUT_EVENTS_MAX_ENTRIES events in one call; returns the indexes of the entries EventBridge refused
 * (the caller retries them). A detail that no longer fits the catalogue is a programming error and throws.
 */
export async function putEvents(events: readonly OutgoingEvent[]): Promise<number[]> {
  if (events.length === 0) return [];
  if (events.length > PUT_EVENTS_MAX_ENTRIES) throw new Error(`PutEvents takes at most ${PUT_EVENTS_MAX_ENTRIES}`);
  for (const e of events) {
    if (!isEventName(e.detailType)) throw new Error(`Unknown event ${e.detailType}`);
    EVENTS[e.detailType].parse(JSON.parse(e.detail));
  }
  const { sdk, client } = await eventBridge();
  const out = await client.send(
    new sdk.PutEventsCommand({
      Entries: events.map((e) => ({
        EventBusName: env('eventBusName'),
        Source: EVENT_SOURCE,
        DetailType: e.detailType,
        Detail: e.detail,
        Resources: [e.resource],
      })),
    }),
  );
  if (!out.FailedEntryCount) return [];
  return events.map((_, i) => i).filter((i) => out.Entries?.[i]?.ErrorCode);
}
