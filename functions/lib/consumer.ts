/**
 * Builds an EventBridge consumer from per-event handlers. The detail is parsed
 * against the catalogue, so a handler gets a typed, valid detail; an invalid one
 * is logged and dropped (retrying would never make it valid). Other errors are
 * rethrown so EventBridge (or the local bus) retries and finally dead-letters.
 *
 * Events come from the table's outbox through its stream, both at least once: an event carrying its outbox id
 * (functions/integrations/events.ts) is claimed before it is handled (store/consumed.ts), so a repeated delivery,
 * even a simultaneous one, has no second effect, and a failed one is given back for the retry.
 */
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { EVENTS, type EventDetail, type EventName, isEventName } from '#shared/events';
import { announcementId } from '../integrations/events';
import { FUNCTION_TIMEOUT_SECONDS } from '../integrations/timeouts';
import { claimDelivery, finishDelivery, releaseDelivery } from '../store/consumed';
import { type Logger, rootLogger } from './logger';
import { instrumented } from './tracing';

export interface Delivery {
  /** EventBridge's id of this delivery. */
  id: string;
  time: string;
  /** The announcement's own id (its outbox item), the same in every delivery of it; else the delivery's id. */
  announcementId: string;
}

export type ConsumerHandlers = {
  [E in EventName]?: (detail: EventDetail<E>, log: Logger, event: Delivery) => Promise<void>;
};

export type ConsumerHandler = (event: EventBridgeEvent<string, unknown>, context?: Context) => Promise<void>;

export function createConsumer(name: string, handlers: ConsumerHandlers): ConsumerHandler {
  return instrumented(async (event: EventBridgeEvent<string, unknown>) => {
    const log = rootLogger.child({ consumer: name, eventId: event.id, detailType: event['detail-type'] });
    const type = event['detail-type'];
    if (!isEventName(type) || !handlers[type]) {
      log.warn('event ignored: no handler for this type');
      return;
    }
    const parsed = EVENTS[type].safeParse(event.detail);
    if (!parsed.success) {
      log.error('event dropped: detail does not match the catalogue', { issues: parsed.error.issues });
      return;
    }
    const handle = handlers[type] as (d: unknown, l: Logger, e: Delivery) => Promise<void>;
    const announced = announcementId(event.resources);
    const delivery: Delivery = { id: event.id, time: event.time, announcementId: announced ?? event.id };
    if (!announced) {
      await handle(parsed.data, log, delivery);
      log.info('event handled');
      return;
    }
    // The lease outlives the invocation: a claim is taken over only once its holder can no longer be running.
    if (!(await claimDelivery(name, announced, FUNCTION_TIMEOUT_SECONDS.consumer + 5))) {
      log.info('event skipped: already handled', { announcementId: announced });
      return;
    }
    try {
      await handle(parsed.data, log, delivery);
    } catch (err) {
      await releaseDelivery(name, announced).catch((releaseErr: unknown) =>
        log.warn('claim not given back; the retry waits for its lease', { error: String(releaseErr) }),
      );
      throw err;
    }
    await finishDelivery(name, announced);
    log.info('event handled', { announcementId: announced });
  });
}
