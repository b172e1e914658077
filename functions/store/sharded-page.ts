/**
 * One page of a list spread over several partitions (shards) of the same sort order: one Query per shard, all in
 * parallel, merged by sort key newest first (or oldest first). The requests a page makes depend on the number of shards, never on the
 * number of items, and the cursor (cursor.ts, encodeShardedCursor) holds each shard's position, so the next page
 * goes on in every shard exactly where this one stopped: no gaps, no repeats.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './client';
import {
  decodeShardedCursor,
  encodeShardedCursor,
  type ShardedCursorShape,
  type ShardPosition,
  type StartKey,
} from './cursor';
import type { Item, QueryInput } from './query';

export interface ShardedPageRequest {
  /** Shard i's Query (partition and order), without a start key or limit. */
  query(shard: number): QueryInput;
  cursorShape: ShardedCursorShape;
  /** Items wanted in merged order. */
  limit: number;
  /**
   * Items read from each shard. `limit` makes every page complete; less reads less, and the page then ends where a
   * shard that has more ran out of read items (its next ones could be newer than other shards' rest).
   */
  perShard: number;
  /** Merge oldest first (each shard's Query must then read ascending, ScanIndexForward true); newest first by default. */
  oldestFirst?: boolean;
}

export interface ShardedPage {
  /** Newest (or oldest) first across the shards. */
  items: Item[];
  /** The cursor that goes on right after the first `count` items (count = items.length: the page's own). */
  cursorAfter(count: number): string | null;
}

interface ShardRead {
  items: Item[];
  /** DynamoDB's LastEvaluatedKey, when the shard may have more. */
  last: StartKey | undefined;
}

const keyOf = (item: Item, attributes: readonly string[]): StartKey =>
  Object.fromEntries(attributes.map((a) => [a, String(item[a])]));

async function readShard(request: ShardedPageRequest, shard: number, from: ShardPosition): Promise<ShardRead> {
  if (from === 'done') return { items: [], last: undefined };
  const out = await ddb().send(
    new QueryCommand({
      ...request.query(shard),
      Limit: request.perShard,
      ...(from === 'start' ? {} : { ExclusiveStartKey: from }),
    }),
  );
  return { items: out.Items ?? [], last: out.LastEvaluatedKey as StartKey | undefined };
}

/** Throws InvalidCursorError when the cursor is not one of this list's. */
export async function queryShardedPage(request: ShardedPageRequest, cursor: string | undefined): Promise<ShardedPage> {
  const { cursorShape: shape } = request;
  const sortKey = shape.sortKey;
  const before = (a: Item, b: Item) =>
    request.oldestFirst ? String(a[sortKey]) < String(b[sortKey]) : String(a[sortKey]) > String(b[sortKey]);
  const from: ShardPosition[] = cursor
    ? decodeShardedCursor(cursor, shape)
    : Array.from({ length: shape.shards }, () => 'start' as const);
  const reads = await Promise.all(from.map((position, shard) => readShard(request, shard, position)));

  const taken = reads.map(() => 0);
  const items: Item[] = [];
  const shardOf: number[] = [];
  while (items.length < request.limit) {
    // A shard that has more but whose read items are all taken could hold the next newest: stop there.
    if (reads.some((r, s) => r.last && taken[s] === r.items.length)) break;
    let best = -1;
    for (const [s, r] of reads.entries()) {
      const head = r.items[taken[s] ?? 0];
      const bestHead = best < 0 ? undefined : reads[best]?.items[taken[best] ?? 0];
      if (head && (!bestHead || before(head, bestHead))) best = s;
    }
    const item = best < 0 ? undefined : reads[best]?.items[taken[best] ?? 0];
    if (!item) break;
    items.push(item);
    shardOf.push(best);
    taken[best] = (taken[best] ?? 0) + 1;
  }

  return {
    items,
    cursorAfter(count) {
      const positions = [...from];
      const used = reads.map(() => 0);
      for (let i = 0; i < Math.min(count, items.length); i++) {
        const s = shardOf[i] ?? 0;
        const item = items[i];
        if (item) positions[s] = keyOf(item, shape.shard(s).attributes);
        used[s] = (used[s] ?? 0) + 1;
      }
      // A shard whose read items are all taken goes on from DynamoDB's own position, or is finished.
      for (const [s, r] of reads.entries()) if (used[s] === r.items.length) positions[s] = r.last ?? 'done';
      return encodeShardedCursor(positions, shape);
    },
  };
}
