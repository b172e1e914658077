/**
 * Publishes domain events to the EventBridge bus. Details are validated against
 * the catalogue before they leave, so a consumer never receives a malformed one.
 * Locally the same client reaches the in-process bus through AWS_ENDPOINT_URL_EVENTBRIDGE.
 */
import { EVENT_SOURCE, type EventDetail, type EventName, parseDetail } from '#shared/events';
import { env } from '../lib/env';
import { loadOnce } from './load-once';
import { sdkClientOptions } from './timeouts';

/** The client's module is loaded on the first publish, not with the Lambda (see load-once.ts). */
const eventBridge = loadOnce(async () => {
  const sdk = await import('./sdk/eventbridge');
  return { sdk, client: new sdk.EventBridgeClient(sdkClientOptions('eventBridge')) };
});

export async function publish<E extends EventName>(name: E, detail: EventDetail<E>): Promise<void> {
  const valid = parseDetail(name, detail);
  const { sdk, client } = await eventBridge();
  const out = await client.send(
    new sdk.PutEventsCommand({
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
