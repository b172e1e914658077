/** Platform statistics, the review lists, a founder's answers, and unlocking the next phase. */
import * as z from 'zod';
import { PHASE_TYPES, QUESTION_TYPES } from '../domain/questions';
import { phaseFlags } from './accounts';
import {
  answerFeedback,
  feedbackParams,
  phaseFeedback,
  replyBody,
  requestChangesBody,
  requestChangesResponse,
  resolveBody,
  saveFeedbackBody,
  saveSummaryBody,
} from './feedback';
import { nextCursor, questionType } from './fields';
import { type AreaContract, oneOf } from './schema';

const countsByType = z.object(
  Object.fromEntries(QUESTION_TYPES.map((t) => [t, z.number()])) as Record<
    (typeof QUESTION_TYPES)[number],
    z.ZodNumber
  >,
);

/** A few counters, never a scan of profiles or answers. */
export const adminStatsResponse = z.object({
  totalUsers: z.number(),
  questions: countsByType,
  /** Founders with at least one answer of the type. */
  started: countsByType,
  /** Founders who answered every question of the type. */
  completed: countsByType,
  /** completed / totalUsers in whole percent; 0 with no users. */
  completionRate: countsByType,
  /** Founders a coach sent back for changes (part of completed). */
  changesRequested: countsByType,
  /** The coaches' average rating (1–5, one decimal) of the type's answers; null before any rating. */
  averageRating: z.object(
    Object.fromEntries(QUESTION_TYPES.map((t) => [t, z.number().nullable()])) as Record<
      (typeof QUESTION_TYPES)[number],
      z.ZodNullable<z.ZodNumber>
    >,
  ),
});

export const REVIEW_STATES = ['pending', 'changes-requested', 'unlocked'] as const;

export const reviewFounder = z.object({
  userId: z.string(),
  /** First and last name; null when the profile has none (the UI shows its fallback). */
  name: z.string().nullable(),
  email: z.string().nullable(),
  totalAnswers: z.number(),
  completedAt: z.string(),
  unlockedAt: z.string().nullable(),
  /** The coaches' average rating (1–5, one decimal) of this founder's answers of the type; null before any. */
  rating: z.number().nullable(),
});

/** 50 a page, newest completion last. */
export const reviewListResponse = z.object({
  founders: z.array(reviewFounder),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor,
  counts: z.object({ pending: z.number(), 'changes-requested': z.number(), unlocked: z.number() }),
});

export const reviewAnswer = z.object({
  questionId: z.string(),
  /** The question's number as the founder sees it (shared/domain/question-numbers); null once it was removed. */
  number: z.number().nullable(),
  category: z.string(),
  question: z.string(),
  answers: z.array(z.string()),
  submittedAt: z.string(),
  /** The latest save: later than submittedAt once the founder edited the answer. */
  updatedAt: z.string(),
});

const userId = z.string().regex(/^[\w-]{1,64}$/, { error: 'userId is not a valid user id.' });

/** Opens the phase after `phase` for that founder. */
/** Only a reviewed phase unlocks; a Validate tool is reviewed without an unlock. */
export const unlockBody = z.strictObject({ phase: oneOf('phase', PHASE_TYPES) });
export const unlockResponse = z.object({
  userId: z.string(),
  phase: z.enum(PHASE_TYPES),
  /** False when the phase was already unlocked (unlocking twice is harmless). */
  changed: z.boolean(),
  phases: phaseFlags,
});

export const reviewContract = {
  'review.stats': { response: adminStatsResponse },
  'review.list': {
    params: z.object({ type: questionType }),
    query: z.object({
      state: z
        .enum(REVIEW_STATES, { error: () => 'state must be pending, changes-requested or unlocked.' })
        .default('pending'),
      cursor: z.string().max(2000, { error: 'The cursor is too long.' }).optional(),
    }),
    response: reviewListResponse,
  },
  /** Ordered by submission time. */
  'review.answers': {
    params: z.object({ userId, type: questionType }),
    response: z.object({ answers: z.array(reviewAnswer) }),
  },
  'review.unlock': { params: z.object({ userId }), body: unlockBody, response: unlockResponse },
  // Coach feedback.
  'feedback.coachPhase': { params: z.object({ userId, type: questionType }), response: phaseFeedback },
  'feedback.coachSaveSummary': {
    params: z.object({ userId, type: questionType }),
    body: saveSummaryBody,
    response: phaseFeedback,
  },
  'feedback.coachSaveAnswerFeedback': {
    params: feedbackParams.extend({ userId }),
    body: saveFeedbackBody,
    response: answerFeedback,
  },
  'feedback.coachResolve': {
    params: feedbackParams.extend({ userId }),
    body: resolveBody,
    response: answerFeedback,
  },
  'feedback.coachReply': {
    params: feedbackParams.extend({ userId }),
    body: replyBody,
    response: answerFeedback,
  },
  'feedback.coachRequestChanges': {
    params: z.object({ userId }),
    body: requestChangesBody,
    response: requestChangesResponse,
  },
} as const satisfies AreaContract<'review'>;
