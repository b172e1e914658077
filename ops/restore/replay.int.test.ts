/**
 * The restore drill's replay on DynamoDB Local: writes, a restore point (the table copied as it is then, as a
 * point-in-time restore makes it), more writes, updates and deletes on the old table, then the replay onto the copy.
 * Afterwards the copy holds exactly what the old table holds, but for what the replay must not touch: outbox items
 * (already announced) and an item the app wrote on the restored table since the switch (a conflict, reported).
 */
import { randomUUID } from 'node:crypto';
import {
  type AttributeValue,
  CreateTableCommand,
  DeleteItemCommand,
  DeleteTableCommand,
  DynamoDBClient,
  PutItemCommand,
  ScanCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { afterAll, describe, expect, it } from 'vitest';
import { replayCli } from './cli';
import { canonicalItem, replayStream } from './replay';

const endpoint = () => {
  const url = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  if (!url) throw new Error('the test stack sets AWS_ENDPOINT_URL_DYNAMODB');
  return url;
};
const region = 'us-east-1';
const dynamodb = () => new DynamoDBClient({ endpoint: endpoint(), region });
const streams = () => new DynamoDBStreamsClient({ endpoint: endpoint(), region });
const made: string[] = [];

async function table(withStream: boolean): Promise<string> {
  const name = `replay-${randomUUID().slice(0, 8)}`;
  await dynamodb().send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'PK', AttributeType: 'S' },
        { AttributeName: 'SK', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      ...(withStream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } } : {}),
    }),
  );
  made.push(name);
  return name;
}

afterAll(async () => {
  for (const name of made) await dynamodb().send(new DeleteTableCommand({ TableName: name }));
});

type Item = Record<string, AttributeValue>;
const item = (pk: string, fields: Item = {}): Item => ({ PK: { S: pk }, SK: { S: 'PROFILE' }, ...fields });
const put = (t: string, i: Item) => dynamodb().send(new PutItemCommand({ TableName: t, Item: i }));
const remove = (t: string, pk: string) =>
  dynamodb().send(new DeleteItemCommand({ TableName: t, Key: { PK: { S: pk }, SK: { S: 'PROFILE' } } }));

async function contents(t: string): Promise<Map<string, string>> {
  const out = await dynamodb().send(new ScanCommand({ TableName: t, ConsistentRead: true }));
  return new Map((out.Items ?? []).map((i) => [i.PK?.S ?? '', canonicalItem(i)]));
}

/** The "restore": the old table's items as they are now, copied into a new table without a stream. */
async function restoreCopy(from: string): Promise<string> {
  const to = await table(false);
  const out = await dynamodb().send(new ScanCommand({ TableName: from, ConsistentRead: true }));
  for (const i of out.Items ?? []) await put(to, i);
  return to;
}

describe('restore:replay', () => {
  it('brings the restored table to the old table’s state, once, leaving outbox items and conflicts alone', async () => {
    const old = await table(true);
    await put(old, item('USER#a', { name: { S: 'Ada' }, tags: { SS: ['x', 'y'] } }));
    await put(old, item('USER#b', { name: { S: 'Bo' } }));
    await put(old, item('USER#g', { name: { S: 'Gil' } }));
    await put(old, item('USER#keep', { name: { S: 'Kept' } }));
    const since = new Date();
    const restored = await restoreCopy(old);

    // After the restore point: an update, a delete, a new item updated twice, an item made and removed again,
    // an outbox item, and an item the old table changed while the app also wrote it on the restored table.
    await dynamodb().send(
      new UpdateItemCommand({
        TableName: old,
        Key: { PK: { S: 'USER#a' }, SK: { S: 'PROFILE' } },
        UpdateExpression: 'SET paid = :t',
        ExpressionAttributeValues: { ':t': { BOOL: true } },
      }),
    );
    await remove(old, 'USER#b');
    await put(old, item('USER#d', { name: { S: 'Dee' } }));
    await put(old, item('USER#d', { name: { S: 'Dee' }, paid: { BOOL: true }, answers: { L: [{ S: 'one' }] } }));
    await put(old, item('USER#f'));
    await remove(old, 'USER#f');
    await put(old, { PK: { S: 'OUTBOX#1' }, SK: { S: 'EVENT' }, detailType: { S: 'PaymentCompleted' } });
    await put(old, item('USER#g', { name: { S: 'Gil (old table)' } }));
    await put(restored, item('USER#g', { name: { S: 'Gil (restored table)' } }));

    const report = await replayStream({
      dynamodb: dynamodb(),
      streams: streams(),
      fromTable: old,
      toTable: restored,
      since,
    });
    expect(report).toMatchObject({
      put: 2,
      deleted: 1,
      outboxSkipped: 1,
      conflicts: [expect.stringContaining('USER#g')],
    });
    expect(report.lost).toBeUndefined();

    const oldNow = await contents(old);
    const restoredNow = await contents(restored);
    expect(restoredNow.get('USER#g')).toContain('Gil (restored table)');
    oldNow.delete('OUTBOX#1');
    oldNow.delete('USER#g');
    restoredNow.delete('USER#g');
    expect(restoredNow).toEqual(oldNow);

    // Idempotent: a second run (the one after the switch) writes nothing.
    const again = await replayStream({
      dynamodb: dynamodb(),
      streams: streams(),
      fromTable: old,
      toTable: restored,
      since,
    });
    expect(again).toMatchObject({ put: 0, deleted: 0, conflicts: [expect.stringContaining('USER#g')] });
    expect(again.unchanged).toBe(report.unchanged + 3);
  });

  it('a dry run writes nothing', async () => {
    const old = await table(true);
    const since = new Date();
    const restored = await restoreCopy(old);
    await put(old, item('USER#n', { name: { S: 'New' } }));
    const report = await replayStream({
      dynamodb: dynamodb(),
      streams: streams(),
      fromTable: old,
      toTable: restored,
      since,
      dryRun: true,
    });
    expect(report.put).toBe(1);
    expect((await contents(restored)).size).toBe(0);
  });

  it('says exactly which window is lost when the restore point is older than the stream', async () => {
    const old = await table(true);
    const restored = await restoreCopy(old);
    await put(old, item('USER#late'));
    const since = new Date(Date.now() - 2 * 24 * 60 * 60_000);
    const report = await replayStream({
      dynamodb: dynamodb(),
      streams: streams(),
      fromTable: old,
      toTable: restored,
      since,
    });
    expect(report.lost?.from).toBe(since.toISOString());
    // The stream began when the table was made (less than a day ago): everything before that is gone.
    const to = new Date(report.lost?.to ?? 0).getTime();
    expect(to).toBeGreaterThan(Date.now() - 24 * 60 * 60_000);
    expect(to).toBeLessThanOrEqual(Date.now());
    expect(report.put).toBe(1);
  });

  it('refuses a table without a stream and the same table twice, and the CLI answers 2 to a wrong command', async () => {
    const plain = await table(false);
    const other = await table(false);
    await expect(
      replayStream({ dynamodb: dynamodb(), streams: streams(), fromTable: plain, toTable: other, since: new Date() }),
    ).rejects.toThrow(/has no stream/);
    await expect(
      replayStream({ dynamodb: dynamodb(), streams: streams(), fromTable: plain, toTable: plain, since: new Date() }),
    ).rejects.toThrow(/same table/);
    const lines: string[] = [];
    const print = (l: string) => lines.push(l);
    expect(await replayCli(['--stage', 'dev', '--from-table', plain, '--to-table', other], { print })).toBe(2);
    expect(lines.join('\n')).toMatch(/--since takes the restore point/);
    expect(await replayCli(['--from-table', plain], { print })).toBe(2);
    expect(await replayCli(['--stage', 'dev', '--bogus'], { print })).toBe(2);
    expect(lines.join('\n')).toMatch(/Name a stage/);
  });

  it('the CLI replays and prints what it did (exit 1 when something could not be replayed)', async () => {
    const old = await table(true);
    const since = new Date();
    const restored = await restoreCopy(old);
    await put(old, item('USER#c', { name: { S: 'Cli' } }));
    const lines: string[] = [];
    process.env.AWS_ENDPOINT_URL_DYNAMODB_STREAMS = endpoint();
    try {
      const args = ['--stage', 'dev', '--from-table', old, '--to-table', restored, '--since', since.toISOString()];
      expect(await replayCli(args, { print: (l) => lines.push(l) })).toBe(0);
      expect(lines[0]).toMatch(/1 item\(s\) written, 0 deleted/);
      const longAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000).toISOString();
      expect(await replayCli([...args.slice(0, -1), longAgo], { print: (l) => lines.push(l) })).toBe(1);
      expect(lines.at(-1)).toMatch(/^LOST: the changes from .* are not in the stream/);
    } finally {
      delete process.env.AWS_ENDPOINT_URL_DYNAMODB_STREAMS;
    }
  });
});
