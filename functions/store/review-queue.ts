/**
 * The coaches' "waiting for review" queue: every founder who answered every question of a reviewed phase and waits
 * for a coach, across the phases, oldest submission first.
 *
 * Each reviewed phase already keeps its waiting founders in one GSI1 partition sorted by completion
 * (`REVIEW#<type>#PENDING`, `<completedAt>#<sub>`: store/progress-state.ts), written in the same transaction as the
 * save that completes the phase and moved out by the unlock or request for changes. The queue reads those partitions
 * as the shards of one list (sharded-page.ts, oldest first): a page is one Query per reviewed phase, one BatchGet of
 * the page's profiles and one of the pending counters, whatever the number of founders.
 */
import { REVIEWED_PHASES } from '#shared/domain/phases';
import type { PhaseType, QuestionType } from '#shared/domain/questions';
import { batchGetAll } from './batch-get';
import { tableName } from './client';
import { GSI1_KEY, type ShardedCursorShape } from './cursor';
import { GSI1, keys, stats } from './keys';
import { queryShardedPage } from './sharded-page';

/** Founders a queue page shows. */
export const REVIEW_QUEUE_PAGE_SIZE = 20;

const pendingPartition = (type: QuestionType) => keys.reviewPartition(type, 'PENDING');

const phaseAt = (index: number): PhaseType => {
  const type = REVIEWED_PHASES[index];
  if (!type) throw new RangeError(`No reviewed phase ${index}`);
  return type;
};

export const REVIEW_QUEUE_CURSOR: ShardedCursorShape = {
  shards: REVIEWED_PHASES.length,
  shard: (n) => ({
    attributes: GSI1_KEY,
    equals: { GSI1PK: pendingPartition(phaseAt(n)), SK: keys.progress('x', phaseAt(n)).SK },
    prefixes: { PK: keys.userPrefix },
  }),
  sortKey: 'GSI1SK',
  // `<completedAt>#<sub>` names the founder, and the shard names the phase: the whole key.
  keyFrom: (n, sortKey) => {
    const sub = /^[^#]+#([\w-]+)$/.exec(sortKey)?.[1];
    const type = phaseAt(n);
    return sub ? { ...keys.progress(sub, type), GSI1PK: pendingPartition(type), GSI1SK: sortKey } : null;
  },
  message: 'The cursor is not valid for the review queue. Start again from the first page.',
};

export interface QueuedFounder {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  startupName: string | null;
  phase: PhaseType;
  /** When the founder answered the phase's last question: the wait starts here. */
  waitingSince: string;
  answered: number;
}

export interface ReviewQueuePage {
  founders: QueuedFounder[];
  nextCursor: string | null;
  /** Every founder waiting, all phases together (a founder waiting in two phases counts twice). */
  total: number;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Throws InvalidCursorError on a cursor this list did not hand out. */
export async function listReviewQueue(
  cursor: string | undefined,
  pageSize = REVIEW_QUEUE_PAGE_SIZE,
): Promise<ReviewQueuePage> {
  const [page, counters] = await Promise.all([
    queryShardedPage(
      {
        query: (n) => ({
          TableName: tableName(),
          IndexName: GSI1,
          KeyConditionExpression: 'GSI1PK = :p',
          ExpressionAttributeValues: { ':p': pendingPartition(phaseAt(n)) },
          ProjectionExpression: 'PK, SK, GSI1PK, GSI1SK, completedAt, answered',
          ScanIndexForward: true,
        }),
        cursorShape: REVIEW_QUEUE_CURSOR,
        limit: pageSize,
        perShard: pageSize,
        oldestFirst: true,
      },
      cursor,
    ),
    batchGetAll(
      tableName(),
      REVIEWED_PHASES.map((t) => keys.stat(stats.pending(t))),
    ),
  ]);
  const subs = [...new Set(page.items.map((item) => keys.userIdFromPk(String(item.PK))))];
  const profiles = await batchGetAll(
    tableName(),
    subs.map((sub) => keys.profile(sub)),
    { projection: 'PK, firstName, lastName, email, startupName' },
  );
  const profileOf = new Map(profiles.map((p) => [String(p.PK), p]));
  const phaseOf = new Map(REVIEWED_PHASES.map((t) => [keys.progress('x', t).SK, t]));
  const founders: QueuedFounder[] = [];
  for (const item of page.items) {
    const phase = phaseOf.get(String(item.SK));
    if (!phase) continue;
    const profile = profileOf.get(String(item.PK));
    founders.push({
      userId: keys.userIdFromPk(String(item.PK)),
      firstName: text(profile?.firstName),
      lastName: text(profile?.lastName),
      email: text(profile?.email),
      startupName: text(profile?.startupName),
      phase,
      waitingSince: String(item.completedAt ?? String(item.GSI1SK).split('#')[0]),
      answered: typeof item.answered === 'number' ? item.answered : 0,
    });
  }
  const total = counters.reduce((sum, c) => sum + (typeof c.value === 'number' ? Math.max(0, c.value) : 0), 0);
  return { founders, nextCursor: page.cursorAfter(page.items.length), total };
}
