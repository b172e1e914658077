/** Questions area: the question bank, read by everyone signed in, authored by coaches. Changes announce themselves (store/questions.ts). */

import { categoryProblem, questionsContract } from '#shared/contract/questions';
import type { CATEGORIES, Category } from '#shared/domain/questions';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import { deleteQuestion, listQuestions, putQuestion, updateQuestion } from '../store/questions';

export const questionsRoutes: AreaRoutes<'questions'> = {
  'questions.list': defineRoute('questions.list', {
    handle: async ({ params }) => ({ body: { questions: await listQuestions(params.type) } }),
  }),
  'questions.create': defineRoute('questions.create', {
    handle: async ({ body, log }) => {
      const { question, created } = await putQuestion({
        ...body,
        category: body.category as (typeof CATEGORIES)[typeof body.type][number],
      });
      log.info('question created', { questionId: question.id, created });
      return { statusCode: created ? 201 : 200, body: { question } };
    },
  }),
  'questions.update': defineRoute('questions.update', {
    handle: async ({ params, body }) => {
      const problem = categoryProblem(params.type, body.category);
      if (problem) throw new BadRequestError(problem, [{ field: 'category', message: problem }]);
      const question = await updateQuestion(params.type, params.questionId, {
        ...body,
        category: body.category as Category,
      });
      if (!question) throw new NotFoundError('This question no longer exists.');
      return { body: { question } };
    },
  }),

  'questions.delete': defineRoute('questions.delete', {
    handle: async ({ params }) => {
      const deleted = await deleteQuestion(params.type, params.questionId);
      if (!deleted) throw new NotFoundError('This question no longer exists.');
      return {};
    },
  }),
};

export const handler = createAreaHandler('questions', questionsRoutes, questionsContract);
