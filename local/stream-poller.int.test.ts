/**
 * The local poller delivers DynamoDB Local's stream as Lambda's event source does: filtered, in order, in batches
 * of STREAM_CONSUMER.batchSize, retried from the record a batch reports failed, split in two when a batch throws,
 * and dead-lettered after STREAM_CONSUMER.maxRetryAttempts retries. Runs on its own table of the test stack's
 * DynamoDB Local, with a recording handler in place of the stream consumer.
 */
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { STREAM_CONSUMER } from '#shared/table-stream';
import { type LocalStreamPoller, startLocalStreamPoller } from './stream-poller';

const endpoint = () => {
  const url = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  if (!url) throw new Error('the test stack sets AWS_ENDPOINT_URL_DYNAMODB');
  return url;
};
const region = 'us-east-1';
let poller: LocalStreamPoller | undefined;
let table = '';

async function freshTable(): Promise<DynamoDBClient> {
  const client = new DynamoDBClient({ endpoint: endpoint(), region });
  table = `stream-poller-${randomUUID().slice(0, 8)}`;
  await client.send(
    new CreateTableCommand({
      TableName: table,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'PK', AttributeType: 'S' },
        { AttributeName: 'SK', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
  return client;
}

afterEach(async () => {
  await poller?.stop();
  poller = undefined;
  await new DynamoDBClient({ endpoint: endpoint(), region }).send(new DeleteTableCommand({ TableName: table }));
});

const pk = (r: DynamoDBRecord) => r.dynamodb?.Keys?.PK?.S ?? '';

async function put(client: DynamoDBClient, pks: string[]) {
  for (const p of pks) {
    await client.send(new PutItemCommand({ TableName: table, Item: { PK: { S: p }, SK: { S: 'EVENT' } } }));
  }
}

describe('the local stream poller', () => {
  it('delivers only the wanted records, in order, in batches, with Lambda-shaped records', async () => {
    const client = await freshTable();
    const batches: DynamoDBRecord[][] = [];
    poller = await startLocalStreamPoller({
      endpoint: endpoint(),
      tableName: table,
      region,
      // Only drain() reads, so the batches below do not depend on when a background read falls.
      intervalMs: 600_000,
      handler: async (e: DynamoDBStreamEvent) => {
        batches.push(e.Records);
        return { batchItemFailures: [] };
      },
    });
    const outbox = Array.from(
      { length: STREAM_CONSUMER.batchSize + 2 },
      (_, i) => `OUTBOX#${String(i).padStart(2, '0')}`,
    );
    await put(client, ['RATE#ignored', ...outbox]);
    await poller.drain();
    // At most a batch's worth each (how the records split depends on when DynamoDB Local makes them readable).
    expect(batches.every((b) => b.length >= 1 && b.length <= STREAM_CONSUMER.batchSize)).toBe(true);
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(batches.flat().map(pk)).toEqual(outbox);
    const [first] = batches.flat();
    expect(first?.eventName).toBe('INSERT');
    expect(first?.eventSourceARN).toContain(`table/${table}/stream/`);
    expect(typeof first?.dynamodb?.ApproximateCreationDateTime).toBe('number');
    expect(first?.dynamodb?.NewImage?.SK?.S).toBe('EVENT');
  });

  it('retries a batch from the record it reports failed, and no record before it', async () => {
    const client = await freshTable();
    const calls: string[][] = [];
    let failOnce = true;
    poller = await startLocalStreamPoller({
      endpoint: endpoint(),
      tableName: table,
      region,
      // Only drain() reads, so the batches below do not depend on when a background read falls.
      intervalMs: 600_000,
      handler: async (e): Promise<DynamoDBBatchResponse> => {
        calls.push(e.Records.map(pk));
        const second = e.Records[1];
        if (failOnce && second) {
          failOnce = false;
          return { batchItemFailures: [{ itemIdentifier: second.dynamodb?.SequenceNumber ?? '' }] };
        }
        return { batchItemFailures: [] };
      },
    });
    await put(client, ['OUTBOX#a', 'OUTBOX#b', 'OUTBOX#c']);
    await poller.drain();
    expect(calls).toEqual([
      ['OUTBOX#a', 'OUTBOX#b', 'OUTBOX#c'],
      ['OUTBOX#b', 'OUTBOX#c'],
    ]);
    expect(poller.deadLetters()).toEqual([]);
  });

  it('splits a batch that throws, and dead-letters the record that fails every attempt', async () => {
    const client = await freshTable();
    const calls: string[][] = [];
    poller = await startLocalStreamPoller({
      endpoint: endpoint(),
      tableName: table,
      region,
      // Only drain() reads, so the batches below do not depend on when a background read falls.
      intervalMs: 600_000,
      handler: async (e) => {
        calls.push(e.Records.map(pk));
        if (e.Records.some((r) => pk(r) === 'OUTBOX#bad')) throw new Error('poison');
        return { batchItemFailures: [] };
      },
    });
    await put(client, ['OUTBOX#good', 'OUTBOX#bad']);
    await poller.drain();
    expect(calls[0]).toEqual(['OUTBOX#good', 'OUTBOX#bad']);
    expect(calls[1]).toEqual(['OUTBOX#good']);
    // The first try and every retry of the poison record, alone.
    expect(calls.slice(2)).toEqual(Array.from({ length: STREAM_CONSUMER.maxRetryAttempts + 1 }, () => ['OUTBOX#bad']));
    expect(poller.deadLetters()).toHaveLength(1);
  });
});
