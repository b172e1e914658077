/**
 * The founder directory spread over DIRECTORY_SHARDS GSI1 partitions, against DynamoDB Local: entries land in their
 * sub's shard, a page merges the shards newest first without gaps or repeats (whole pages and pages cut inside a
 * searched window), each page costs one Query per shard and one BatchGet whatever the founders, and an entry from
 * before the shards moves to its shard on the founder's next write, or all at once with moveLegacyDirectoryEntries.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countDynamoDbRequests } from '../../test/dynamodb-requests';
import { eventsSettled } from '../../test/helpers';
import { deleteSeeded, seededSub, seedFounders } from '../../test/seed-founders';
import { batchGetAll } from './batch-get';
import { ddb, tableName } from './client';
import { InvalidCursorError } from './cursor';
import {
  LEGACY_DIRECTORY_PARTITION,
  listDirectoryPage,
  moveLegacyDirectoryEntries,
  refreshDirectoryEntry,
} from './directory';
import { DIRECTORY_SHARDS, GSI1, type Key, keys } from './keys';
import { queryAll } from './query';

const PREFIX = `shard${Date.now().toString(36)}`;
const FOUNDERS = 200;
const seeded: Key[] = [];
const subs = Array.from({ length: FOUNDERS }, (_x, i) => seededSub(i, PREFIX));

beforeAll(async () => {
  seeded.push(...(await seedFounders({ from: 0, to: FOUNDERS, type: 'trigger', prefix: PREFIX })));
  // The stream refreshes the seeded founders' entries: let it finish before the pages are compared.
  await eventsSettled();
}, 60_000);
afterAll(async () => {
  await deleteSeeded(seeded);
});

/** Puts a founder's entry back where entries sat before the shards. */
async function intoLegacyPartition(sub: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.directory(sub),
      UpdateExpression: 'SET GSI1PK = :legacy',
      ExpressionAttributeValues: { ':legacy': LEGACY_DIRECTORY_PARTITION },
    }),
  );
}

/** The GSI1 partition a founder's entry sits in now. */
async function indexPartitionOf(sub: string): Promise<unknown> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.directory(sub) }));
  return out.Item?.GSI1PK;
}

/** Every entry in every shard, newest first: what the pages must add up to. */
async function everyEntryNewestFirst(): Promise<string[]> {
  const shards = await Promise.all(
    Array.from({ length: DIRECTORY_SHARDS }, (_x, n) =>
      queryAll({
        TableName: tableName(),
        IndexName: GSI1,
        KeyConditionExpression: 'GSI1PK = :p',
        ExpressionAttributeValues: { ':p': keys.directoryShard(n) },
      }),
    ),
  );
  return shards
    .flat()
    .map((i) => String(i.GSI1SK))
    .sort()
    .reverse();
}

describe('founder directory shards', () => {
  it("writes each entry to its sub's shard, and the founders use every shard", async () => {
    const items = await batchGetAll(tableName(), subs.map(keys.directory));
    expect(items).toHaveLength(FOUNDERS);
    for (const item of items) expect(item.GSI1PK).toBe(keys.directoryPartitionOf(String(item.userId)));
    const used = new Set(items.map((i) => i.GSI1PK));
    expect(used.size).toBe(DIRECTORY_SHARDS);
  });

  it('pages through every shard newest first, whole pages equal to the merged shards', async () => {
    const truth = await everyEntryNewestFirst();
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 4; page++) {
      const { entries, nextCursor } = await listDirectoryPage({}, cursor, 10);
      expect(entries).toHaveLength(10);
      seen.push(...entries.map((e) => `${e.lastActivityAt}#${e.userId}`));
      cursor = nextCursor ?? undefined;
    }
    expect(seen).toEqual(truth.slice(0, 40));
  });

  it('finds every searched founder once, in order, across pages cut inside the window', async () => {
    const found: Array<{ userId: string; lastActivityAt: string }> = [];
    let cursor: string | undefined;
    for (let page = 0; page < 500; page++) {
      const result = await listDirectoryPage({ q: PREFIX }, cursor);
      found.push(...result.entries);
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    expect(found.map((f) => f.userId)).toEqual([...subs].reverse());
    expect(new Set(found.map((f) => f.userId)).size).toBe(FOUNDERS);
  });

  it('makes one Query per shard and one BatchGet a page, first, searched and filtered', async () => {
    for (const filter of [{}, { q: PREFIX }, { phase: 'generate-idea' as const, status: 'in-progress' as const }]) {
      const { requests } = await countDynamoDbRequests(() => listDirectoryPage(filter, undefined));
      expect(requests, JSON.stringify(filter)).toBe(DIRECTORY_SHARDS + 1);
    }
  });

  it('refuses a cursor of the unsharded directory', async () => {
    const old = Buffer.from(
      JSON.stringify({ PK: `USER#${subs[0]}`, SK: 'DIRECTORY', GSI1PK: 'DIRECTORY', GSI1SK: `2025#${subs[0]}` }),
    ).toString('base64url');
    await expect(listDirectoryPage({}, old)).rejects.toThrow(InvalidCursorError);
  });

  it('moves an entry written before the shards (GSI1 DIRECTORY) to its shard on the next refresh', async () => {
    const sub = subs[7] ?? '';
    await intoLegacyPartition(sub);
    expect(await refreshDirectoryEntry(sub, new Date().toISOString())).toBe(true);
    expect(await indexPartitionOf(sub)).toBe(keys.directoryPartitionOf(sub));
  });

  it('moves every entry still in the unsharded partition at once (the local stack does it at start-up), then finds none', async () => {
    const idle = [subs[11] ?? '', subs[12] ?? ''];
    for (const sub of idle) {
      await intoLegacyPartition(sub);
    }
    expect(await moveLegacyDirectoryEntries()).toBe(idle.length);
    for (const sub of idle) {
      expect(await indexPartitionOf(sub)).toBe(keys.directoryPartitionOf(sub));
    }
    expect(await moveLegacyDirectoryEntries()).toBe(0);
  });
});
