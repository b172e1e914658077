/**
 * What one DynamoDB request costs in capacity, by DynamoDB's published rules, from the wire (marshalled) items:
 * an item's size, the write units of a write (WCU = ⌈size / 1 KB⌉ of the larger of the item before and after, 2× in
 * a transaction), the GSI1 writes it causes (projection ALL: any change of an item carrying GSI1 keys writes the
 * index, a changed index key writes twice: the old entry out, the new one in; never 2× for transactions) and the
 * read units of a read (⌈size / 4 KB⌉, half for an eventually consistent read, summed over a Query's items before
 * rounding). Pure arithmetic, so the capacity figures rest on tested code, not on the emulator's bookkeeping.
 */
import { TABLE_KEYS } from '../functions/store/keys';

/** A marshalled attribute value, as the low-level client sends and receives it. */
export type WireValue = Record<string, unknown>;
export type WireItem = Record<string, WireValue>;

const KB = 1024;

function numberBytes(n: string): number {
  // DynamoDB stores numbers as up to 38 significant digits, two to a byte, plus one byte.
  const digits = n
    .replace(/^-/, '')
    .replace(/\.|e.*$/gi, '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}

export function valueBytes(value: WireValue): number {
  const [type, inner] = Object.entries(value)[0] ?? ['NULL', true];
  switch (type) {
    case 'S':
      return Buffer.byteLength(String(inner));
    case 'N':
      return numberBytes(String(inner));
    case 'B':
      return inner instanceof Uint8Array ? inner.byteLength : Buffer.byteLength(String(inner), 'base64');
    case 'BOOL':
    case 'NULL':
      return 1;
    case 'SS':
      return (inner as string[]).reduce((n, s) => n + Buffer.byteLength(s), 0);
    case 'NS':
      return (inner as string[]).reduce((n, s) => n + numberBytes(s), 0);
    case 'L':
      return 3 + (inner as WireValue[]).reduce((n, v) => n + 1 + valueBytes(v), 0);
    case 'M':
      return (
        3 + Object.entries(inner as WireItem).reduce((n, [k, v]) => n + 1 + Buffer.byteLength(k) + valueBytes(v), 0)
      );
    default:
      return 0;
  }
}

/**
 * The same size from a document-client (unmarshalled) value: reads are answered to the handlers that way, since the
 * document client unmarshalls inside the SDK's deserialize step, before the middleware that measures them.
 */
export function plainValueBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number' || typeof value === 'bigint') return numberBytes(String(value));
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((n: number, v) => n + plainValueBytes(v), 0);
  if (Array.isArray(value)) return 3 + value.reduce((n: number, v) => n + 1 + plainValueBytes(v), 0);
  if (typeof value === 'object')
    return 3 + Object.entries(value).reduce((n, [k, v]) => n + 1 + Buffer.byteLength(k) + plainValueBytes(v), 0);
  return 0;
}

export function plainItemBytes(item: Record<string, unknown> | undefined): number {
  if (!item) return 0;
  return Object.entries(item).reduce((n, [name, value]) => n + Buffer.byteLength(name) + plainValueBytes(value), 0);
}

/** An item's size as DynamoDB bills it: every attribute's name and value. */
export function itemBytes(item: WireItem | undefined): number {
  if (!item) return 0;
  return Object.entries(item).reduce((n, [name, value]) => n + Buffer.byteLength(name) + valueBytes(value), 0);
}

export const writeUnits = (bytes: number): number => Math.max(1, Math.ceil(bytes / KB));

/** Read units of items read together (one GetItem, or one Query's page): sizes summed, then rounded up to 4 KB. */
export function readUnits(bytes: number, consistent: boolean): number {
  const units = Math.max(1, Math.ceil(bytes / (4 * KB)));
  return consistent ? units : units / 2;
}

export type Index = 'table' | 'GSI1';

/** One partition's share of one write: which partition, in the table or GSI1, and the units it costs there. */
export interface PartitionWrite {
  index: Index;
  partition: string;
  units: number;
}

const str = (item: WireItem | undefined, attribute: string): string | undefined => {
  const value = item?.[attribute]?.S;
  return typeof value === 'string' ? value : undefined;
};

/**
 * The partitions one item's write touches, given the item before and after it (undefined: absent), and whether the
 * write was part of a transaction. A ConditionCheck is a write that leaves the item as it was: DynamoDB bills it
 * like a transactional write of the item's size on its partition, and it changes no index.
 */
export function itemWrite(
  key: { PK: string },
  before: WireItem | undefined,
  after: WireItem | undefined,
  transactional: boolean,
): PartitionWrite[] {
  const tableUnits = writeUnits(Math.max(itemBytes(before), itemBytes(after))) * (transactional ? 2 : 1);
  const out: PartitionWrite[] = [{ index: 'table', partition: key.PK, units: tableUnits }];
  const oldPk = str(before, TABLE_KEYS.gsi1pk);
  const newPk = str(after, TABLE_KEYS.gsi1pk);
  const oldSk = str(before, TABLE_KEYS.gsi1sk);
  const newSk = str(after, TABLE_KEYS.gsi1sk);
  if (before === after) return out;
  if (oldPk !== undefined && oldPk === newPk && oldSk === newSk) {
    out.push({ index: 'GSI1', partition: newPk, units: writeUnits(itemBytes(after)) });
    return out;
  }
  if (oldPk !== undefined) out.push({ index: 'GSI1', partition: oldPk, units: writeUnits(itemBytes(before)) });
  if (newPk !== undefined) out.push({ index: 'GSI1', partition: newPk, units: writeUnits(itemBytes(after)) });
  return out;
}

/**
 * The partition a founder's own key stands for in the report: every `USER#<sub>` is one founder's, every directory
 * shard one of DIRECTORY_SHARDS alike. Anything else is one key the whole platform shares.
 */
export function partitionClass(partition: string): string {
  if (partition.startsWith('USER#')) return 'USER#<founder>';
  if (/^DIRECTORY#\d+$/.test(partition)) return 'DIRECTORY#<shard>';
  return partition;
}
