/** Questions area: the question bank, read by everyone signed in, authored by coaches. */
import * as z from 'zod';
import { CATEGORIES, type Category, QUESTION_TYPES, type QuestionType } from '#shared/domain/questions';
import { videoUrlProblem } from '#shared/domain/video';
import { publish } from '../integrations/events';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import { deleteQuestion, listQuestions, putQuestion, updateQuestion } from '../store/questions';

const questionType = z.enum(QUESTION_TYPES, {
  error: () => `Question type must be one of: ${QUESTION_TYPES.join(', ')}.`,
});

/** Optional texts are trimmed and stored as null when empty (spec §5). */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: () => `${label} must be text.` })
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .nullish()
    .transform((v) => {
      const trimmed = v?.trim() ?? '';
      return trimmed.length > 0 ? trimmed : null;
    });

function categoryProblem(type: QuestionType, category: string): string | null {
  const allowed: readonly string[] = CATEGORIES[type];
  return allowed.includes(category) ? null : `Question category must be one of: ${allowed.join(', ')}.`;
}

const categoryMatchesType = (value: { type: QuestionType; category: string }, ctx: z.RefinementCtx) => {
  const message = categoryProblem(value.type, value.category);
  if (message) ctx.addIssue({ code: 'custom', path: ['category'], message });
};

/** Founders see the link inside an iframe: only a video of an accepted host is stored (shared/domain/video.ts). */
const videoUrl = optionalText(2000, 'Video URL').superRefine((value, ctx) => {
  const problem = value === null ? null : videoUrlProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const questionTexts = {
  category: z.string({ error: () => 'Question category is required.' }),
  text: z
    .string({ error: () => 'Question text is required.' })
    .trim()
    .min(1, { error: 'Question text is required.' })
    .max(1000, { error: 'Question text must be at most 1000 characters.' }),
  explanation: optionalText(4000, 'Question explanation'),
  example: optionalText(4000, 'Startup example'),
  videoUrl,
};

export const newQuestionBody = z
  .object({
    /** A client-chosen id makes a retried create harmless. */
    id: z.uuid({ error: 'id must be a UUID.' }).optional(),
    type: questionType,
    ...questionTexts,
  })
  .strict()
  .superRefine(categoryMatchesType);

const questionParams = z.object({
  type: questionType,
  questionId: z.string().min(1).max(100, { error: 'questionId is too long.' }),
});

export const questionsRoutes: AreaRoutes<'questions'> = {
  'questions.list': defineRoute('questions.list', {
    params: z.object({ type: questionType }),
    handle: async ({ params }) => ({ body: { questions: await listQuestions(params.type) } }),
  }),
  'questions.create': defineRoute('questions.create', {
    body: newQuestionBody,
    handle: async ({ body, log }) => {
      const { question, created } = await putQuestion({
        ...body,
        category: body.category as (typeof CATEGORIES)[typeof body.type][number],
      });
      // Published on retries too: the consumer recounts, so a repeat is harmless.
      await publish('QuestionSetChanged', { type: question.type, change: 'added', questionId: question.id });
      log.info('question created', { questionId: question.id, created });
      return { statusCode: created ? 201 : 200, body: { question } };
    },
  }),
  'questions.update': defineRoute('questions.update', {
    params: questionParams,
    body: z.strictObject(questionTexts),
    handle: async ({ params, body }) => {
      const problem = categoryProblem(params.type, body.category);
      if (problem) throw new BadRequestError(problem, [{ field: 'category', message: problem }]);
      const question = await updateQuestion(params.type, params.questionId, {
        ...body,
        category: body.category as Category,
      });
      if (!question) throw new NotFoundError('This question no longer exists.');
      await publish('QuestionSetChanged', { type: params.type, change: 'updated', questionId: question.id });
      return { body: { question } };
    },
  }),

  'questions.delete': defineRoute('questions.delete', {
    params: questionParams,
    handle: async ({ params }) => {
      const deleted = await deleteQuestion(params.type, params.questionId);
      // Published on a retried delete too: the consumer recomputes, so a repeat is harmless.
      await publish('QuestionSetChanged', { type: params.type, change: 'removed', questionId: params.questionId });
      if (!deleted) throw new NotFoundError('This question no longer exists.');
      return {};
    },
  }),
};

export const handler = createAreaHandler('questions', questionsRoutes);
