/**
 * Replays onto a restored table the changes the old table's stream holds since the restore point.
 *
 * Per item (its key), the stream gives the states it went through: the image before its first change and the image
 * after each one. The restored table holds one of those states (the one at the restore point) — or a later one the
 * app wrote there after the switch. So for each key: when the restored item is any state of that history it is set
 * to the last one (put of the newest image, or a delete when the item is gone); when it is none of them, something
 * else wrote it and it is left alone and reported as a conflict. Running the replay again changes nothing (the item
 * already holds the last state), which is why it is run once before the switch and once after it, for the changes
 * made while the deploy switched.
 *
 * What it cannot replay, it says: a stream keeps 24 hours, so a restore point older than the stream's oldest
 * record (or than the stream itself) leaves the changes between the two out. Outbox items (`OUTBOX#…`) are not
 * replayed: the old table's stream already announced them, and the restored table's stream would announce them a
 * second time once the stream consumer reads it (decision 018).
 */
import {
  type AttributeValue,
  DeleteItemCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  type DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type Shard,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { OUTBOX_KEY_PREFIX } from '#shared/table-stream';

/** How long DynamoDB Streams keeps a record. */
export const STREAM_RETENTION_MS = 24 * 60 * 60_000;

/**
 * Stream records carry their time rounded down (the cloud to the second, DynamoDB Local to the minute), and a
 * restore point is a second: records of the minute before the restore point are taken as well. Taking a change the
 * restored table already holds is harmless — its state is in the item's history, so the item ends at its last state
 * all the same.
 */
export const RESTORE_POINT_MARGIN_MS = 60_000;

/** Empty pages in a row after which an open shard counts as read to its end (as local/stream-poller.ts). */
const EMPTY_PAGES_AT_END = 5;

type Item = Record<string, AttributeValue>;

export interface ReplayOptions {
  readonly dynamodb: DynamoDBClient;
  readonly streams: DynamoDBStreamsClient;
  /** The table the stage used until the restore; its stream holds the changes. */
  readonly fromTable: string;
  /** The restored table. */
  readonly toTable: string;
  /** The restore point: the time the restored table was restored to. */
  readonly since: Date;
  /** Reads and reports, writes nothing. */
  readonly dryRun?: boolean;
  readonly now?: () => number;
}

export interface ReplayReport {
  /** Stream records from the restore point on (outbox records included). */
  readonly records: number;
  /** Items written with their newest image. */
  readonly put: number;
  /** Items deleted (their last change removed them). */
  readonly deleted: number;
  /** Items that already held their last state (a second run, or a change the restore point already held). */
  readonly unchanged: number;
  /** Keys whose restored item is none of the states the stream saw: written by someone else, left alone. */
  readonly conflicts: readonly string[];
  /** Outbox records not replayed (announced from the old table's stream). */
  readonly outboxSkipped: number;
  /**
   * The changes the stream cannot give back: from the restore point to where the stream's records begin (it keeps
   * 24 h and begins when it was enabled). Absent when the stream covers the restore point.
   */
  readonly lost?: { readonly from: string; readonly to: string };
}

interface KeyHistory {
  readonly key: Item;
  /** Canonical forms of every state the item went through, the one before the first change included. */
  readonly states: Set<string>;
  /** The item after the last change; undefined when that change removed it. */
  last: Item | undefined;
}

const ABSENT = '∅';

/** One string per item state, whatever the order of its attributes or of a set's members. */
export function canonicalItem(item: Item | undefined): string {
  return item === undefined ? ABSENT : JSON.stringify(canonicalValue({ M: item }));
}

function canonicalValue(value: AttributeValue): unknown {
  if (value.M) {
    return {
      M: Object.fromEntries(
        Object.keys(value.M)
          .sort()
          .map((k) => [k, canonicalValue(value.M?.[k] as AttributeValue)]),
      ),
    };
  }
  if (value.L) return { L: value.L.map(canonicalValue) };
  if (value.SS) return { SS: [...value.SS].sort() };
  if (value.NS) return { NS: [...value.NS].sort() };
  if (value.BS) return { BS: value.BS.map((b) => Buffer.from(b).toString('base64')).sort() };
  if (value.B) return { B: Buffer.from(value.B).toString('base64') };
  return value;
}

/** Shards parents first: an item's changes move from a parent shard to its child, in that order. */
export function shardsInOrder(shards: readonly Shard[]): Shard[] {
  const ids = new Set(shards.map((s) => s.ShardId));
  const children = new Map<string, Shard[]>();
  const roots: Shard[] = [];
  for (const shard of shards) {
    const parent = shard.ParentShardId;
    if (parent && ids.has(parent)) children.set(parent, [...(children.get(parent) ?? []), shard]);
    else roots.push(shard);
  }
  const ordered: Shard[] = [];
  const visit = (shard: Shard) => {
    ordered.push(shard);
    for (const child of children.get(shard.ShardId ?? '') ?? []) visit(child);
  };
  for (const root of roots) visit(root);
  return ordered;
}

async function streamOf(options: ReplayOptions) {
  const table = await options.dynamodb.send(new DescribeTableCommand({ TableName: options.fromTable }));
  const arn = table.Table?.LatestStreamArn;
  const view = table.Table?.StreamSpecification?.StreamViewType;
  if (!arn || !table.Table?.StreamSpecification?.StreamEnabled) {
    throw new ReplayError(`Table ${options.fromTable} has no stream: there is nothing to replay from.`);
  }
  if (view !== 'NEW_AND_OLD_IMAGES') {
    throw new ReplayError(
      `The stream of ${options.fromTable} is ${view ?? 'of no view type'}; replay needs NEW_AND_OLD_IMAGES.`,
    );
  }
  const shards: Shard[] = [];
  let createdAt: Date | undefined;
  let start: string | undefined;
  do {
    const out = await options.streams.send(
      new DescribeStreamCommand({ StreamArn: arn, ...(start ? { ExclusiveStartShardId: start } : {}) }),
    );
    createdAt ??= out.StreamDescription?.CreationRequestDateTime;
    shards.push(...(out.StreamDescription?.Shards ?? []));
    start = out.StreamDescription?.LastEvaluatedShardId;
  } while (start);
  return { arn, shards: shardsInOrder(shards), createdAt };
}

async function* recordsOf(streams: DynamoDBStreamsClient, arn: string, shard: Shard): AsyncGenerator<StreamRecord> {
  const first = await streams.send(
    new GetShardIteratorCommand({ StreamArn: arn, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' }),
  );
  let iterator = first.ShardIterator;
  let empty = 0;
  while (iterator) {
    const out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
    for (const record of out.Records ?? []) yield record;
    empty = out.Records?.length ? 0 : empty + 1;
    // A closed shard ends with no next iterator; an open one is read until it stays empty.
    if (empty >= EMPTY_PAGES_AT_END) return;
    iterator = out.NextShardIterator;
  }
}

export class ReplayError extends Error {
  override readonly name = 'ReplayError';
}

export async function replayStream(options: ReplayOptions): Promise<ReplayReport> {
  if (options.fromTable === options.toTable) throw new ReplayError('--from-table and --to-table are the same table.');
  const now = options.now ?? Date.now;
  const from = options.since.getTime() - RESTORE_POINT_MARGIN_MS;
  const { arn, shards, createdAt } = await streamOf(options);

  const histories = new Map<string, KeyHistory>();
  let records = 0;
  let outboxSkipped = 0;
  for (const shard of shards) {
    for await (const record of recordsOf(options.streams, arn, shard)) {
      const change = record.dynamodb;
      const at = change?.ApproximateCreationDateTime?.getTime() ?? 0;
      if (at < from || !change?.Keys) continue;
      records++;
      if (change.Keys.PK?.S?.startsWith(OUTBOX_KEY_PREFIX)) {
        outboxSkipped++;
        continue;
      }
      const id = canonicalItem(change.Keys);
      const newImage = record.eventName === 'REMOVE' ? undefined : change.NewImage;
      const history = histories.get(id) ?? {
        key: change.Keys,
        states: new Set([canonicalItem(change.OldImage)]),
        last: undefined,
      };
      history.states.add(canonicalItem(newImage));
      history.last = newImage;
      histories.set(id, history);
    }
  }

  let put = 0;
  let deleted = 0;
  let unchanged = 0;
  const conflicts: string[] = [];
  for (const [id, history] of histories) {
    const current = await options.dynamodb.send(
      new GetItemCommand({ TableName: options.toTable, Key: history.key, ConsistentRead: true }),
    );
    const state = canonicalItem(current.Item);
    if (state === canonicalItem(history.last)) {
      unchanged++;
      continue;
    }
    if (!history.states.has(state)) {
      conflicts.push(id);
      continue;
    }
    if (history.last) {
      put++;
      if (!options.dryRun)
        await options.dynamodb.send(new PutItemCommand({ TableName: options.toTable, Item: history.last }));
    } else {
      deleted++;
      if (!options.dryRun)
        await options.dynamodb.send(new DeleteItemCommand({ TableName: options.toTable, Key: history.key }));
    }
  }

  // The stream's records begin at its creation or 24 h ago, whichever is later; before that nothing is known.
  const covered = Math.max(createdAt?.getTime() ?? 0, now() - STREAM_RETENTION_MS);
  const lost =
    options.since.getTime() < covered
      ? { from: options.since.toISOString(), to: new Date(covered).toISOString() }
      : undefined;
  return { records, put, deleted, unchanged, conflicts, outboxSkipped, ...(lost ? { lost } : {}) };
}
