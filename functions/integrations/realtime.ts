/**
 * Sends messages to open WebSocket connections through API Gateway's management API.
 * The endpoint is REALTIME_ENDPOINT: the stage's `https://<api>.execute-api…/<stage>` in
 * the cloud, the local server's management port offline — the same SDK client either way.
 */
import type { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { env } from '../lib/env';
import { traced } from '../lib/tracing';
import { loadOnce } from './load-once';
import { sdkClientOptions } from './timeouts';

/** The client's module is loaded on the first message, not with the Lambda (see load-once.ts). */
const sdk = loadOnce(() => import('./sdk/apigateway-management'));
type Sdk = Awaited<ReturnType<typeof sdk>>;

let client: ApiGatewayManagementApiClient | undefined;
let clientEndpoint: string | undefined;

function managementClient(api: Sdk): ApiGatewayManagementApiClient {
  const endpoint = env('realtimeEndpoint');
  // Rebuilt when the endpoint changes: tests and the local stack restart it on a new port.
  if (!client || clientEndpoint !== endpoint) {
    client = traced(new api.ApiGatewayManagementApiClient({ ...sdkClientOptions('apiGatewayManagement'), endpoint }));
    clientEndpoint = endpoint;
  }
  return client;
}

/** 'gone' when the connection no longer exists (410): the caller forgets it. Other failures throw. */
export async function sendToConnection(connectionId: string, message: unknown): Promise<'sent' | 'gone'> {
  const api = await sdk();
  try {
    await managementClient(api).send(
      new api.PostToConnectionCommand({
        ConnectionId: connectionId,
        Data: new TextEncoder().encode(JSON.stringify(message)),
      }),
    );
    return 'sent';
  } catch (err) {
    if (err instanceof api.GoneException || (err instanceof Error && err.name === 'GoneException')) return 'gone';
    throw err;
  }
}
