import { describe, expect, it } from 'vitest';
import {
  decodeShardedCursor,
  encodeShardedCursor,
  GSI1_KEY,
  InvalidCursorError,
  type ShardedCursorShape,
  type ShardPosition,
} from './cursor';
import { DIRECTORY_CURSOR } from './directory';
import { DIRECTORY_SHARDS, directoryShardOf, keys } from './keys';

/** A list of 3 shards whose sort key `<time>#<sub>` names its item, as the founder directory's does. */
const SHAPE: ShardedCursorShape = {
  shards: 3,
  shard: (n) => ({
    attributes: GSI1_KEY,
    equals: { GSI1PK: `LIST#${n}`, SK: 'ENTRY' },
    prefixes: { PK: 'USER#' },
  }),
  sortKey: 'GSI1SK',
  keyFrom: (n, sortKey) => {
    const sub = /^[^#]+#([^#]+)$/.exec(sortKey)?.[1];
    return sub ? { PK: `USER#${sub}`, SK: 'ENTRY', GSI1PK: `LIST#${n}`, GSI1SK: sortKey } : null;
  },
  message: 'The cursor is not valid for this list. Start again from the first page.',
};
const key = (n: number, sub: string) => ({
  PK: `USER#${sub}`,
  SK: 'ENTRY',
  GSI1PK: `LIST#${n}`,
  GSI1SK: `2026#${sub}`,
});
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('sharded cursor codec', () => {
  it("gives back each shard's position, and null once every shard is finished", () => {
    const positions: ShardPosition[] = ['start', key(1, 'ada'), 'done'];
    const cursor = encodeShardedCursor(positions, SHAPE);
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(decodeShardedCursor(cursor ?? '', SHAPE)).toEqual(positions);
    expect(encodeShardedCursor(['done', 'done', 'done'], SHAPE)).toBeNull();
  });

  it("fits the contract's 2,000 characters with every directory shard after a founder with a UUID sub", () => {
    const shape: ShardedCursorShape = { ...SHAPE, shards: DIRECTORY_SHARDS };
    const sub = '8f3c2a10-1b2c-4d5e-8f90-0123456789ab';
    const positions = Array.from({ length: DIRECTORY_SHARDS }, (_x, n) => ({
      ...key(n, sub),
      GSI1SK: `2026-11-26T18:00:00.000Z#${sub}`,
    }));
    expect(encodeShardedCursor(positions, shape)?.length).toBeLessThanOrEqual(2000);
  });

  it.each([
    ['not base64 JSON', '%%%'],
    ['a single key (a cursor of an unsharded list)', raw(key(0, 'ada'))],
    ['too few shards', raw([0, 1])],
    ['too many shards', raw([0, 1, 0, 1])],
    ['an unknown position', raw([2, 0, 0])],
    ['a whole key instead of a sort key', raw([0, ['USER#ada', 'ENTRY', 'LIST#1', '2026#ada'], 0])],
    ['a sort key that names no item', raw([0, 'no-separator', 0])],
    ['a sort key naming a sub with a #', raw([0, '2026#a#b', 0])],
    ['an empty sort key', raw([0, '', 0])],
    ['an oversized sort key', raw([0, `2026#${'x'.repeat(1025)}`, 0])],
  ])('refuses %s', (_what, cursor) => {
    expect(() => decodeShardedCursor(cursor, SHAPE)).toThrow(InvalidCursorError);
    expect(() => decodeShardedCursor(cursor, SHAPE)).toThrow(SHAPE.message);
  });

  it('refuses a key the list rebuilds outside its shard', () => {
    const wrong: ShardedCursorShape = { ...SHAPE, keyFrom: (_n, sortKey) => ({ ...key(2, 'ada'), GSI1SK: sortKey }) };
    expect(() => decodeShardedCursor(raw([0, '2026#ada', 0]), wrong)).toThrow(InvalidCursorError);
  });
});

describe("the founder directory's cursor", () => {
  const at = (sub: string, time: string) => ({
    ...keys.directory(sub),
    GSI1PK: keys.directoryPartitionOf(sub),
    GSI1SK: `${time}#${sub}`,
  });

  it("gives back every shard's position after a founder of that shard, whatever their last activity", () => {
    const subs = Array.from({ length: 400 }, (_x, i) => `founder-${i}`);
    const positions: ShardPosition[] = Array.from({ length: DIRECTORY_SHARDS }, (_x, n) => {
      const sub = subs.find((s) => directoryShardOf(s) === n);
      if (!sub) throw new Error(`no founder in shard ${n}`);
      return at(sub, n % 2 ? '2026-11-26T18:00:00.000Z' : '');
    });
    positions[3] = 'start';
    positions[5] = 'done';
    const cursor = encodeShardedCursor(positions, DIRECTORY_CURSOR) ?? '';
    expect(decodeShardedCursor(cursor, DIRECTORY_CURSOR)).toEqual(positions);
  });

  it('refuses a founder placed in a shard that is not theirs', () => {
    const sub = 'founder-1';
    const other = (directoryShardOf(sub) + 1) % DIRECTORY_SHARDS;
    const packed = Array.from({ length: DIRECTORY_SHARDS }, (_x, n) => (n === other ? `2026#${sub}` : 0));
    expect(() => decodeShardedCursor(raw(packed), DIRECTORY_CURSOR)).toThrow(InvalidCursorError);
  });
});

describe('directory shards', () => {
  it('puts a sub in the same shard every time, within range', () => {
    for (const sub of ['a', 'founder-00001', '8f3c2a10-1b2c-4d5e-8f90-0123456789ab']) {
      const shard = directoryShardOf(sub);
      expect(shard).toBe(directoryShardOf(sub));
      expect(shard).toBeGreaterThanOrEqual(0);
      expect(shard).toBeLessThan(DIRECTORY_SHARDS);
      expect(keys.directoryPartitionOf(sub)).toBe(keys.directoryShard(shard));
    }
  });

  it('spreads random subs evenly: every shard within 30 % of its share of 16,000', () => {
    const counts = new Array<number>(DIRECTORY_SHARDS).fill(0);
    for (let i = 0; i < 16_000; i++) {
      const shard = directoryShardOf(crypto.randomUUID());
      counts[shard] = (counts[shard] ?? 0) + 1;
    }
    const share = 16_000 / DIRECTORY_SHARDS;
    expect(Math.max(...counts)).toBeLessThan(share * 1.3);
    expect(Math.min(...counts)).toBeGreaterThan(share * 0.7);
  });
});
