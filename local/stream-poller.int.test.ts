/**
 * The local poller delivers DynamoDB Local's stream as Lambda's event source does: filtered, in order, in batches
 * of STREAM_CONSUMER.batchSize, retried from the record a batch reports failed, split in two when a batch throws,
 * and dead-lettered after STREAM_CONSUMER.maxRetryAttempts retries; and it keeps its place in a position file, so a
 * poller started again resumes after the last record handled, and from the oldest record where it has no usable
 * place. Runs on its own table of the test stack's DynamoDB Local, with a recording handler in place of the stream
 * consumer.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { STREAM_CONSUMER } from '#shared/table-stream';
import { rootLogger } from '../functions/lib/logger';
import { type LocalStreamPoller, startLocalStreamPoller } from './stream-poller';
import { readStreamPosition, STREAM_POSITION_FILE, writeStreamPosition } from './stream-position';

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

describe('the local stream poller across restarts', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = '';
  });

  /** A poller on the table with a recording handler; only drain() reads, so what it delivers is what drain saw. */
  async function recordingPoller(positionFile: string, seen: string[]): Promise<LocalStreamPoller> {
    return startLocalStreamPoller({
      endpoint: endpoint(),
      tableName: table,
      region,
      intervalMs: 600_000,
      positionFile,
      handler: async (e) => {
        seen.push(...e.Records.map(pk));
        return { batchItemFailures: [] };
      },
    });
  }

  async function streamShards(): Promise<{ streamArn: string; shardIds: string[] }> {
    const described = await new DynamoDBClient({ endpoint: endpoint(), region }).send(
      new DescribeTableCommand({ TableName: table }),
    );
    const streamArn = described.Table?.LatestStreamArn ?? '';
    const streams = new DynamoDBStreamsClient({ endpoint: endpoint(), region });
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    streams.destroy();
    return { streamArn, shardIds: (StreamDescription?.Shards ?? []).map((s) => s.ShardId ?? '') };
  }

  it('reads what was written before its first start, and after a restart only what it had not handled', async () => {
    const client = await freshTable();
    dir = await mkdtemp(join(tmpdir(), 'preseed-stream-'));
    const file = join(dir, STREAM_POSITION_FILE);
    // Committed before any poller ran: read from the oldest record, not from the newest.
    await put(client, ['OUTBOX#before-1', 'RATE#ignored', 'OUTBOX#before-2']);
    const first: string[] = [];
    poller = await recordingPoller(file, first);
    await poller.drain();
    expect(first).toEqual(['OUTBOX#before-1', 'OUTBOX#before-2']);
    await poller.stop();

    // Committed while nothing was reading (the process was down).
    await put(client, ['OUTBOX#while-down', 'RATE#ignored-too']);
    const second: string[] = [];
    poller = await recordingPoller(file, second);
    await poller.drain();
    expect(second).toEqual(['OUTBOX#while-down']);

    // The file names the last record read in each shard, the filtered one included.
    const { streamArn } = await streamShards();
    const saved = await readStreamPosition(file, streamArn, rootLogger);
    expect(Object.keys(saved.shards).length).toBeGreaterThan(0);
  });

  it('reads from the oldest record a shard whose saved place the stream refuses, or that it no longer has', async () => {
    const client = await freshTable();
    dir = await mkdtemp(join(tmpdir(), 'preseed-stream-'));
    const file = join(dir, STREAM_POSITION_FILE);
    await put(client, ['OUTBOX#a', 'OUTBOX#b']);
    const { streamArn, shardIds } = await streamShards();
    // Numbers past anything the stream holds (a DynamoDB Local that lost its tail), and a shard of a stream gone.
    const beyond = [String(10n ** 20n), '99999999999999999999999999999'];
    await writeStreamPosition(file, {
      streamArn,
      shards: {
        ...Object.fromEntries(shardIds.map((id, i) => [id, beyond[i % beyond.length] ?? '1'])),
        'shardId-00000000000000000000-gone0000': '100',
      },
    });
    const seen: string[] = [];
    poller = await recordingPoller(file, seen);
    await poller.drain();
    expect(seen).toEqual(['OUTBOX#a', 'OUTBOX#b']);
    const saved = await readStreamPosition(file, streamArn, rootLogger);
    expect(Object.keys(saved.shards)).not.toContain('shardId-00000000000000000000-gone0000');
  });
});
