/**
 * Builds an EventBridge consumer from per-event handlers. The detail is parsed
 * against the catalogue, so a handler gets a typed, valid detail; an invalid one
 * is logged and dropped (retrying would never make it valid). Other errors are
 * rethrown so EventBridge (or the local bus) retries and finally dead-letters.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { EVENTS, type EventDetail, type EventName, isEventName } from '#shared/events';
import { type Logger, rootLogger } from './logger';

export type ConsumerHandlers = {
  [E in EventName]?: (detail: EventDetail<E>, log: Logger, event: { id: string; time: string }) => Promise<void>;
};

export type ConsumerHandler = (event: EventBridgeEvent<string, unknown>) => Promise<void>;

export function createConsumer(name: string, handlers: ConsumerHandlers): ConsumerHandler {
  return async (event) => {
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
    const handle = handlers[type] as (d: unknown, l: Logger, e: { id: string; time: string }) => Promise<void>;
    await handle(parsed.data, log, { id: event.id, time: event.time });
    log.info('event handled');
  };
}
