/** The coaches' founder directory: every founder, searchable and filtered, one founder's whole file, and downloads. */
import * as z from 'zod';
import { DIRECTORY_PHASES, DIRECTORY_SEARCH_MAX, normaliseSearch, REVIEW_STATUSES } from '../domain/founder-directory';
import { REVIEWED_PHASES } from '../domain/phases';
import { QUESTION_TYPES } from '../domain/questions';
import { EVALUATION_RESULTS, TEST_STATUSES } from '../domain/validation-tests';
import { phaseFlags, storedOnboarding } from './accounts';
import { fileView } from './dataroom';
import { nextCursor } from './fields';
import { type AreaContract, oneOf } from './schema';

const byQuestionType = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(QUESTION_TYPES.map((t) => [t, value])) as Record<(typeof QUESTION_TYPES)[number], T>);

const userId = z.string().regex(/^[\w-]{1,64}$/, { error: 'userId is not a valid user id.' });
const fileId = z.string().regex(/^\d{13}-[\w-]{10}$/, { error: 'No such file.' });

export const directoryPhaseProgress = z.object({
  answered: z.number(),
  total: z.number(),
  percent: z.number(),
  status: z.enum(REVIEW_STATUSES),
});

export const directoryFounder = z.object({
  userId: z.string(),
  /** First and last name; null when the profile has none. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  startupName: z.string().nullable(),
  paid: z.boolean(),
  createdAt: z.string().nullable(),
  /** The founder's last write: sign-up, onboarding, payment, idea, an answer, or a coach's review. */
  lastActivityAt: z.string(),
  phase: z.enum(DIRECTORY_PHASES),
  /** The review status of `phase` (in progress before a reviewed phase, unlocked once in validation). */
  status: z.enum(REVIEW_STATUSES),
  progress: byQuestionType(directoryPhaseProgress),
});

export const directoryQuery = z.object({
  q: z
    .string()
    .max(DIRECTORY_SEARCH_MAX, { error: `The search must be at most ${DIRECTORY_SEARCH_MAX} characters.` })
    .optional()
    .transform((q) => (q ? normaliseSearch(q) : '') || undefined),
  phase: oneOf('phase', DIRECTORY_PHASES).optional(),
  status: oneOf('status', REVIEW_STATUSES).optional(),
  cursor: z.string().max(2000, { error: 'The cursor is too long.' }).optional(),
});

/** Most recently active first. */
export const directoryResponse = z.object({
  founders: z.array(directoryFounder),
  /** Pass as `cursor` for the next page; null when every founder has been looked at. */
  nextCursor,
  /**
   * How many founders this page looked at. With a search or filter a page reads a bounded window of the
   * directory and answers the matches in it, so a page may hold fewer matches than founders looked at.
   */
  examined: z.number(),
  /** Every founder account (the sign-up counter). */
  totalFounders: z.number(),
});

export const founderTest = z.object({
  id: z.string(),
  name: z.string(),
  /** The founder's own test rather than one of the library's. */
  custom: z.boolean(),
  status: z.enum(TEST_STATUSES),
  results: z.string().nullable(),
  evaluation: z.object({ result: z.enum(EVALUATION_RESULTS), notes: z.string().nullable() }).nullable(),
  /** The founder removed it from their list. */
  removed: z.boolean(),
});

export const founderFile = z.object({
  founder: directoryFounder,
  onboarding: storedOnboarding.nullable(),
  idea: z.string().nullable(),
  phases: phaseFlags,
  /** The tests the founder started, finished, evaluated or removed, as the founder left them. */
  validationTests: z.array(founderTest),
  /** Newest first; a data room holds at most 200 files. */
  files: z.array(fileView),
});

/** A founder waiting for review in one phase (a founder waiting in two phases is two entries). */
export const queuedFounder = z.object({
  userId: z.string(),
  /** First and last name; null when the profile has none. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  startupName: z.string().nullable(),
  phase: z.enum(REVIEWED_PHASES),
  /** When the founder answered the phase's last question: how long they have waited is counted from here. */
  waitingSince: z.string(),
  answered: z.number(),
});

/** Oldest submission first, across the reviewed phases. */
export const reviewQueueResponse = z.object({
  founders: z.array(queuedFounder),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor,
  /** Every founder waiting, all phases together (from the counters, not counted through the pages). */
  total: z.number(),
});

export const foundersContract = {
  'founders.list': { query: directoryQuery, response: directoryResponse },
  'founders.get': { params: z.object({ userId }), response: founderFile },
  /** A short-lived link; every call is audit-logged (who, which founder, which file, when). */
  'founders.download': {
    params: z.object({ userId, fileId }),
    response: z.object({ url: z.string(), name: z.string() }),
  },
  'founders.reviewQueue': {
    query: z.object({ cursor: z.string().max(2000, { error: 'The cursor is too long.' }).optional() }),
    response: reviewQueueResponse,
  },
} as const satisfies AreaContract<'founders'>;
