/**
 * The table's stream consumer (functions/streams/table-changes.ts): which records it receives and how a failed
 * batch is retried. The CDK event source and the local stream poller (local/stream-poller.ts) are both built
 * from this, so offline runs deliver the same records with the same retry rule as the cloud.
 */

/** Sort keys of a founder's items that the directory entry summarises (store/directory.ts) or dates. */
export const DIRECTORY_SOURCE_KEYS = {
  exact: ['PROFILE', 'PHASES'],
  prefixes: ['PROGRESS#', 'ANSWER#', 'FEEDBACK#'],
} as const;

/**
 * Outbox items' key prefix (functions/store/keys.ts builds the keys): the partition key of an event about no
 * founder, the sort key of one in a founder's partition (USER#<sub>).
 */
export const OUTBOX_KEY_PREFIX = 'OUTBOX#';
const FOUNDER_PARTITION_PREFIX = 'USER#';

/** Whether the key is an outbox item's, in a partition of its own or in a founder's. */
export function isOutboxKey(pk: string, sk: string): boolean {
  return (
    pk.startsWith(OUTBOX_KEY_PREFIX) || (pk.startsWith(FOUNDER_PARTITION_PREFIX) && sk.startsWith(OUTBOX_KEY_PREFIX))
  );
}

export const STREAM_CONSUMER = {
  /** Records per invocation: one PutEvents (≤ 10 entries) covers a batch of outbox items. */
  batchSize: 10,
  /** Retries of a failing batch before its records go to the dead-letter queue. */
  maxRetryAttempts: 3,
  /** A batch that throws is split in two, so one bad record does not hold back the others. */
  bisectBatchOnError: true,
  /** Records older than this are sent to the dead-letter queue rather than delivered late. */
  maxRecordAgeSeconds: 6 * 60 * 60,
  /** Local poller back-off between attempts; Lambda retries a stream batch at once. */
  backoffMs: [100, 500, 1000],
} as const;

type StreamKeys = { PK?: { S?: string }; SK?: { S?: string } };

/** The event source filter, as a predicate: outbox inserts, and any change to an item the directory reads. */
export function streamRecordWanted(eventName: string | undefined, keys: StreamKeys | undefined): boolean {
  const pk = keys?.PK?.S ?? '';
  const sk = keys?.SK?.S ?? '';
  if (isOutboxKey(pk, sk)) return eventName === 'INSERT';
  if (!pk.startsWith(FOUNDER_PARTITION_PREFIX)) return false;
  const exact: readonly string[] = DIRECTORY_SOURCE_KEYS.exact;
  return exact.includes(sk) || DIRECTORY_SOURCE_KEYS.prefixes.some((p) => sk.startsWith(p));
}

/** The same filter as Lambda event source filter patterns (at most 5 per event source; these are 3). */
export const STREAM_FILTER_PATTERNS = [
  { eventName: ['INSERT'], dynamodb: { Keys: { PK: { S: [{ prefix: OUTBOX_KEY_PREFIX }] } } } },
  {
    eventName: ['INSERT'],
    dynamodb: {
      Keys: { PK: { S: [{ prefix: FOUNDER_PARTITION_PREFIX }] }, SK: { S: [{ prefix: OUTBOX_KEY_PREFIX }] } },
    },
  },
  {
    dynamodb: {
      Keys: {
        PK: { S: [{ prefix: FOUNDER_PARTITION_PREFIX }] },
        SK: { S: [...DIRECTORY_SOURCE_KEYS.exact, ...DIRECTORY_SOURCE_KEYS.prefixes.map((prefix) => ({ prefix }))] },
      },
    },
  },
] as const;
