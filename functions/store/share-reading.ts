/**
 * Reading records of share links (keys.ts: share reading): one item per (link, viewer session, file) with the
 * seconds spent on each page, grown by the viewer's beacons. A beacon is unauthenticated but for the viewer
 * session, so every claim is checked against what a real reader could have done: exactly the file's own page
 * count (read from the file, never the viewer's word) and pages within it, and seconds from the viewer's reading
 * clock (keys.ts: share reading clock), kept per link and client address rather than per session, so opening the
 * link again and again, or in many tabs, adds no time. A beacon is applied whole or not at all, and a repeated one
 * (same `seq`) changes nothing.
 */
import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '#shared/deploy-names';
import { SHARE_READING_LIMITS } from '#shared/domain/share-reading';
import { AccountClosedError, profileExists } from './account-guard';
import { ddb, tableName } from './client';
import { CONDITION_FAILED } from './conditions';
import { keys } from './keys';
import { namedError } from './named-error';
import { type Item, prefixQuery, queryAll } from './query';
import { retryOnConflict } from './retry';
import { type TransactItem, transact } from './writes';

export interface ReadingBeacon {
  /** The client's increasing number for this (session, file): a beacon sent again carries the same one. */
  seq: number;
  /** The page count the viewer's renderer reported for the file (1 for an image), held to the file's own. */
  pageCount: number;
  pages: readonly { page: number; seconds: number }[];
}

export interface ReadingSubject {
  ownerSub: string;
  linkId: string;
  fileId: string;
  fileName: string;
  /** The file's own page count (functions/store/files.ts): 1 for anything but a PDF. */
  pageCount: number;
  viewerEmail: string | null;
  sessionHash: string;
  /** Whose reading clock the beacon draws on: viewerOf(link, client address), whichever session sends it. */
  viewer: string;
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

/**
 * What one viewer (a link and a client address) may still claim: `allowance` seconds as of `atMs`, grown by the
 * time since. Shared by all the viewer's sessions and files.
 */
export interface ReadingClock {
  allowance: number;
  atMs: number;
  version: number;
}

/** Why a beacon is refused: said to the viewer's page, which drops the batch (a person never sees it). */
export class ReadingRefusedError extends namedError('ReadingRefusedError') {}

/**
 * The reading clock's key part for a link and a client address (functions/lib/http.ts clientAddress: the viewer
 * address CloudFront writes, an IPv6 client's /64): hashed, so the table keeps no address.
 */
export function viewerOf(linkId: string, clientAddress: string): string {
  return createHash('sha256').update(`${linkId}\n${clientAddress}`).digest('base64url');
}

/** How long a reading clock outlives its last beacon: by then it would be full again, and a new one starts lower. */
const CLOCK_TTL_SECONDS = 24 * 60 * 60;

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

/** The seconds a beacon claims, in all its pages. */
export const claimedSeconds = (beacon: ReadingBeacon): number =>
  tenths(beacon.pages.reduce((sum, p) => sum + p.seconds, 0));

/**
 * The record after `beacon`, or null when the beacon was applied before (a retry); throws ReadingRefusedError
 * when it names pages the file does not have. Pure, so every boundary is tested without a table.
 */
export function applyBeacon(
  existing: ReadingRecord | null,
  subject: ReadingSubject,
  beacon: ReadingBeacon,
  nowMs: number,
): ReadingRecord | null {
  if (existing && beacon.seq <= existing.lastSeq) return null;
  // The viewer records pages up to maxPages of a longer PDF (shared/domain/share-reading.ts).
  const pageCount = Math.min(subject.pageCount, SHARE_READING_LIMITS.maxPages);
  if (beacon.pageCount !== pageCount) {
    throw new ReadingRefusedError(
      subject.pageCount > pageCount
        ? `Only the first ${pageCount} pages of this file are recorded, not ${beacon.pageCount}.`
        : `This file has ${pageCount} page${pageCount === 1 ? '' : 's'}, not ${beacon.pageCount}.`,
    );
  }
  const beyond = beacon.pages.find((p) => p.page > pageCount);
  if (beyond) {
    throw new ReadingRefusedError(`Page ${beyond.page} is past the file's last page (${pageCount}).`);
  }
  const firstAtMs = existing?.firstAtMs ?? nowMs;
  const before = existing?.totalSeconds ?? 0;
  const claimed = claimedSeconds(beacon);
  const pages = { ...(existing?.pages ?? {}) };
  for (const { page, seconds } of beacon.pages) pages[String(page)] = tenths((pages[String(page)] ?? 0) + seconds);
  return {
    linkId: subject.linkId,
    fileId: subject.fileId,
    fileName: subject.fileName,
    viewerEmail: subject.viewerEmail,
    pageCount,
    pages,
    totalSeconds: tenths(before + claimed),
    firstAtMs,
    lastAt: new Date(nowMs).toISOString(),
    lastSeq: beacon.seq,
    version: (existing?.version ?? 0) + 1,
  };
}

/**
 * The viewer's clock after they claim `claimed` seconds, or ReadingRefusedError when it holds fewer. A new viewer
 * starts with the slack (the first beacon's own interval and clock skew); the clock gains a second a second up to
 * one beacon's interval plus the slack (a batch the browser's timer held back), so time away banks nothing more,
 * and a viewer's total never passes the wall-clock time since their first beacon plus the slack, however many
 * sessions, tabs or files they send from. Pure, so every boundary is tested without a table.
 */
export function spendClock(existing: ReadingClock | null, claimed: number, nowMs: number): ReadingClock {
  const { slackSeconds, beaconEverySeconds } = SHARE_READING_LIMITS;
  const available = existing
    ? Math.min(beaconEverySeconds + slackSeconds, existing.allowance + Math.max(0, nowMs - existing.atMs) / 1000)
    : slackSeconds;
  const allowance = tenths(Math.floor(available * 10) / 10);
  if (claimed > allowance) {
    throw new ReadingRefusedError(
      `The beacon claims ${claimed} s of reading; this viewer can have read for at most ${allowance} s more.`,
    );
  }
  return { allowance: tenths(allowance - claimed), atMs: nowMs, version: (existing?.version ?? 0) + 1 };
}

function toClock(item: Item): ReadingClock {
  return {
    allowance: Number(item.allowance ?? 0),
    atMs: Number(item.atMs ?? 0),
    version: Number(item.version ?? 0),
  };
}

/** A put of `item` if it is still the version read (or still absent). */
function putIfUnchanged(item: Item, version: number | null): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: item,
      ConditionExpression: version === null ? 'attribute_not_exists(PK)' : 'version = :version',
      ...(version === null ? {} : { ExpressionAttributeValues: { ':version': version } }),
    },
  };
}

/**
 * Applies one beacon: read the record and the viewer's clock, check, and write both conditional on the versions
 * read (with the owner's profile, so nothing lands in a deleted account). A parallel beacon makes one of the two
 * read again and be held to what the other left. True when it changed the record, false for a repeat.
 */
export async function recordReading(subject: ReadingSubject, beacon: ReadingBeacon, nowMs: number): Promise<boolean> {
  const key = keys.shareReading(subject.ownerSub, subject.linkId, subject.fileId, subject.sessionHash);
  const clockKey = keys.shareReadingClock(subject.ownerSub, subject.linkId, subject.viewer);
  const read = (k: typeof key) => ddb().send(new GetCommand({ TableName: tableName(), Key: k, ConsistentRead: true }));
  return retryOnConflict(
    async () => {
      const [out, clockOut] = await Promise.all([read(key), read(clockKey)]);
      const existing = out.Item ? toRecord(out.Item) : null;
      const next = applyBeacon(existing, subject, beacon, nowMs);
      if (!next) return false;
      const clock = clockOut.Item ? toClock(clockOut.Item) : null;
      const spent = spendClock(clock, claimedSeconds(beacon), nowMs);
      await transact(
        [
          putIfUnchanged({ ...key, ...next }, existing?.version ?? null),
          putIfUnchanged(
            { ...clockKey, ...spent, [TABLE_KEYS.ttl]: Math.floor(nowMs / 1000) + CLOCK_TTL_SECONDS },
            clock?.version ?? null,
          ),
          profileExists(subject.ownerSub),
        ],
        (codes) => {
          if (codes[2] === CONDITION_FAILED) throw new AccountClosedError(`No profile for ${subject.ownerSub}`);
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
