/** Data-room file records (PK USER#<sub>, SK FILE#<fileId>): newest first by key order. */
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { FileCategory, FileView } from '../http/api-types';
import { ddb, tableName } from './client';
import { keys } from './keys';

export interface FileRecord extends FileView {
  key: string;
}

/** Sorts by upload time, and the same object always gets the same id (a retried confirm writes nothing new). */
export function fileIdFor(key: string, timestamp: number): string {
  const hash = createHash('sha256').update(key).digest('base64url').slice(0, 10);
  return `${String(timestamp).padStart(13, '0')}-${hash}`;
}

function toRecord(item: Record<string, unknown>): FileRecord {
  return {
    id: String(item.fileId),
    key: String(item.key),
    name: String(item.name),
    category: item.category as FileCategory,
    size: Number(item.size ?? 0),
    contentType: String(item.contentType ?? 'application/octet-stream'),
    uploadedAt: String(item.uploadedAt),
  };
}

export function publicView({ key: _key, ...view }: FileRecord): FileView {
  return view;
}

/** Stores the record unless it exists; returns the stored one either way. */
export async function putFile(sub: string, record: FileRecord): Promise<FileRecord> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.file(sub, record.id), fileId: record.id, ...record },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return record;
  } catch (err) {
    if (!(err instanceof Error) || err.name !== 'ConditionalCheckFailedException') throw err;
    return (await getFile(sub, record.id)) ?? record;
  }
}

export async function getFile(sub: string, fileId: string): Promise<FileRecord | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.file(sub, fileId) }));
  return out.Item ? toRecord(out.Item) : null;
}

export async function deleteFileRecord(sub: string, fileId: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: keys.file(sub, fileId) }));
}

export class InvalidFileCursorError extends Error {
  override readonly name = 'InvalidFileCursorError';
}

export async function listFiles(
  sub: string,
  cursor: string | undefined,
  limit = 50,
): Promise<{ files: FileRecord[]; nextCursor: string | null }> {
  let startKey: Record<string, string> | undefined;
  if (cursor) {
    try {
      const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
      if (
        parsed.PK !== keys.profile(sub).PK ||
        typeof parsed.SK !== 'string' ||
        !parsed.SK.startsWith(keys.filePrefix)
      ) {
        throw new Error('foreign cursor');
      }
      startKey = { PK: parsed.PK, SK: parsed.SK };
    } catch {
      throw new InvalidFileCursorError('The cursor is not valid. Start again from the first page.');
    }
  }
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': keys.profile(sub).PK, ':p': keys.filePrefix },
      ScanIndexForward: false,
      Limit: limit,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  return {
    files: (page.Items ?? []).map(toRecord),
    nextCursor: page.LastEvaluatedKey ? Buffer.from(JSON.stringify(page.LastEvaluatedKey)).toString('base64url') : null,
  };
}

export async function newestFileUploadedAt(sub: string): Promise<string | null> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': keys.profile(sub).PK, ':p': keys.filePrefix },
      ScanIndexForward: false,
      Limit: 1,
      ProjectionExpression: 'uploadedAt',
    }),
  );
  const uploadedAt = out.Items?.[0]?.uploadedAt;
  return typeof uploadedAt === 'string' ? uploadedAt : null;
}
