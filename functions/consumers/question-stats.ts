/**
 * When coaches change the question set: the per-type question count (STATS) is
 * recounted, and on an added or removed question every founder who started that type
 * is recomputed, so completeness, counters and the review lists follow in the background.
 */

import { publish } from '../integrations/events';
import { createConsumer } from '../lib/consumer';
import { stats } from '../store/keys';
import { listQuestions } from '../store/questions';
import { foundersWithProgress, recomputeFounder } from '../store/recompute';
import { setCounter } from '../store/stats';

/** Founders recomputed at once: enough to finish quickly, few enough not to swamp the table. */
const PARALLEL = 8;

export const handler = createConsumer('question-stats', {
  QuestionSetChanged: async ({ type, change }, log) => {
    const questions = await listQuestions(type);
    // A recount rather than +1/-1: replays and out-of-order deliveries converge.
    await setCounter(stats.questionCount(type), questions.length);
    if (change === 'updated') return;

    const ids = new Set(questions.map((q) => q.id));
    const founders = await foundersWithProgress(type);
    const now = new Date().toISOString();
    let changed = 0;
    for (let i = 0; i < founders.length; i += PARALLEL) {
      const batch = founders.slice(i, i + PARALLEL);
      const results = await Promise.all(batch.map((sub) => recomputeFounder(sub, type, ids, now)));
      for (const [j, result] of results.entries()) {
        if (result.changed) changed++;
        const sub = batch[j];
        if (result.completedNow && sub) await publish('PhaseCompleted', { userId: sub, phase: type });
      }
    }
    log.info('question set recomputed', {
      type,
      change,
      questions: questions.length,
      founders: founders.length,
      changed,
    });
  },
});
