/** Field schemas more than one area's contract uses. */
import * as z from 'zod';
import { QUESTION_TYPES } from '../domain/questions';
import { oneOf } from './schema';

export const questionType = oneOf('Question type', QUESTION_TYPES);

export const questionId = z.string().min(1).max(100, { error: 'questionId is too long.' });

/** A required, trimmed text with the label in every message. */
export const requiredText = (label: string, max = 100) =>
  z
    .string({ error: () => `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

/** Pagination cursors are opaque to clients; the store's cursor codec checks them. */
export const nextCursor = z.string().nullable();
