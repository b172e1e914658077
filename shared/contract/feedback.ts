/**
 * Coach feedback: the views both the coach's and the founder's routes answer with, and their
 * request bodies. The coach's routes are in the review area (contract/review.ts), the founder's in the
 * journey area (contract/journey.ts).
 */
import * as z from 'zod';
import {
  FEEDBACK_AUTHORS,
  FEEDBACK_LIMITS,
  RATING_MAX,
  RATING_MIN,
  REVIEW_STATUSES,
  VERDICTS,
} from '../domain/feedback';
import { QUESTION_TYPES } from '../domain/questions';
import { questionId, questionType, requiredText } from './fields';
import { oneOf } from './schema';

export const feedbackReply = z.object({
  id: z.string(),
  author: z.enum(FEEDBACK_AUTHORS),
  text: z.string(),
  at: z.string(),
});

export const answerFeedback = z.object({
  questionId: z.string(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX).nullable(),
  verdict: z.enum(VERDICTS).nullable(),
  comment: z.string(),
  /** The caller wrote it (a coach may edit only their own); always false for founders. */
  mine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolved: z.boolean(),
  resolvedBy: z.enum(FEEDBACK_AUTHORS).nullable(),
  /** Oldest first. */
  replies: z.array(feedbackReply),
});

export const phaseFeedback = z.object({
  phase: questionType,
  status: z.enum(REVIEW_STATUSES),
  /** When the founder last submitted every answer (a resave after a change request submits again); null before. */
  submittedAt: z.string().nullable(),
  /** When a coach opened the next phase; null before. */
  unlockedAt: z.string().nullable(),
  summary: z.string().nullable(),
  summaryMine: z.boolean(),
  /** The coach's last request for changes; kept after the founder resubmits, so they can read it again. */
  changeRequest: z.object({ message: z.string(), requestedAt: z.string() }).nullable(),
  feedback: z.array(answerFeedback),
});

/** The founder's badges: per phase, the comment threads not resolved yet and whether changes are asked for. */
export const feedbackOverview = z.object({
  phases: z.array(
    z.object({
      phase: questionType,
      status: z.enum(REVIEW_STATUSES),
      comments: z.number(),
      /** Threads waiting on the founder (awaitsFounder): the sidebar's badge. */
      open: z.number(),
    }),
  ),
  /** Threads waiting on the founder in every phase: the dashboard's badge. */
  open: z.number(),
});

const rating = z
  .number({ error: () => `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}, or null.` })
  .int({ error: `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}, or null.` })
  .min(RATING_MIN, { error: `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}, or null.` })
  .max(RATING_MAX, { error: `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}, or null.` })
  .nullable();

export const saveFeedbackBody = z
  .strictObject({
    rating,
    verdict: oneOf('verdict', VERDICTS).nullable(),
    comment: z
      .string({ error: () => 'comment must be a text (empty for none).' })
      .trim()
      .max(FEEDBACK_LIMITS.comment, { error: `comment must be at most ${FEEDBACK_LIMITS.comment} characters.` }),
  })
  .refine((b) => b.rating !== null || b.verdict !== null || b.comment !== '', {
    error: 'Give a rating, a verdict or a comment.',
    path: ['comment'],
  });

export const saveSummaryBody = z.strictObject({
  summary: z
    .string({ error: () => 'summary must be a text (empty to remove it).' })
    .trim()
    .max(FEEDBACK_LIMITS.summary, { error: `summary must be at most ${FEEDBACK_LIMITS.summary} characters.` }),
});

export const requestChangesBody = z.strictObject({
  phase: oneOf('phase', QUESTION_TYPES),
  message: requiredText('message', FEEDBACK_LIMITS.changeMessage),
});
export const requestChangesResponse = z.object({
  userId: z.string(),
  phase: questionType,
  /** False when the founder was already on the Changes requested list (a retry changes nothing). */
  changed: z.boolean(),
  status: z.enum(REVIEW_STATUSES),
});

export const resolveBody = z.strictObject({ resolved: z.boolean({ error: () => 'resolved must be true or false.' }) });

/** `id` is chosen by the client (a UUID), so a retried reply is stored once. */
export const replyBody = z.strictObject({
  id: z.uuid({ error: 'id must be a UUID chosen by the client.' }),
  text: requiredText('Reply', FEEDBACK_LIMITS.reply),
});

export const feedbackParams = z.object({ type: questionType, questionId });
