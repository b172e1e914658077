/**
 * Recomputes one page of founders after a question was added or removed, then asks for the
 * next page (or the next partition: pending, unlocked, open). Each delivery does a bounded
 * amount of work, so the walk finishes within Lambda's limits at any number of founders, and
 * a failed page is retried alone. Recomputing is idempotent: a page delivered twice, or a
 * founder met again in a later partition, changes nothing more.
 */
import { type EventDetail, RECOMPUTE_PARTITIONS } from '#shared/events';
import { createConsumer } from '../lib/consumer';
import { announceFollowUp } from '../store/outbox';
import { listQuestions } from '../store/questions';
import { foundersPage, recomputeFounder } from '../store/recompute';

/** Founders per delivery: about 2 s of work at DynamoDB's speed, far below the 30 s timeout. */
export const RECOMPUTE_PAGE_SIZE = 100;
/** Founders recomputed at once: enough to finish quickly, few enough not to swamp the table. */
const PARALLEL = 8;

type Request = EventDetail<'ProgressRecomputeRequested'>;

function nextRequest(request: Request, nextCursor: string | null): Request | null {
  if (nextCursor) return { type: request.type, partition: request.partition, cursor: nextCursor };
  const next = RECOMPUTE_PARTITIONS[RECOMPUTE_PARTITIONS.indexOf(request.partition) + 1];
  return next ? { type: request.type, partition: next } : null;
}

export const handler = createConsumer('progress-recompute', {
  ProgressRecomputeRequested: async (request, log, delivery) => {
    const { type, partition, cursor } = request;
    const questions = await listQuestions(type);
    const ids = new Set(questions.map((q) => q.id));
    const page = await foundersPage(type, partition, cursor, RECOMPUTE_PAGE_SIZE);
    const now = new Date().toISOString();
    let changed = 0;
    for (let i = 0; i < page.subs.length; i += PARALLEL) {
      const batch = page.subs.slice(i, i + PARALLEL);
      const results = await Promise.all(batch.map((sub) => recomputeFounder(sub, type, ids, now)));
      for (const result of results) {
        // The directory entry follows from the stream; PhaseCompleted went out with the founder's change.
        if (result.changed) changed++;
      }
    }
    const next = nextRequest(request, page.nextCursor);
    if (next) await announceFollowUp(delivery, 'next page', 'ProgressRecomputeRequested', next);
    log.info('founders recomputed', { type, partition, founders: page.subs.length, changed, more: next !== null });
  },
});
