/**
 * Reading records of share links (keys.ts: share reading): one item per (link, viewer session, file) with the
 * seconds spent on each page, grown by the viewer's beacons. A beacon is unauthenticated but for the viewer
 * session, so every claim is checked against what a real reader could have done: pages within the file's page
 * count, and a total never ahead of the wall-clock time since the record's first beacon (plus a small slack).
 * A beacon is applied whole or not at all, and a repeated one (same `seq`) changes nothing.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { SHARE_READING_LIMITS } from '#shared/domain/share-reading';
import { AccountClosedError, profileExists } from './account-guard';
import { ddb, tableName } from './client';
import { CONDITION_FAILED } from './conditions';
import { keys } from './keys';
import { namedError } from './named-error';
import { type Item, prefixQuery, queryAll } from './query';
import { retryOnConflict } from './retry';
import { transact } from './writes';

export interface ReadingBeacon {
  /** The client's increasing number for this (session, file): a beacon sent again carries the same one. */
  seq: number;
  /** The page count the viewer's renderer reported for the file (1 for an image). */
  pageCount: number;
  pages: readonly { page: number; seconds: number }[];
}

export interface ReadingSubject {
  ownerSub: string;
  linkId: string;
  fileId: string;
  fileName: string;
  /** The file's type: the share page's viewer shows anything but a PDF as one page. */
  contentType: string;
  viewerEmail: string | null;
  sessionHash: string;
}

export interface ReadingRecord {
  linkId: string;
  fileId: string;
  fileName: string;
  viewerEmail: string | null;
  pageCount: number;
  /** Seconds per page number (as a string key, DynamoDB map style). */
  pages: Record<string, number>;
  totalSeconds: number;
  firstAtMs: number;
  lastAt: string;
  lastSeq: number;
  version: number;
}

/** Why a beacon is refused: said to the viewer's page, which drops the batch (a person never sees it). */
export class ReadingRefusedError extends namedError('ReadingRefusedError') {}

/** Tenths of a second: enough for a page glance, and sums that do not drift. */
const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

function toRecord(item: Item): ReadingRecord {
  const pages: Record<string, number> = {};
  if (item.pages && typeof item.pages === 'object') {
    for (const [page, seconds] of Object.entries(item.pages as Record<string, unknown>)) {
      if (typeof seconds === 'number') pages[page] = seconds;
    }
  }
  return {
    linkId: String(item.linkId),
    fileId: String(item.fileId),
    fileName: String(item.fileName ?? ''),
    viewerEmail: typeof item.viewerEmail === 'string' ? item.viewerEmail : null,
    pageCount: Number(item.pageCount ?? 0),
    pages,
    totalSeconds: Number(item.totalSeconds ?? 0),
    firstAtMs: Number(item.firstAtMs ?? 0),
    lastAt: String(item.lastAt ?? ''),
    lastSeq: Number(item.lastSeq ?? 0),
    version: Number(item.version ?? 0),
  };
}

/**
 * The record after `beacon`, or null when the beacon was applied before (a retry); throws ReadingRefusedError
 * when it claims what no reader could have done. Pure, so every boundary is tested without a table.
 */
export function applyBeacon(
  existing: ReadingRecord | null,
  subject: ReadingSubject,
  beacon: ReadingBeacon,
  nowMs: number,
): ReadingRecord | null {
  if (existing && beacon.seq <= existing.lastSeq) return null;
  // A PDF's count is its renderer's, held to the first beacon's below; more pages would show the founder ones the
  // file does not have.
  if (subject.contentType !== 'application/pdf' && beacon.pageCount !== 1) {
    throw new ReadingRefusedError(`This file is shown as one page, not ${beacon.pageCount}.`);
  }
  if (existing && existing.pageCount !== beacon.pageCount) {
    throw new ReadingRefusedError(`This file has ${existing.pageCount} pages, not ${beacon.pageCount}.`);
  }
  const beyond = beacon.pages.find((p) => p.page > beacon.pageCount);
  if (beyond) {
    throw new ReadingRefusedError(`Page ${beyond.page} is past the file's last page (${beacon.pageCount}).`);
  }
  const firstAtMs = existing?.firstAtMs ?? nowMs;
  const before = existing?.totalSeconds ?? 0;
  const claimed = tenths(beacon.pages.reduce((sum, p) => sum + p.seconds, 0));
  // The whole record, not just this beacon, is held to the clock: many small beacons cannot add up to more.
  const allowed = tenths((nowMs - firstAtMs) / 1000 + SHARE_READING_LIMITS.slackSeconds - before);
  if (claimed > allowed) {
    throw new ReadingRefusedError(
      `The beacon claims ${claimed} s of reading; at most ${Math.max(0, allowed)} s have passed.`,
    );
  }
  const pages = { ...(existing?.pages ?? {}) };
  for (const { page, seconds } of beacon.pages) pages[String(page)] = tenths((pages[String(page)] ?? 0) + seconds);
  return {
    linkId: subject.linkId,
    fileId: subject.fileId,
    fileName: subject.fileName,
    viewerEmail: subject.viewerEmail,
    pageCount: beacon.pageCount,
    pages,
    totalSeconds: tenths(before + claimed),
    firstAtMs,
    lastAt: new Date(nowMs).toISOString(),
    lastSeq: beacon.seq,
    version: (existing?.version ?? 0) + 1,
  };
}

/**
 * Applies one beacon: read, check, and a write conditional on the version read (with the owner's profile, so
 * nothing lands in a deleted account). A parallel beacon makes one of the two read again and be held to the
 * total the other left. True when it changed the record, false for a repeat.
 */
export async function recordReading(subject: ReadingSubject, beacon: ReadingBeacon, nowMs: number): Promise<boolean> {
  const key = keys.shareReading(subject.ownerSub, subject.linkId, subject.fileId, subject.sessionHash);
  return retryOnConflict(
    async () => {
      const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
      const existing = out.Item ? toRecord(out.Item) : null;
      const next = applyBeacon(existing, subject, beacon, nowMs);
      if (!next) return false;
      await transact(
        [
          {
            Put: {
              TableName: tableName(),
              Item: { ...key, ...next },
              ConditionExpression: existing ? 'version = :version' : 'attribute_not_exists(PK)',
              ...(existing ? { ExpressionAttributeValues: { ':version': existing.version } } : {}),
            },
          },
          profileExists(subject.ownerSub),
        ],
        (codes) => {
          if (codes[1] === CONDITION_FAILED) throw new AccountClosedError(`No profile for ${subject.ownerSub}`);
          return undefined;
        },
      );
      return true;
    },
    { what: 'Recording reading time', attempts: 6 },
  );
}

/** Every reading record of one link: all its files, all its viewer sessions. */
export async function listLinkReading(ownerSub: string, linkId: string): Promise<ReadingRecord[]> {
  const items = await queryAll(prefixQuery(keys.profile(ownerSub).PK, keys.shareReadingPrefix(linkId)));
  return items.map(toRecord);
}
