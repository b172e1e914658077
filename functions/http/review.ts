/** Review area: platform statistics, the review lists, a founder's answers, and unlocking the next phase. */

import type { AdminStatsResponse, ReviewAnswersResponse, ReviewListResponse, UnlockResponse } from '#shared/api-types';
import { reviewContract } from '#shared/contract/review';
import { byQuestionNumber, questionNumbers } from '#shared/domain/question-numbers';
import { QUESTION_TYPES, type QuestionType } from '#shared/domain/questions';
import { NotFoundError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import { countEvent } from '../lib/metrics';
import { getAccountItems } from '../store/accounts';
import { listAnswers } from '../store/answers';
import { listQuestions } from '../store/questions';
import { averageRating, getPlatformCounters, getReviewCounts, listReviewPage } from '../store/review';
import { unlockPhase } from '../store/unlock';
import { feedbackReviewRoutes } from './feedback-coach';

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

export const reviewRoutes: AreaRoutes<'review'> = {
  'review.stats': defineRoute('review.stats', {
    handle: async () => {
      const c = await getPlatformCounters();
      const byType = (f: (t: QuestionType) => number) =>
        Object.fromEntries(QUESTION_TYPES.map((t) => [t, f(t)])) as Record<QuestionType, number>;
      const completed = byType((t) => c.pending[t] + c.unlocked[t] + c.changes[t]);
      const response: AdminStatsResponse = {
        totalUsers: c.users,
        questions: c.questions,
        started: c.started,
        completed,
        completionRate: byType((t) => percent(completed[t], c.users)),
        changesRequested: c.changes,
        averageRating: Object.fromEntries(
          QUESTION_TYPES.map((t) => [t, averageRating(c.ratingSum[t], c.ratingCount[t])]),
        ) as Record<QuestionType, number | null>,
      };
      return { body: response };
    },
  }),

  'review.list': defineRoute('review.list', {
    handle: async ({ params, query }) => {
      const [page, counters] = await Promise.all([
        listReviewPage(params.type, query.state, query.cursor),
        getReviewCounts(params.type),
      ]);
      const response: ReviewListResponse = {
        founders: page.founders.map((f) => ({
          userId: f.userId,
          name: [f.firstName, f.lastName].filter(Boolean).join(' ') || null,
          email: f.email,
          totalAnswers: f.totalAnswers,
          completedAt: f.completedAt,
          unlockedAt: f.unlockedAt,
          rating: f.rating,
        })),
        nextCursor: page.nextCursor,
        counts: counters,
      };
      return { body: response };
    },
  }),

  'review.answers': defineRoute('review.answers', {
    handle: async ({ params }) => {
      const [answers, questions] = await Promise.all([
        listAnswers(params.userId, params.type),
        listQuestions(params.type),
      ]);
      const byId = new Map(questions.map((q) => [q.id, q]));
      // Numbered and grouped as the founder's pages show them, never by submission order.
      const numbered = byQuestionNumber(answers, questionNumbers(params.type, questions));
      const response: ReviewAnswersResponse = {
        answers: numbered.map((a) => ({
          questionId: a.questionId,
          number: a.number,
          category: a.category,
          question: byId.get(a.questionId)?.text ?? 'This question was removed.',
          answers: a.answers,
          submittedAt: a.submittedAt,
          updatedAt: a.updatedAt,
        })),
      };
      return { body: response };
    },
  }),

  'review.unlock': defineRoute('review.unlock', {
    handle: async ({ params, body, log }) => {
      const before = await getAccountItems(params.userId);
      if (!before.profile) throw new NotFoundError('No founder with this id.');
      const changed = await unlockPhase(params.userId, body.phase, new Date().toISOString());
      // PhaseUnlocked went out with the flag's own write (store/phases.ts); the directory follows from the stream.
      log.info('phase unlocked', { userId: params.userId, phase: body.phase, changed });
      if (changed) countEvent('unlocks', body.phase);
      const { phases } = await getAccountItems(params.userId);
      const response: UnlockResponse = { userId: params.userId, phase: body.phase, changed, phases };
      return { body: response };
    },
  }),

  ...feedbackReviewRoutes,
};

export const handler = createAreaHandler('review', reviewRoutes, reviewContract);
