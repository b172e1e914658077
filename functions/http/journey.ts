/**
 * Journey area: the founder's own work — dashboard, the chosen idea and the answers
 * of each phase. Phase locks are enforced here, whatever the UI shows. The routes that wait on
 * the AI model run in the ai area's function (ai.ts).
 */

import type { DashboardResponse, PhaseProgress, SaveAnswerResponse, SuggestionsResponse } from '#shared/api-types';
import { journeyContract } from '#shared/contract/journey';
import { answerListProblem } from '#shared/domain/answers';
import { ANSWER_PAGE, PAGE_GATES, type PhaseFlag } from '#shared/domain/phases';
import { percentOf } from '#shared/domain/progress';
import { QUESTION_TYPES, type QuestionType } from '#shared/domain/questions';
import { builtInAnswerProblem } from '#shared/domain/tool-questions';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import { countEvent } from '../lib/metrics';
import { listAnswerHistory } from '../store/answer-history';
import { deleteAnswers, listAnswers, saveAnswers } from '../store/answers';
import { newestFileUploadedAt } from '../store/files';
import { saveIdea } from '../store/idea';
import { keys } from '../store/keys';
import { getProfile } from '../store/profiles';
import { countUserItems, getProgressCounts } from '../store/progress';
import { getSuggestions } from '../store/suggestions';
import { listTestRuns } from '../store/test-runs';
import { feedbackJourneyRoutes } from './feedback-founder';
import { toolPrefill } from './tool-prefill';

/** The flag that must be true before a founder may answer questions of a type: its page's gate. */
const answerGate = (type: QuestionType): PhaseFlag => PAGE_GATES[ANSWER_PAGE[type]];

export const journeyRoutes: AreaRoutes<'journey'> = {
  'journey.dashboard': defineRoute('journey.dashboard', {
    handle: async ({ principal }) => {
      const [counts, runs, files, lastUploadedAt] = await Promise.all([
        getProgressCounts(principal.sub),
        listTestRuns(principal.sub),
        countUserItems(principal.sub, keys.filePrefix),
        newestFileUploadedAt(principal.sub),
      ]);
      const progress = Object.fromEntries(
        QUESTION_TYPES.map((type) => {
          const answered = counts.answered[type];
          const total = counts.totals[type];
          return [type, { answered, total, percent: percentOf(answered, total) }];
        }),
      ) as Record<QuestionType, PhaseProgress>;
      const response: DashboardResponse = {
        progress,
        reviews: counts.reviews,
        validationTests: {
          count: [...runs.values()].filter((r) => !r.deleted && r.status !== 'not-started').length,
        },
        documents: { count: files, lastUploadedAt },
      };
      return { body: response };
    },
  }),

  'journey.saveIdea': defineRoute('journey.saveIdea', {
    handle: async ({ body, principal }) => {
      const now = new Date().toISOString();
      const outcome = await saveIdea(principal.sub, body.idea, now);
      // A retry of the same save is fine; choosing another idea once one is saved is not.
      if (outcome === 'conflict' && (await getProfile(principal.sub))?.idea !== body.idea) {
        throw new ConflictError('Your idea is already saved and can no longer be changed.');
      }
      return { body: { idea: body.idea } };
    },
  }),

  'journey.suggestions': defineRoute('journey.suggestions', {
    handle: async ({ params, principal }) => {
      const response: SuggestionsResponse = { suggestions: await getSuggestions(principal.sub, params.type) };
      return { body: response };
    },
  }),

  'journey.toolPrefill': defineRoute('journey.toolPrefill', {
    handle: async ({ params, principal }) => ({ body: await toolPrefill(principal.sub, params.type) }),
  }),

  'journey.listAnswers': defineRoute('journey.listAnswers', {
    handle: async ({ params, principal }) => ({ body: { answers: await listAnswers(principal.sub, params.type) } }),
  }),

  'journey.answerHistory': defineRoute('journey.answerHistory', {
    handle: async ({ params, principal }) => ({
      body: { questions: await listAnswerHistory(principal.sub, params.type) },
    }),
  }),

  'journey.saveAnswer': defineRoute('journey.saveAnswer', {
    handle: async ({ params, body, principal }) => {
      const answers = body.answers.map((a) => a.trim());
      const problem = answerListProblem(answers) ?? builtInAnswerProblem(params.type, params.questionId, answers);
      if (problem) throw new BadRequestError(problem, [{ field: 'answers', message: problem }]);
      // One read checks the phase gate and finds the question along with the answer and progress.
      const saved = await saveAnswers(principal.sub, params.type, params.questionId, answers, {
        requires: answerGate(params.type),
      });
      countEvent('answersSaved', params.type);
      const response: SaveAnswerResponse = {
        answer: saved.answer,
        progress: {
          answered: saved.progress.answered,
          total: saved.progress.total,
          complete: saved.progress.total > 0 && saved.progress.answered >= saved.progress.total,
        },
      };
      return { body: response };
    },
  }),

  'journey.deleteAnswer': defineRoute('journey.deleteAnswer', {
    handle: async ({ params, principal }) => {
      const deleted = await deleteAnswers(principal.sub, params.type, params.questionId, {
        requires: answerGate(params.type),
      });
      if (!deleted) throw new NotFoundError('There are no answers to delete for this question.');
      return {};
    },
  }),

  ...feedbackJourneyRoutes,
};

export const handler = createAreaHandler('journey', journeyRoutes, journeyContract);
