/** The founder's own work: dashboard, idea generation, the chosen idea and each phase's answers. */
import * as z from 'zod';
import { QUESTION_TYPES } from '../domain/questions';
import { TOOL_IDS } from '../domain/validate-tools';
import { answerFeedback, feedbackOverview, feedbackParams, phaseFeedback, replyBody, resolveBody } from './feedback';
import { questionId, questionType } from './fields';
import { type AreaContract, noContent, oneOf } from './schema';

const byQuestionType = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(QUESTION_TYPES.map((t) => [t, value])) as Record<(typeof QUESTION_TYPES)[number], T>);

export const phaseProgress = z.object({ answered: z.number(), total: z.number(), percent: z.number() });

/** The founder's five cards and four progress bars, in one call. */
/** Where a phase stands with the coach, as the founder sees it. */
export const REVIEW_STATUSES = ['not-started', 'in-progress', 'waiting', 'changes-requested', 'unlocked'] as const;
export const phaseReview = z.object({
  status: z.enum(REVIEW_STATUSES),
  /** When the founder answered the last question (the phase went to the coach); null before. */
  submittedAt: z.string().nullable(),
  /** When the coach opened the next phase; null before. */
  unlockedAt: z.string().nullable(),
});

export const dashboardResponse = z.object({
  progress: byQuestionType(phaseProgress),
  /** Each reviewed phase's state with the coach: "Submitted <time> — waiting for your coach". */
  reviews: byQuestionType(phaseReview),
  /** Validation tests the founder has started or finished. */
  validationTests: z.object({ count: z.number() }),
  documents: z.object({ count: z.number(), lastUploadedAt: z.string().nullable() }),
});

/** The founder's description (≤ 2000) and optional text from an uploaded file. */
export const generateIdeasBody = z.strictObject({
  text: z
    .string({ error: () => 'Describe your idea first.' })
    .trim()
    .min(1, { error: 'Describe your idea first.' })
    .max(2000, { error: 'Your description must be at most 2000 characters.' }),
  context: z.string().max(100_000, { error: 'The file text must be at most 100000 characters.' }).optional(),
});
export const generateIdeasResponse = z.object({
  ideas: z.array(z.object({ title: z.string(), description: z.string() })),
  source: z.enum(['bedrock', 'webhook', 'offline']).nullable(),
  /** Set when the automation failed: 'Failed to generate idea. Please try again.' */
  error: z.string().optional(),
});

/** The chosen idea; saving it opens the trigger questions. */
export const saveIdeaBody = z.strictObject({
  idea: z
    .string({ error: () => 'No idea selected: please select an idea before submitting.' })
    .trim()
    .min(1, { error: 'No idea selected: please select an idea before submitting.' })
    .max(4000, { error: 'The idea must be at most 4000 characters.' }),
});

/** The stored AI suggestions for a phase, or null (the UI then shows built-in examples). */
export const suggestionsResponse = z.object({
  suggestions: z
    .object({
      sections: z.record(z.string(), z.array(z.string())),
      source: z.enum(['bedrock', 'webhook', 'offline', 'failed']),
      createdAt: z.string(),
    })
    .nullable(),
});

export const answerView = z.object({
  questionId: z.string(),
  category: z.string(),
  answers: z.array(z.string()),
  submittedAt: z.string(),
  updatedAt: z.string(),
});

const typeParams = z.object({ type: questionType });
const answerParams = z.object({ type: questionType, questionId });

/** The question's whole list of answers. */
export const saveAnswerBody = z.strictObject({
  answers: z.array(z.string({ error: () => 'Each answer must be text.' }), {
    error: () => 'answers must be a list of texts.',
  }),
});
export const saveAnswerResponse = z.object({
  answer: answerView,
  progress: z.object({ answered: z.number(), total: z.number(), complete: z.boolean() }),
});

/** Every kept state of the founder's answers of a type, per question, oldest first (shared/domain/answer-history.ts). */
export const answerHistoryResponse = z.object({
  questions: z.array(
    z.object({
      questionId: z.string(),
      category: z.string(),
      versions: z.array(z.object({ at: z.string(), answers: z.array(z.string()), deleted: z.boolean() })),
    }),
  ),
});

/** A Validate tool's id in a path: only tools have prefill and drafted suggestions on request. */
export const toolParams = z.object({ type: oneOf('Tool', TOOL_IDS) });

/** Per built-in field with prefill sources: what each source holds, and what a save would store when it fits. */
export const toolPrefillResponse = z.object({
  fields: z.array(
    z.object({
      questionId: z.string(),
      sources: z.array(z.object({ from: z.string(), lines: z.array(z.string()) })),
      /** The answers to save if the founder confirms; null when the sources are for reference only. */
      proposal: z.array(z.string()).nullable(),
    }),
  ),
});

export const journeyContract = {
  'journey.dashboard': { response: dashboardResponse },
  'journey.saveIdea': { body: saveIdeaBody, response: z.object({ idea: z.string() }) },
  'journey.suggestions': { params: typeParams, response: suggestionsResponse },
  'journey.toolPrefill': { params: toolParams, response: toolPrefillResponse },
  'journey.listAnswers': { params: typeParams, response: z.object({ answers: z.array(answerView) }) },
  'journey.answerHistory': { params: typeParams, response: answerHistoryResponse },
  'journey.saveAnswer': { params: answerParams, body: saveAnswerBody, response: saveAnswerResponse },
  'journey.deleteAnswer': { params: answerParams, response: noContent },
  // Coach feedback on the founder's own answers.
  'feedback.founderOverview': { response: feedbackOverview },
  'feedback.founderPhase': { params: typeParams, response: phaseFeedback },
  'feedback.founderReply': { params: feedbackParams, body: replyBody, response: answerFeedback },
  'feedback.founderResolve': { params: feedbackParams, body: resolveBody, response: answerFeedback },
} as const satisfies AreaContract<'journey'>;
