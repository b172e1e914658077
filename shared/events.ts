/**
 * The event catalogue: every domain event's source, detail-type and schema.
 * Publishers validate against it before sending, consumers parse with it on
 * receipt, and both the CDK rules and the local bus are built from RULES below.
 */
import * as z from 'zod';
import { REVIEWED_PHASES } from './domain/phases';
import { QUESTION_TYPES } from './domain/questions';

export const EVENT_SOURCE = 'preseed.app';

/** The reviewed phases, in order: the phase names PhaseCompleted and PhaseUnlocked carry. */
export const PHASES = REVIEWED_PHASES;

/** The GSI1 partitions a recompute walks, in order: complete (pending, unlocked, changes requested), then started. */
export const RECOMPUTE_PARTITIONS = ['PENDING', 'UNLOCKED', 'CHANGES', 'OPEN'] as const;
export type Phase = (typeof PHASES)[number];

export const EVENTS = {
  UserRegistered: z.object({
    userId: z.string().min(1),
    email: z.string().email(),
    firstName: z.string(),
  }),
  IdeaSaved: z.object({ userId: z.string().min(1), idea: z.string().min(1) }),
  PhaseCompleted: z.object({ userId: z.string().min(1), phase: z.enum(PHASES) }),
  PhaseUnlocked: z.object({ userId: z.string().min(1), phase: z.enum(PHASES) }),
  PaymentCompleted: z.object({ userId: z.string().min(1), sessionId: z.string().min(1) }),
  QuestionSetChanged: z.object({
    type: z.enum(QUESTION_TYPES),
    change: z.enum(['added', 'removed', 'updated']),
    questionId: z.string().min(1),
  }),
  /** A coach commented on (or re-worded a comment on) one of the founder's answers. */
  FeedbackGiven: z.object({ userId: z.string().min(1), phase: z.enum(PHASES), questionId: z.string().min(1) }),
  /** A coach sent the founder's completed phase back with a message. */
  ChangesRequested: z.object({ userId: z.string().min(1), phase: z.enum(PHASES) }),
  /** The founder or a coach replied in a comment's thread (userId: the founder whose answer it is). */
  FeedbackReplied: z.object({ userId: z.string().min(1), phase: z.enum(PHASES), questionId: z.string().min(1) }),
  /** One page of founders to bring in line with the current questions; each page asks for the next. */
  ProgressRecomputeRequested: z.object({
    type: z.enum(QUESTION_TYPES),
    partition: z.enum(RECOMPUTE_PARTITIONS),
    cursor: z.string().min(1).max(4000).optional(),
  }),
  /** A viewer opened a founder's share link; the founder may be emailed, at most once a link an hour. */
  ShareLinkViewed: z.object({
    userId: z.string().min(1),
    linkId: z.string().min(1),
    linkLabel: z.string(),
    viewerEmail: z.string().nullable(),
    at: z.string().min(1),
  }),
} as const;

export type EventName = keyof typeof EVENTS;
export type EventDetail<E extends EventName> = z.infer<(typeof EVENTS)[E]>;

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && value in EVENTS;
}

/** Validates a detail against its schema; throws a ZodError when it does not fit. */
export function parseDetail<E extends EventName>(name: E, detail: unknown): EventDetail<E> {
  return EVENTS[name].parse(detail) as EventDetail<E>;
}
