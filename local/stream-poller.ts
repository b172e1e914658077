/**
 * The offline stand-in for Lambda's DynamoDB Streams event source: reads DynamoDB Local's stream of the table and
 * hands the records, filtered and batched as shared/table-stream.ts says, to the same handler the cloud runs
 * (functions/streams/table-changes.ts) as DynamoDBStreamEvent batches. A batch that reports a failed record is
 * retried from that record, a batch that throws is split in two, and records that fail every attempt land in an
 * in-memory dead-letter list, as the cloud's on-failure queue would hold them.
 *
 * Like the cloud's event source it keeps its place: after each batch it records, per shard, the last sequence number
 * handled (local/stream-position.ts, in the data directory), and a restart resumes just after it. A shard it has no
 * place in is read from its oldest record (TRIM_HORIZON), never from the newest: a record committed while nothing
 * was reading is delivered late rather than never. Delivery is therefore at least once across a crash (a batch
 * handled but not yet recorded comes again); the consumers' claims on each outbox id make the repeat a no-op.
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { STREAM_CONSUMER, streamRecordWanted } from '#shared/table-stream';
import { sdkClientOptions } from '../functions/integrations/timeouts';
import { type Logger, rootLogger } from '../functions/lib/logger';
import { readStreamPosition, type StreamPosition, writeStreamPosition } from './stream-position';

type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;

export interface StreamDeadLetter {
  sequenceNumber: string;
  error: string;
  failedAt: string;
}

export interface LocalStreamPoller {
  /**
   * Delivers every record written so far (and, when the table goes quiet, any the delivery writes); resolves with how
   * many it delivered.
   */
  drain(): Promise<number>;
  deadLetters(): readonly StreamDeadLetter[];
  stop(): Promise<void>;
}

interface PollerOptions {
  endpoint: string;
  tableName: string;
  region: string;
  /** Defaults to the cloud's handler, loaded on start. */
  handler?: StreamHandler;
  intervalMs?: number;
  /**
   * Where the position in the stream is kept across restarts (the data directory's stream-position.json); without
   * it (in-memory stacks, whose table starts empty) the position lives only as long as the poller.
   */
  positionFile?: string;
  log?: Logger;
}

/** The SDK's record, as Lambda hands it over: the same JSON, with the creation time in epoch seconds. */
export function lambdaRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const { dynamodb } = record;
  const created = dynamodb?.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(dynamodb as NonNullable<DynamoDBRecord['dynamodb']>),
      ...(created ? { ApproximateCreationDateTime: Math.floor(new Date(created).getTime() / 1000) } : {}),
    },
  };
}

/**
 * Whether the stream answered a request for an iterator with a refusal of the sequence number itself: the cloud says
 * TrimmedDataAccessException (past retention) or ValidationException (not a number of this shard); DynamoDB Local
 * answers a number beyond its newest record with InternalFailure (taking a passing one for a refusal costs a replay
 * the consumers' claims absorb, the safe side). An error without an answer (DynamoDB Local down) is no refusal: the
 * round fails and is tried again, from the same place.
 */
function refusedByStream(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return (
    ['TrimmedDataAccessException', 'ValidationException', 'InternalFailure'].includes(err.name) && status !== undefined
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Between two reads of the stream: a quarter second keeps `npm start` prompt without loading DynamoDB Local on a
 * busy machine (tests do not wait for it: `drain()` reads at once).
 */
const POLL_INTERVAL_MS = 250;

/** Empty pages in a row after which a shard counts as read to its end for this round. */
const EMPTY_PAGES_BEFORE_CAUGHT_UP = 3;
/** The pause between the two quiet rounds that end a drain. */
const QUIET_PAUSE_MS = 50;
/**
 * A drain on a table others keep writing to (the integration suites share one stack) ends after this long, once it
 * has read at least MIN_DRAIN_ROUNDS rounds: each round reads every shard to its end, so everything written before
 * the drain began has been delivered by then, and waiting for a quiet the other writers never leave would starve.
 */
const BUSY_DRAIN_MS = 1_500;
const MIN_DRAIN_ROUNDS = 3;

/** How often the shard list is read again though no shard closed (DynamoDB Local rolls shards over rarely). */
const REDISCOVER_MS = 2_000;

export async function startLocalStreamPoller(options: PollerOptions): Promise<LocalStreamPoller> {
  const log = options.log ?? rootLogger.child({ component: 'local-stream-poller' });
  // The app's DynamoDB limits: without a request timeout, a read sent while DynamoDB Local was stalled could wait
  // for ever, and with it every later round (one round at a time), so nothing more was announced.
  const clientOptions = { ...sdkClientOptions('dynamodb'), endpoint: options.endpoint, region: options.region };
  const table = await new DynamoDBClient(clientOptions).send(
    new DescribeTableCommand({ TableName: options.tableName }),
  );
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${options.tableName} has no stream: create it with one (bootstrap.ts).`);
  const streams = new DynamoDBStreamsClient(clientOptions);
  const handler = options.handler ?? (await import('../functions/streams/table-changes')).handler;
  const dead: StreamDeadLetter[] = [];
  /** Open shards and where reading goes on. */
  const iterators = new Map<string, string>();
  const finished = new Set<string>();
  /** Shards whose reading failed (DynamoDB Local restarted): read again from the position, as after a restart. */
  const lost = new Set<string>();
  const position: StreamPosition = options.positionFile
    ? await readStreamPosition(options.positionFile, streamArn, log)
    : { streamArn, shards: {} };
  /** What the file last said, so a round that moved nothing writes nothing. */
  let saved = JSON.stringify(position.shards);
  const savePosition = async () => {
    const now = JSON.stringify(position.shards);
    if (!options.positionFile || now === saved) return;
    try {
      await writeStreamPosition(options.positionFile, position);
      saved = now;
    } catch (err) {
      // Delivery goes on: an unsaved position only means a longer replay after a crash.
      log.warn('stream position not saved', { file: options.positionFile, err });
    }
  };

  /** An iterator just after the last record handled in the shard, or at its oldest record when there is none. */
  const shardIterator = async (shardId: string): Promise<string | undefined> => {
    const after = position.shards[shardId];
    if (after) {
      try {
        const out = await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: shardId,
            ShardIteratorType: 'AFTER_SEQUENCE_NUMBER',
            SequenceNumber: after,
          }),
        );
        return out.ShardIterator;
      } catch (err) {
        if (!refusedByStream(err)) throw err;
        // The record is past the stream's retention, or DynamoDB Local no longer knows the number: the oldest
        // record still kept is the nearest place that skips nothing.
        log.warn('saved stream position refused: reading the shard from its oldest record', {
          shardId,
          sequenceNumber: after,
          error: (err as Error).name,
        });
        delete position.shards[shardId];
      }
    }
    const out = await streams.send(
      new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' }),
    );
    return out.ShardIterator;
  };

  const discover = async () => {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    const current = new Set((StreamDescription?.Shards ?? []).flatMap((s) => (s.ShardId ? [s.ShardId] : [])));
    // A saved shard the stream no longer has (expired, or DynamoDB Local recreated the stream): nothing to resume.
    for (const id of Object.keys(position.shards)) {
      if (current.has(id)) continue;
      log.info('saved stream shard is gone: its successors are read from their oldest record', { shardId: id });
      delete position.shards[id];
    }
    for (const id of current) {
      if (iterators.has(id) || finished.has(id)) continue;
      const iterator = await shardIterator(id);
      lost.delete(id);
      if (iterator) iterators.set(id, iterator);
      else finished.add(id);
    }
  };
  await discover();

  const deliver = async (batch: DynamoDBRecord[]): Promise<void> => {
    let pending = batch;
    for (let attempt = 0; pending.length > 0; attempt++) {
      let failedFrom = -1;
      try {
        const out = await handler({ Records: pending });
        const failed = out?.batchItemFailures?.[0]?.itemIdentifier;
        if (failed === undefined) return;
        failedFrom = Math.max(
          0,
          pending.findIndex((r) => r.dynamodb?.SequenceNumber === failed),
        );
      } catch (err) {
        log.warn('stream batch failed', { records: pending.length, attempt, err });
        if (STREAM_CONSUMER.bisectBatchOnError && pending.length > 1) {
          const half = Math.ceil(pending.length / 2);
          await deliver(pending.slice(0, half));
          await deliver(pending.slice(half));
          return;
        }
        failedFrom = 0;
      }
      if (attempt >= STREAM_CONSUMER.maxRetryAttempts) {
        for (const r of pending.slice(failedFrom)) {
          dead.push({
            sequenceNumber: r.dynamodb?.SequenceNumber ?? '',
            error: 'failed every attempt',
            failedAt: new Date().toISOString(),
          });
        }
        log.error('stream records dead-lettered', { records: pending.length - failedFrom });
        return;
      }
      pending = pending.slice(failedFrom);
      await sleep(STREAM_CONSUMER.backoffMs[attempt] ?? 1000);
    }
  };

  /** When the shard list was last read: only a closed shard (or a while) makes a new one worth looking for. */
  let discoveredAt = Date.now();
  let shardClosed = false;

  /** One pass over every shard: reads what is there and delivers it; returns how many records it delivered. */
  const round = async (): Promise<number> => {
    if (shardClosed || lost.size > 0 || Date.now() - discoveredAt > REDISCOVER_MS) {
      shardClosed = false;
      discoveredAt = Date.now();
      await discover();
    }
    let delivered = 0;
    for (const [shardId, iterator] of iterators) {
      let next: string | undefined = iterator;
      const records: DynamoDBRecord[] = [];
      let emptyPages = 0;
      try {
        while (next) {
          const out: GetRecordsCommandOutput = await streams.send(
            new GetRecordsCommand({ ShardIterator: next, Limit: 1000 }),
          );
          for (const r of out.Records ?? []) records.push(lambdaRecord(r, streamArn));
          next = out.NextShardIterator;
          // A page may come back empty with records still behind it (as in DynamoDB Streams): a few more reads.
          emptyPages = out.Records?.length ? 0 : emptyPages + 1;
          if (emptyPages >= EMPTY_PAGES_BEFORE_CAUGHT_UP) break;
        }
      } catch (err) {
        // An iterator does not survive DynamoDB Local's restart (the fault tests restart it): the records read in
        // this round are dropped undelivered and read again from the position, as after a restart of the poller.
        iterators.delete(shardId);
        lost.add(shardId);
        throw err;
      }
      if (next) iterators.set(shardId, next);
      else {
        iterators.delete(shardId);
        finished.add(shardId);
        shardClosed = true;
      }
      // Lambda filters before it batches: records the filter drops never count towards a batch.
      const wanted = records.filter((r) => streamRecordWanted(r.eventName, r.dynamodb?.Keys as never));
      for (let i = 0; i < wanted.length; i += STREAM_CONSUMER.batchSize) {
        const batch = wanted.slice(i, i + STREAM_CONSUMER.batchSize);
        await deliver(batch);
        // Handled (delivered, or dead-lettered as the cloud moves on from it): a restart begins after it.
        const last = batch.at(-1)?.dynamodb?.SequenceNumber;
        if (last) position.shards[shardId] = last;
        await savePosition();
      }
      // Past the records the filter dropped too, so a restart does not read them again.
      const lastRead = records.at(-1)?.dynamodb?.SequenceNumber;
      if (lastRead) position.shards[shardId] = lastRead;
      await savePosition();
      delivered += wanted.length;
    }
    return delivered;
  };

  // One round at a time: records of a shard are delivered in order, never by two rounds at once.
  let current: Promise<number> = Promise.resolve(0);
  const runRound = () => {
    current = current.then(round, round).catch((err: unknown) => {
      if (!stopped) log.warn('stream poll failed', { err });
      return 0;
    });
    return current;
  };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    timer = setTimeout(() => {
      void runRound().finally(() => {
        if (!stopped) tick();
      });
    }, options.intervalMs ?? POLL_INTERVAL_MS);
  };
  tick();

  return {
    async drain() {
      const started = Date.now();
      let total = 0;
      let quiet = 0;
      let rounds = 0;
      // Two quiet rounds a moment apart: a record DynamoDB Local had not yet made readable is not taken for none.
      while (quiet < 2) {
        const n = await runRound();
        rounds++;
        total += n;
        quiet = n === 0 ? quiet + 1 : 0;
        if (rounds >= MIN_DRAIN_ROUNDS && Date.now() - started >= BUSY_DRAIN_MS) break;
        if (n === 0 && quiet < 2) await sleep(QUIET_PAUSE_MS);
      }
      return total;
    },
    deadLetters: () => dead,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      streams.destroy();
    },
  };
}
