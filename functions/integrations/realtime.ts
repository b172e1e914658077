/**
 * Sends messages to open WebSocket connections through API Gateway's management API.
 * The endpoint is REALTIME_ENDPOINT: the stage's `https://<api>.execute-api…/<stage>` in
 * the cloud, the local server's management port offline — the same SDK client either way.
 */
import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { env } from '../lib/env';

let client: ApiGatewayManagementApiClient | undefined;
let clientEndpoint: string | undefined;

function managementClient(): ApiGatewayManagementApiClient {
  const endpoint = env('realtimeEndpoint');
  // Rebuilt when the endpoint changes: tests and the local stack restart it on a new port.
  if (!client || clientEndpoint !== endpoint) {
    client = new ApiGatewayManagementApiClient({ endpoint, maxAttempts: 2 });
    clientEndpoint = endpoint;
  }
  return client;
}

/** 'gone' when the connection no longer exists (410): the caller forgets it. Other failures throw. */
export async function sendToConnection(connectionId: string, message: unknown): Promise<'sent' | 'gone'> {
  try {
    await managementClient().send(
      new PostToConnectionCommand({
        ConnectionId: connectionId,
        Data: new TextEncoder().encode(JSON.stringify(message)),
      }),
    );
    return 'sent';
  } catch (err) {
    if (err instanceof GoneException || (err instanceof Error && err.name === 'GoneException')) return 'gone';
    throw err;
  }
}
