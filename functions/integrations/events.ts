/**
 * Publishes domain events to the EventBridge bus. Details are validated against
 * the catalogue before they leave, so a consumer never receives a malformed one.
 * Locally the same client reaches the in-process bus through AWS_ENDPOINT_URL_EVENTBRIDGE.
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { EVENT_SOURCE, type EventDetail, type EventName, parseDetail } from '../../events/catalogue';
import { env } from '../lib/env';

let client: EventBridgeClient | undefined;
function eventBridge(): EventBridgeClient {
  client ??= new EventBridgeClient({ maxAttempts: 3 });
  return client;
}

export async function publish<E extends EventName>(name: E, detail: EventDetail<E>): Promise<void> {
  const valid = parseDetail(name, detail);
  const out = await eventBridge().send(
    new PutEventsCommand({
      Entries: [
        { EventBusName: env('eventBusName'), Source: EVENT_SOURCE, DetailType: name, Detail: JSON.stringify(valid) },
      ],
    }),
  );
  if (out.FailedEntryCount) {
    const entry = out.Entries?.[0];
    throw new Error(`Publishing ${name} failed: ${entry?.ErrorCode ?? 'unknown'} ${entry?.ErrorMessage ?? ''}`.trim());
  }
}
