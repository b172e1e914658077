/**
 * The one cursor codec of every paged list: a page's LastEvaluatedKey as opaque base64url JSON.
 * A cursor comes back from the client (or an event), so decoding accepts only a key this list
 * could have handed out; anything else is an InvalidCursorError, which the routes answer with 400
 * rather than passing DynamoDB a start key it refuses (a 500) or one from another list (a leak).
 */
import { TABLE_KEYS } from './keys';
import { namedError } from './named-error';

export class InvalidCursorError extends namedError('InvalidCursorError') {}

const DEFAULT_MESSAGE = 'The cursor is not valid. Start again from the first page.';

/**
 * DynamoDB's key size limits in bytes: a longer (or empty) start key is a ValidationException, not a
 * page. Every key attribute of the table is a string (infra/constructs/data.ts), so a number is refused
 * for the same reason.
 */
const KEY_BYTES = {
  [TABLE_KEYS.pk]: 2048,
  [TABLE_KEYS.sk]: 1024,
  [TABLE_KEYS.gsi1pk]: 2048,
  [TABLE_KEYS.gsi1sk]: 1024,
} as const;

export type KeyAttribute = keyof typeof KEY_BYTES;

/** The table's own key, which a Query of the table (no index) pages by. */
export const TABLE_KEY: readonly KeyAttribute[] = [TABLE_KEYS.pk, TABLE_KEYS.sk];
/** A GSI1 Query pages by the index's key and the table's. */
export const GSI1_KEY: readonly KeyAttribute[] = [TABLE_KEYS.pk, TABLE_KEYS.sk, TABLE_KEYS.gsi1pk, TABLE_KEYS.gsi1sk];

/** What a list's cursor must decode to. */
export interface CursorShape {
  /** Exactly these attributes, no more and no fewer. */
  attributes: readonly KeyAttribute[];
  /** Attributes that must equal a value: the partition the list reads. */
  equals?: Partial<Record<KeyAttribute, string>>;
  /** Attributes that must start with a prefix: the kind of item the list holds. */
  prefixes?: Partial<Record<KeyAttribute, string>>;
  /** The InvalidCursorError's message (what the 400 says). */
  message?: string;
}

export type StartKey = Record<string, string>;

export function encodeCursor(lastEvaluatedKey: Record<string, unknown> | undefined): string | null {
  return lastEvaluatedKey ? Buffer.from(JSON.stringify(lastEvaluatedKey)).toString('base64url') : null;
}

function parse(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function fits(shape: CursorShape, key: Record<string, unknown>, attribute: KeyAttribute): boolean {
  const value = key[attribute];
  if (typeof value !== 'string' || value === '' || Buffer.byteLength(value) > KEY_BYTES[attribute]) return false;
  const equals = shape.equals?.[attribute];
  if (equals !== undefined && value !== equals) return false;
  const prefix = shape.prefixes?.[attribute];
  return prefix === undefined || value.startsWith(prefix);
}

/** The start key a cursor stands for; throws InvalidCursorError unless it has exactly the shape's form. */
export function decodeCursor(cursor: string, shape: CursorShape): StartKey {
  const key = parse(cursor);
  const valid =
    typeof key === 'object' &&
    key !== null &&
    !Array.isArray(key) &&
    Object.keys(key).length === shape.attributes.length &&
    shape.attributes.every((a) => Object.hasOwn(key, a) && fits(shape, key as Record<string, unknown>, a));
  if (!valid) throw new InvalidCursorError(shape.message ?? DEFAULT_MESSAGE);
  const record = key as Record<string, string>;
  return Object.fromEntries(shape.attributes.map((a) => [a, record[a] as string]));
}

/**
 * Where a sharded list's page left one shard: at its top (not read yet), after a key, or finished. A sharded list
 * (the founder directory) reads every shard for each page, so its cursor holds one position per shard.
 */
export type ShardPosition = StartKey | 'start' | 'done';

export interface ShardedCursorShape {
  shards: number;
  /** What shard i's key must look like (its partition, its kind of item). */
  shard(index: number): CursorShape;
  /**
   * A position is written as its sort key alone and the list rebuilds the key from it (null: no key of the list
   * has that sort key), so 16 shards fit the contract's 2,000-character cursor.
   */
  sortKey: KeyAttribute;
  keyFrom(index: number, sortKey: string): Record<string, string> | null;
  message: string;
}

/** Null when every shard is finished: the list has no next page. */
export function encodeShardedCursor(positions: readonly ShardPosition[], shape: ShardedCursorShape): string | null {
  if (positions.every((p) => p === 'done')) return null;
  const packed = positions.map((p) => (p === 'start' ? 0 : p === 'done' ? 1 : (p[shape.sortKey] ?? '')));
  return Buffer.from(JSON.stringify(packed)).toString('base64url');
}

/** The position of every shard a cursor stands for; throws InvalidCursorError unless each fits its shard. */
export function decodeShardedCursor(cursor: string, shape: ShardedCursorShape): ShardPosition[] {
  const packed = parse(cursor);
  const invalid = () => new InvalidCursorError(shape.message);
  if (!Array.isArray(packed) || packed.length !== shape.shards) throw invalid();
  return packed.map((entry: unknown, i): ShardPosition => {
    if (entry === 0) return 'start';
    if (entry === 1) return 'done';
    if (typeof entry !== 'string' || Buffer.byteLength(entry) > KEY_BYTES[shape.sortKey]) throw invalid();
    const key = shape.keyFrom(i, entry);
    const own = shape.shard(i);
    const valid =
      key !== null &&
      key[shape.sortKey] === entry &&
      Object.keys(key).length === own.attributes.length &&
      own.attributes.every((a) => Object.hasOwn(key, a) && fits(own, key, a));
    if (!valid) throw invalid();
    return Object.fromEntries(own.attributes.map((a) => [a, key[a] as string]));
  });
}
