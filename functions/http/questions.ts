/** Questions area: the question bank, read by everyone signed in, authored by coaches. */
import * as z from 'zod';
import { CATEGORIES, QUESTION_TYPES } from '../domain/questions';
import { publish } from '../integrations/events';
import { type AreaRoutes, defineRoute } from '../lib/http';
import { createAreaHandler } from '../lib/lambda';
import { listQuestions, putQuestion } from '../store/questions';

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

export const newQuestionBody = z
  .object({
    /** A client-chosen id makes a retried create harmless. */
    id: z.uuid({ error: 'id must be a UUID.' }).optional(),
    type: questionType,
    category: z.string({ error: () => 'Question category is required.' }),
    text: z
      .string({ error: () => 'Question text is required.' })
      .trim()
      .min(1, { error: 'Question text is required.' })
      .max(1000, { error: 'Question text must be at most 1000 characters.' }),
    explanation: optionalText(4000, 'Question explanation'),
    example: optionalText(4000, 'Startup example'),
    videoUrl: optionalText(2000, 'Video URL'),
  })
  .strict()
  .superRefine((value, ctx) => {
    const allowed: readonly string[] = CATEGORIES[value.type];
    if (!allowed.includes(value.category)) {
      ctx.addIssue({
        code: 'custom',
        path: ['category'],
        message: `Question category must be one of: ${allowed.join(', ')}.`,
      });
    }
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
};

export const handler = createAreaHandler('questions', questionsRoutes);
