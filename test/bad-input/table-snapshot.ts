/**
 * Test-only snapshots of the whole table, to prove a refused request wrote nothing.
 * A Scan is fine here (never on a request path): the bad-input test compares the
 * table before and after each call, item by item and attribute by attribute.
 */
import { ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../../functions/store/client';

/** `PK \u0000 SK` → the item's attributes in a canonical JSON text. */
export type Snapshot = Map<string, string>;

export interface Change {
  PK: string;
  SK: string;
  kind: 'added' | 'removed' | 'changed';
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** One segment: measured faster than parallel segments on DynamoDB Local up to thousands of items. */
const SEGMENTS = 1;

/** JSON with sorted keys; sets and binary values get a form of their own, so any difference shows. */
function canonical(value: unknown): unknown {
  if (value instanceof Set) return { $set: [...value].map(canonical).sort() };
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

async function scanSegment(segment: number): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: ScanCommandOutput['LastEvaluatedKey'];
  do {
    const page = await ddb().send(
      new ScanCommand({
        TableName: tableName(),
        Segment: segment,
        TotalSegments: SEGMENTS,
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

export async function snapshotTable(): Promise<Snapshot> {
  const segments = await Promise.all(Array.from({ length: SEGMENTS }, (_, i) => scanSegment(i)));
  const snapshot: Snapshot = new Map();
  for (const item of segments.flat()) {
    snapshot.set(`${String(item.PK)}\u0000${String(item.SK)}`, JSON.stringify(canonical(item)));
  }
  return snapshot;
}

export function diffSnapshots(before: Snapshot, after: Snapshot): Change[] {
  const changes: Change[] = [];
  const split = (key: string) => {
    const [PK = '', SK = ''] = key.split('\u0000');
    return { PK, SK };
  };
  const parse = (text: string) => JSON.parse(text) as Record<string, unknown>;
  for (const [key, text] of before) {
    const now = after.get(key);
    if (now === undefined) changes.push({ ...split(key), kind: 'removed', before: parse(text) });
    else if (now !== text) changes.push({ ...split(key), kind: 'changed', before: parse(text), after: parse(now) });
  }
  for (const [key, text] of after) {
    if (!before.has(key)) changes.push({ ...split(key), kind: 'added', after: parse(text) });
  }
  return changes;
}
