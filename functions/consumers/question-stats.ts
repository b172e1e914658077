/**
 * When coaches change the question set: the per-type question count (STATS) is
 * recounted, and on an added or removed question a recompute of every founder who
 * started that type begins (progress-recompute, one page of founders per delivery).
 */

import { createConsumer } from '../lib/consumer';
import { stats } from '../store/keys';
import { announceFollowUp } from '../store/outbox';
import { countQuestions } from '../store/questions';
import { setCounter } from '../store/stats';

export const handler = createConsumer('question-stats', {
  QuestionSetChanged: async ({ type, change }, log, delivery) => {
    // A recount rather than +1/-1: replays and out-of-order deliveries converge. It counts the stored questions;
    // a tool's built-in fields are added where the total is read (questionTotal, shared/domain/tool-questions.ts).
    const questions = await countQuestions(type);
    await setCounter(stats.questionCount(type), questions);
    log.info('question set recounted', { type, change, questions });
    if (change === 'updated') return;
    await announceFollowUp(delivery, 'recompute', 'ProgressRecomputeRequested', {
      type,
      partition: 'PENDING',
    });
  },
});
