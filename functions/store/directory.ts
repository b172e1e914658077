/**
 * The coaches' founder directory: one entry per founder (USER#<sub> / DIRECTORY) holding what a directory row
 * shows and filters on, in one of DIRECTORY_SHARDS GSI1 partitions (`DIRECTORY#<nn>`, by a hash of the sub) sorted
 * by last activity. A page is one Query per shard, in parallel, merged newest first, plus one BatchGet of counters,
 * whatever the number of founders — no Scan, no read per founder.
 *
 * The entry is derived, never edited: `refreshDirectoryEntry` reads the items it summarises (profile, phase
 * record, progress items) and writes the entry again. The table's stream calls it for every change to those items
 * (functions/streams/table-changes.ts), so no write path has to; running it twice, late or out of order is
 * harmless, and a refresh whose read started before the stored entry's read is dropped rather than written over a
 * newer one.
 *
 * Search and filters: a page with a search or a filter reads a window of about DIRECTORY_WINDOW entries (newest
 * activity first, across the shards) and keeps those that match; every word of the search must occur, case- and
 * accent-insensitively, somewhere in the founder's name, email or startup name. A page therefore answers the
 * matches among the founders it looked at, and its cursor goes on from there: finding a founder who has been
 * idle longest among 10,000 takes 10,000 / DIRECTORY_WINDOW pages. No typo tolerance, no ranking.
 */
import {
  DIRECTORY_PAGE_SIZE,
  type DirectoryPhase,
  normaliseSearch,
  type ReviewStatus,
} from '#shared/domain/founder-directory';
import { PHASE_ORDER, type PhaseFlags, phaseFlagsFrom, UNLOCK_FLAG, unlockFlagOf } from '#shared/domain/phases';
import { PHASE_TYPES, QUESTION_TYPES, type QuestionType } from '#shared/domain/questions';
import { questionTotal } from '#shared/domain/tool-questions';
import { profileExists } from './account-guard';
import { batchGetAll } from './batch-get';
import { tableName } from './client';
import { CONDITION_FAILED } from './conditions';
import { GSI1_KEY, type ShardedCursorShape } from './cursor';
import { DIRECTORY_SHARDS, directoryShardOf, GSI1, keys, stats } from './keys';
import { type Partition, progressFromItem } from './progress-state';
import { type Item, queryAll } from './query';
import { reviewStatusFromPartition } from './review';
import { queryShardedPage } from './sharded-page';
import { transact } from './writes';

/** Entries a searched or filtered page looks at: about 100 KB across the shards. */
export const DIRECTORY_WINDOW = 200;
/**
 * Entries a searched or filtered page reads from each shard: twice its even share of the window, so the window is
 * nearly always filled before a shard runs out (a page ends early only where one shard's entries cluster).
 */
const WINDOW_PER_SHARD = Math.ceil((2 * DIRECTORY_WINDOW) / DIRECTORY_SHARDS);

type ByType<T> = Record<QuestionType, T>;

export interface DirectoryEntry {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  startupName: string | null;
  paid: boolean;
  createdAt: string | null;
  lastActivityAt: string;
  phase: DirectoryPhase;
  status: ReviewStatus;
  statuses: ByType<ReviewStatus>;
  answered: ByType<number>;
}

/**
 * A reviewed phase's status: the review lists' word for it (reviewStatusFromPartition, store/review.ts), except
 * that a phase a coach unlocked is unlocked even before the founder finished it, and not started counts as in
 * progress (the directory filters on four statuses).
 */
export function reviewStatus(flags: PhaseFlags, type: QuestionType, partition: Partition): ReviewStatus {
  const unlockFlag = unlockFlagOf(type);
  if (unlockFlag && flags[unlockFlag]) return 'unlocked';
  const status = reviewStatusFromPartition(partition);
  return status === 'not-started' ? 'in-progress' : status;
}

/** The first phase not finished, and its status. */
export function currentPhase(
  flags: PhaseFlags,
  statuses: ByType<ReviewStatus>,
): { phase: DirectoryPhase; status: ReviewStatus } {
  if (!flags[PHASE_ORDER[0].doneFlag]) return { phase: 'generate-idea', status: 'in-progress' };
  const open = PHASE_TYPES.find((t) => !flags[UNLOCK_FLAG[t]]);
  return open ? { phase: open, status: statuses[open] } : { phase: 'validation', status: 'unlocked' };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const latest = (...times: unknown[]): string =>
  times.filter((t): t is string => typeof t === 'string' && t !== '').reduce((a, b) => (b > a ? b : a), '');

/** The entry's item: its GSI1 keys and the search text the directory matches. */
export function directoryItem(entry: DirectoryEntry, refreshedAt: string): Item {
  const search = normaliseSearch(
    [entry.firstName, entry.lastName, entry.email, entry.startupName].filter(Boolean).join(' '),
  );
  return {
    ...keys.directory(entry.userId),
    GSI1PK: keys.directoryPartitionOf(entry.userId),
    GSI1SK: `${entry.lastActivityAt}#${entry.userId}`,
    ...entry,
    search,
    refreshedAt,
  };
}

/** What a founder's items say about them; null without a profile (an administrator, or no account). */
export function entryFrom(
  sub: string,
  items: { profile: Item | undefined; phases: Item | undefined; progress: ByType<Item | undefined> },
  lastActivityAt: string,
): DirectoryEntry | null {
  const { profile } = items;
  if (!profile) return null;
  const flags = phaseFlagsFrom(items.phases);
  const statuses = {} as ByType<ReviewStatus>;
  const answered = {} as ByType<number>;
  for (const type of QUESTION_TYPES) {
    const progress = progressFromItem(items.progress[type]);
    statuses[type] = reviewStatus(flags, type, progress.partition);
    answered[type] = progress.answered;
  }
  return {
    userId: sub,
    firstName: text(profile.firstName),
    lastName: text(profile.lastName),
    email: text(profile.email),
    startupName: text(profile.startupName),
    paid: profile.paid === true,
    createdAt: text(profile.createdAt),
    lastActivityAt,
    ...currentPhase(flags, statuses),
    statuses,
    answered,
  };
}

/**
 * Writes the founder's directory entry from their current items. `activityAt` is the time of the founder's
 * own write that called it (none for a coach's unlock, which is not the founder's activity). Returns false
 * when there is nothing to write (no profile) or a newer refresh got there first.
 */
export async function refreshDirectoryEntry(sub: string, activityAt?: string): Promise<boolean> {
  const readAt = new Date().toISOString();
  const progressKeys = QUESTION_TYPES.map((t) => keys.progress(sub, t));
  const items = await batchGetAll(
    tableName(),
    [keys.profile(sub), keys.phases(sub), keys.directory(sub), ...progressKeys],
    { consistentRead: true },
  );
  const find = (k: { PK: string; SK: string }) => items.find((i) => i.PK === k.PK && i.SK === k.SK);
  const profile = find(keys.profile(sub));
  const stored = find(keys.directory(sub));
  const progress = Object.fromEntries(QUESTION_TYPES.map((t) => [t, find(keys.progress(sub, t))])) as ByType<
    Item | undefined
  >;
  // Only the founder's own times: progress items and the profile's updatedAt also move with a coach's unlock or
  // a consumer's email flag, which are not the founder's activity.
  const lastActivityAt = latest(
    stored?.lastActivityAt,
    activityAt,
    profile?.createdAt,
    profile?.paidAt,
    profile?.ideaSavedAt,
  );
  const entry = entryFrom(sub, { profile, phases: find(keys.phases(sub)), progress }, lastActivityAt || readAt);
  if (!entry) return false;
  // With the profile's existence: a refresh that read the profile before an account deletion must not write the
  // entry back after the deletion's sweep (store/account-guard.ts).
  const cancelled = await transact(
    [
      {
        Put: {
          TableName: tableName(),
          Item: directoryItem(entry, readAt),
          ConditionExpression: 'attribute_not_exists(PK) OR refreshedAt <= :readAt',
          ExpressionAttributeValues: { ':readAt': readAt },
        },
      },
      profileExists(sub),
    ],
    (codes) => (codes.includes(CONDITION_FAILED) ? true : undefined),
  );
  return cancelled !== true;
}

/** Where every entry sat before the directory was sharded (docs/capacity.md): read only to move entries out. */
export const LEGACY_DIRECTORY_PARTITION = 'DIRECTORY';

/**
 * Moves the entries still in the unsharded partition to their shards by refreshing each (the refresh writes the
 * shard's GSI1PK), so founders idle since before the sharding are listed again without waiting for their next
 * write. Idempotent and cheap once done (one empty Query); the local stack runs it at start-up. Returns how many moved.
 */
export async function moveLegacyDirectoryEntries(): Promise<number> {
  const legacy = await queryAll({
    TableName: tableName(),
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :p',
    ExpressionAttributeValues: { ':p': LEGACY_DIRECTORY_PARTITION },
    ProjectionExpression: 'userId',
  });
  let moved = 0;
  for (const item of legacy) {
    if (typeof item.userId === 'string' && (await refreshDirectoryEntry(item.userId))) moved++;
  }
  return moved;
}

/**
 * refreshDirectoryEntry for a read path that finds a founder without an entry (one who signed up before the
 * directory existed): a failed refresh is logged rather than failing the request (the entry is a derived view).
 */
export async function keepDirectoryCurrent(
  sub: string,
  activityAt: string | undefined,
  log: { error(message: string, extra?: Record<string, unknown>): void },
): Promise<void> {
  try {
    await refreshDirectoryEntry(sub, activityAt);
  } catch (err) {
    log.error('founder directory entry not refreshed', { userId: sub, error: String(err) });
  }
}

export interface DirectoryFilter {
  /** Normalised (normaliseSearch); every word must occur in the entry's search text. */
  q?: string;
  phase?: DirectoryPhase;
  status?: ReviewStatus;
}

function entryFromItem(item: Item): DirectoryEntry {
  const byType = <T>(value: unknown, fallback: T): ByType<T> => {
    const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, T>;
    return Object.fromEntries(QUESTION_TYPES.map((t) => [t, record[t] ?? fallback])) as ByType<T>;
  };
  return {
    userId: String(item.userId),
    firstName: text(item.firstName),
    lastName: text(item.lastName),
    email: text(item.email),
    startupName: text(item.startupName),
    paid: item.paid === true,
    createdAt: text(item.createdAt),
    lastActivityAt: String(item.lastActivityAt ?? ''),
    phase: item.phase as DirectoryPhase,
    status: item.status as ReviewStatus,
    statuses: byType<ReviewStatus>(item.statuses, 'in-progress'),
    answered: byType<number>(item.answered, 0),
  };
}

export function matches(item: Item, filter: DirectoryFilter): boolean {
  if (filter.phase && filter.status) {
    const statuses = item.statuses as Record<string, unknown> | undefined;
    const status = filter.phase === 'generate-idea' || filter.phase === 'validation' ? null : statuses?.[filter.phase];
    // Idea and validation have no review: their only statuses are those of the founder's current phase.
    if (status === null ? item.phase !== filter.phase || item.status !== filter.status : status !== filter.status)
      return false;
  } else if (filter.phase && item.phase !== filter.phase) return false;
  else if (filter.status && item.status !== filter.status) return false;
  if (filter.q) {
    const search = typeof item.search === 'string' ? item.search : '';
    return filter.q.split(' ').every((word) => search.includes(word));
  }
  return true;
}

export const DIRECTORY_CURSOR: ShardedCursorShape = {
  shards: DIRECTORY_SHARDS,
  shard: (n) => ({
    attributes: GSI1_KEY,
    equals: { GSI1PK: keys.directoryShard(n), SK: keys.directory('x').SK },
    prefixes: { PK: keys.userPrefix },
  }),
  sortKey: 'GSI1SK',
  // `<lastActivityAt>#<sub>` names the founder, and so the whole key.
  keyFrom: (n, sortKey) => {
    const sub = /^[^#]*#([^#]+)$/.exec(sortKey)?.[1];
    // An honest cursor only ever holds a founder of the shard it stands for.
    return sub && directoryShardOf(sub) === n
      ? { ...keys.directory(sub), GSI1PK: keys.directoryShard(n), GSI1SK: sortKey }
      : null;
  },
  message: 'The cursor is not valid for the founder directory. Start again from the first page.',
};

export interface DirectoryPage {
  entries: DirectoryEntry[];
  nextCursor: string | null;
  examined: number;
  totalFounders: number;
  questionTotals: ByType<number>;
}

/**
 * One page of the directory: one Query per shard and one BatchGet of counters. Throws InvalidCursorError on a bad
 * cursor.
 */
export async function listDirectoryPage(
  filter: DirectoryFilter,
  cursor: string | undefined,
  pageSize = DIRECTORY_PAGE_SIZE,
): Promise<DirectoryPage> {
  const filtered = Boolean(filter.q || filter.phase || filter.status);
  const statNames = [stats.users, ...QUESTION_TYPES.map((t) => stats.questionCount(t))];
  const [page, counters] = await Promise.all([
    queryShardedPage(
      {
        query: (n) => ({
          TableName: tableName(),
          IndexName: GSI1,
          KeyConditionExpression: 'GSI1PK = :p',
          ExpressionAttributeValues: { ':p': keys.directoryShard(n) },
          ScanIndexForward: false,
        }),
        cursorShape: DIRECTORY_CURSOR,
        limit: filtered ? Math.max(DIRECTORY_WINDOW, pageSize) : pageSize,
        // An unfiltered page reads a whole page from every shard, so it is always full while founders remain.
        perShard: filtered ? Math.max(WINDOW_PER_SHARD, pageSize) : pageSize,
      },
      cursor,
    ),
    batchGetAll(tableName(), statNames.map(keys.stat)),
  ]);
  const kept: Item[] = [];
  let examined = 0;
  for (const item of page.items) {
    examined++;
    if (matches(item, filter)) kept.push(item);
    if (kept.length === pageSize) break;
  }
  // A full page cut inside the window goes on right after its last founder, so no match is skipped.
  const nextCursor = page.cursorAfter(examined);
  const value = (name: string) => {
    const v = counters.find((c) => c.SK === name)?.value;
    return typeof v === 'number' ? Math.max(0, v) : 0;
  };
  return {
    entries: kept.map(entryFromItem),
    nextCursor,
    examined,
    totalFounders: value(stats.users),
    questionTotals: Object.fromEntries(
      QUESTION_TYPES.map((t) => [t, questionTotal(t, value(stats.questionCount(t)))]),
    ) as ByType<number>,
  };
}

/** One founder's entry as the directory holds it (null when they have none yet). */
export async function getDirectoryEntry(sub: string): Promise<DirectoryEntry | null> {
  const [item] = await batchGetAll(tableName(), [keys.directory(sub)]);
  return item ? entryFromItem(item) : null;
}
