/**
 * Data-room file records (PK USER#<sub>, SK FILE#<fileId>): newest first by key order. What a founder keeps
 * is counted on their profile item (dataRoomFiles, dataRoomBytes) in the same transaction that records or
 * deletes a file, conditioned on the quota, so parallel uploads can never take it past the limit.
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FileCategory, FileView } from '#shared/api-types';
import { DATA_ROOM_QUOTA } from '#shared/domain/data-room';
import { AccountClosedError } from './account-guard';
import { ddb, tableName } from './client';
import { CONDITION_FAILED, isConditionFailure } from './conditions';
import { keys } from './keys';
import { namedError } from './named-error';
import { prefixPageNewestFirst, prefixQuery, queryFirst } from './query';
import { retryOnConflict } from './retry';
import { putNew, transact } from './writes';

export interface FileRecord extends FileView {
  key: string;
  /**
   * The pages the share page's viewer shows: a PDF's own count, read from the file when its upload was confirmed
   * (functions/lib/pdf-inspection.ts), 1 for anything else. Null for a PDF stored before that, until it is read.
   */
  pageCount: number | null;
}

/** Sorts by upload time, and the same object always gets the same id (a retried confirm writes nothing new). */
export function fileIdFor(key: string, timestamp: number): string {
  const hash = createHash('sha256').update(key).digest('base64url').slice(0, 10);
  return `${String(timestamp).padStart(13, '0')}-${hash}`;
}

/** Exported for readers that fetch file items in batches (share links). */
export function toRecord(item: Record<string, unknown>): FileRecord {
  return {
    id: String(item.fileId),
    key: String(item.key),
    name: String(item.name),
    category: item.category as FileCategory,
    size: Number(item.size ?? 0),
    contentType: String(item.contentType ?? 'application/octet-stream'),
    uploadedAt: String(item.uploadedAt),
    pageCount: typeof item.pageCount === 'number' ? item.pageCount : null,
  };
}

export function publicView({ key: _key, pageCount: _pageCount, ...view }: FileRecord): FileView {
  return view;
}

/** Stores the page count of a file recorded without one (a PDF from before pages were read); a repeat changes nothing. */
export async function setFilePageCount(sub: string, fileId: string, pageCount: number): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.file(sub, fileId),
        UpdateExpression: 'SET pageCount = :pageCount',
        // Never on a file deleted meanwhile (an update would make a record of nothing but its key).
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':pageCount': pageCount },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

export interface DataRoomUsage {
  files: number;
  bytes: number;
}

/** The upload would take the founder past DATA_ROOM_QUOTA; nothing was written. */
export class QuotaExceededError extends namedError('QuotaExceededError') {
  constructor(
    readonly used: DataRoomUsage,
    readonly size: number,
  ) {
    super('data-room quota exceeded');
  }
}

const USAGE = { files: 'dataRoomFiles', bytes: 'dataRoomBytes' } as const;
/** Set on records counted in the usage: files stored before the quota existed are not, so deleting them gives nothing back. */
const COUNTED = 'countedInQuota';
const MAX_ATTEMPTS = 40;

async function profileFound(sub: string): Promise<boolean> {
  const out = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.profile(sub),
      ProjectionExpression: 'PK',
      ConsistentRead: true,
    }),
  );
  return out.Item !== undefined;
}

/** What the founder keeps now, as counted on the profile item. */
export async function getDataRoomUsage(sub: string): Promise<DataRoomUsage> {
  const out = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.profile(sub),
      ProjectionExpression: '#files, #bytes',
      ExpressionAttributeNames: { '#files': USAGE.files, '#bytes': USAGE.bytes },
      ConsistentRead: true,
    }),
  );
  const number = (value: unknown) => (typeof value === 'number' ? value : 0);
  return { files: number(out.Item?.[USAGE.files]), bytes: number(out.Item?.[USAGE.bytes]) };
}

/**
 * Stores the record and counts it against the founder's quota in one transaction; returns the stored record
 * (an existing one for a retried confirm, counted once). Throws QuotaExceededError when it does not fit.
 */
export async function putFile(sub: string, record: FileRecord): Promise<FileRecord> {
  return retryOnConflict(
    async () => {
      const existing = await transact(
        [
          putNew({ ...keys.file(sub, record.id), fileId: record.id, ...record, [COUNTED]: true }),
          {
            Update: {
              TableName: tableName(),
              Key: keys.profile(sub),
              UpdateExpression: 'ADD #files :one, #bytes :size',
              ConditionExpression:
                'attribute_exists(PK) AND (attribute_not_exists(#files) OR #files <= :filesBefore) AND (attribute_not_exists(#bytes) OR #bytes <= :bytesBefore)',
              ExpressionAttributeNames: { '#files': USAGE.files, '#bytes': USAGE.bytes },
              ExpressionAttributeValues: {
                ':one': 1,
                ':size': record.size,
                ':filesBefore': DATA_ROOM_QUOTA.maxFiles - 1,
                ':bytesBefore': DATA_ROOM_QUOTA.maxBytes - record.size,
              },
            },
          },
        ],
        async (codes) => {
          if (codes[0] === CONDITION_FAILED) return (await getFile(sub, record.id)) ?? record;
          if (codes[1] === CONDITION_FAILED) {
            if (!(await profileFound(sub))) throw new AccountClosedError(`No profile for ${sub}`);
            throw new QuotaExceededError(await getDataRoomUsage(sub), record.size);
          }
          // Another cancellation: a parallel upload or delete changed the usage first; retried with fresh numbers.
          return undefined;
        },
      );
      return existing ?? record;
    },
    { what: 'The file could not be recorded', attempts: MAX_ATTEMPTS },
  );
}

export async function getFile(sub: string, fileId: string): Promise<FileRecord | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.file(sub, fileId) }));
  return out.Item ? toRecord(out.Item) : null;
}

/** Deletes the record and gives its size back to the founder's quota in one transaction; a repeat does nothing. */
export async function deleteFileRecord(sub: string, fileId: string): Promise<void> {
  const key = keys.file(sub, fileId);
  await retryOnConflict(
    async () => {
      const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
      if (!out.Item) return;
      if (out.Item[COUNTED] !== true) {
        await ddb().send(new DeleteCommand({ TableName: tableName(), Key: key }));
        return;
      }
      const size = Number(out.Item.size ?? 0);
      await transact(
        [
          { Delete: { TableName: tableName(), Key: key, ConditionExpression: 'attribute_exists(PK)' } },
          {
            Update: {
              TableName: tableName(),
              Key: keys.profile(sub),
              UpdateExpression: 'ADD #files :minusOne, #bytes :minusSize',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeNames: { '#files': USAGE.files, '#bytes': USAGE.bytes },
              ExpressionAttributeValues: { ':minusOne': -1, ':minusSize': -size },
            },
          },
        ],
        async (codes) => {
          // Deleted by a parallel request, which gave the size back: nothing left to do.
          if (codes[0] === CONDITION_FAILED) return 'deleted meanwhile';
          if (codes[1] === CONDITION_FAILED) {
            // No profile to count on (an account removed meanwhile): the record still goes.
            await ddb().send(new DeleteCommand({ TableName: tableName(), Key: key }));
            return 'deleted uncounted';
          }
          return undefined;
        },
      );
    },
    { what: 'The file record could not be deleted', attempts: MAX_ATTEMPTS },
  );
}

export async function listFiles(
  sub: string,
  cursor: string | undefined,
  limit = 50,
): Promise<{ files: FileRecord[]; nextCursor: string | null }> {
  const page = await prefixPageNewestFirst(keys.profile(sub).PK, keys.filePrefix, cursor, limit);
  return { files: page.items.map(toRecord), nextCursor: page.nextCursor };
}

export async function newestFileUploadedAt(sub: string): Promise<string | null> {
  const [newest] = await queryFirst(
    {
      ...prefixQuery(keys.profile(sub).PK, keys.filePrefix),
      ScanIndexForward: false,
      ProjectionExpression: 'uploadedAt',
    },
    1,
  );
  return typeof newest?.uploadedAt === 'string' ? newest.uploadedAt : null;
}
