/** Keeps STATS QUESTIONS#<type> equal to the number of questions of that type. */
import { createConsumer } from '../lib/consumer';
import { stats } from '../store/keys';
import { countQuestions } from '../store/questions';
import { setCounter } from '../store/stats';

export const handler = createConsumer('question-stats', {
  QuestionSetChanged: async ({ type }, log) => {
    // A recount rather than +1/-1: replays and out-of-order deliveries converge.
    const count = await countQuestions(type);
    await setCounter(stats.questionCount(type), count);
    log.info('question count updated', { type, count });
  },
});
