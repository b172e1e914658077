/**
 * Queries that page: every page (queryAll, countAll) or one page behind a cursor (queryPage).
 * A Query answers at most 1 MB a call, so a single call silently drops what lies beyond.
 */
import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { type CursorShape, decodeCursor, encodeCursor, TABLE_KEY } from './cursor';

export type QueryInput = Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Limit'>;

export type Item = Record<string, unknown>;

async function* pages(input: QueryInput): AsyncGenerator<QueryCommandOutput> {
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await ddb().send(new QueryCommand({ ...input, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
    yield page;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** The items of one partition whose sort key starts with `prefix`: how the table lists a founder's items of a kind. */
export function prefixQuery(pk: string, prefix: string): QueryInput {
  return {
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': pk, ':p': prefix },
  };
}

/** The first `limit` items the query matches, in one call (for a small limit, such as the newest item). */
export async function queryFirst(input: QueryInput, limit: number): Promise<Item[]> {
  const page = await ddb().send(new QueryCommand({ ...input, Limit: limit }));
  return page.Items ?? [];
}

/** Every item the query matches, across all its pages. */
export async function queryAll(input: QueryInput): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of pages(input)) items.push(...(page.Items ?? []));
  return items;
}

/** How many items the query matches, without reading them (Select COUNT across all pages). */
export async function countAll(input: Omit<QueryInput, 'Select' | 'ProjectionExpression'>): Promise<number> {
  let count = 0;
  for await (const page of pages({ ...input, Select: 'COUNT' })) count += page.Count ?? 0;
  return count;
}

export interface Page {
  items: Item[];
  /** Opaque; null on the last page. */
  nextCursor: string | null;
}

/**
 * One page of at most `limit` items, from where `cursor` (a previous page's nextCursor) left off.
 * Throws InvalidCursorError when the cursor is not one `shape` allows.
 */
export async function queryPage(
  input: QueryInput,
  cursor: string | undefined,
  limit: number,
  shape: CursorShape,
): Promise<Page> {
  const page = await ddb().send(
    new QueryCommand({
      ...input,
      Limit: limit,
      ...(cursor ? { ExclusiveStartKey: decodeCursor(cursor, shape) } : {}),
    }),
  );
  return { items: page.Items ?? [], nextCursor: encodeCursor(page.LastEvaluatedKey) };
}

/**
 * One page of a partition's items under `prefix`, newest (highest sort key) first. Its cursor shape is the same
 * partition and prefix, so a cursor of another list, or of another founder's, throws InvalidCursorError.
 */
export function prefixPageNewestFirst(
  pk: string,
  prefix: string,
  cursor: string | undefined,
  limit: number,
): Promise<Page> {
  return queryPage({ ...prefixQuery(pk, prefix), ScanIndexForward: false }, cursor, limit, {
    attributes: TABLE_KEY,
    equals: { PK: pk },
    prefixes: { SK: prefix },
  });
}
