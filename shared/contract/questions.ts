/** The question bank, read by everyone signed in, authored by coaches. */
import * as z from 'zod';
import { CATEGORIES, type Category, type Question, type QuestionType } from '../domain/questions';
import { videoUrlProblem } from '../domain/video';
import { questionId, questionType } from './fields';
import { type AreaContract, noContent } from './schema';

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

export function categoryProblem(type: QuestionType, category: string): string | null {
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

/** Create: a client-chosen UUID makes a retried create harmless. */
export const newQuestionBody = z
  .object({
    id: z.uuid({ error: 'id must be a UUID.' }).optional(),
    type: questionType,
    ...questionTexts,
  })
  .strict()
  .superRefine(categoryMatchesType);

/** Update: the texts of one question; its type comes from the path. */
export const questionTextsBody = z.strictObject(questionTexts);

const ANY_CATEGORY: readonly string[] = Object.values(CATEGORIES).flat();

export const questionView: z.ZodType<Question> = z.object({
  id: z.string(),
  type: questionType,
  category: z.custom<Category>((value) => typeof value === 'string' && ANY_CATEGORY.includes(value)),
  text: z.string(),
  explanation: z.string().nullable(),
  example: z.string().nullable(),
  videoUrl: z.string().nullable(),
  createdAt: z.string(),
  order: z.number(),
});

const questionParams = z.object({ type: questionType, questionId });
const questionResponse = z.object({ question: questionView });

export const questionsContract = {
  'questions.list': {
    params: z.object({ type: questionType }),
    response: z.object({ questions: z.array(questionView) }),
  },
  'questions.create': { body: newQuestionBody, response: questionResponse },
  'questions.update': { params: questionParams, body: questionTextsBody, response: questionResponse },
  'questions.delete': { params: questionParams, response: noContent },
} as const satisfies AreaContract<'questions'>;
