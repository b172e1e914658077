/**
 * The DynamoDB document client, created once per Lambda container. Built with no
 * endpoint option: the local stack points it at DynamoDB Local through
 * AWS_ENDPOINT_URL_DYNAMODB.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { sdkClientOptions } from '../integrations/timeouts';
import { env } from '../lib/env';
import { traced } from '../lib/tracing';

let documentClient: DynamoDBDocumentClient | undefined;

export function ddb(): DynamoDBDocumentClient {
  if (!documentClient) {
    const base = traced(new DynamoDBClient(sdkClientOptions('dynamodb')));
    documentClient = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return documentClient;
}

export function tableName(): string {
  return env('tableName');
}

/** For tests and the benchmark, which swap endpoints between runs. */
export function resetDdbClient(): void {
  documentClient = undefined;
}
