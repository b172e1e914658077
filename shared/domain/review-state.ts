/**
 * Where one phase stands with the coach — derived once, here, from what the API returns, so every surface (the
 * founder's dashboard, phase page, completion box and sidebar; the coach's lists, review dialog and founder page)
 * says the same thing. The routes name the status from the same progress item; this adds the rules the surfaces
 * used to apply each in its own way:
 * - the next phase being open (its flag) means unlocked, whatever else is known;
 * - a change request counts only while the founder is sent back: after a resave or an unlock it is history;
 * - "waiting" dates from the latest submission (a resave after a change request submits again).
 */
import type { ReviewStatus } from './feedback';

/** What a route says of one phase's review. The founder's dashboard names `pending` 'waiting'. */
export interface ReviewFacts {
  status: ReviewStatus | 'waiting';
  /** When the founder last submitted every answer (the phase went to the coach). */
  submittedAt?: string | null;
  unlockedAt?: string | null;
  changeRequest?: { message: string; requestedAt: string } | null;
  /** The flag a coach's unlock sets (the next phase is open), when the surface knows it. */
  nextPhaseOpen?: boolean;
}

export type PhaseReviewState =
  | { kind: 'not-started' }
  | { kind: 'in-progress' }
  | { kind: 'waiting'; submittedAt: string | null }
  | { kind: 'changes-requested'; message: string | null; requestedAt: string | null }
  | { kind: 'unlocked'; unlockedAt: string | null };

export type ReviewStateKind = PhaseReviewState['kind'];

export function reviewStateOf(facts: ReviewFacts): PhaseReviewState {
  if (facts.nextPhaseOpen === true || facts.status === 'unlocked') {
    return { kind: 'unlocked', unlockedAt: facts.unlockedAt ?? null };
  }
  switch (facts.status) {
    case 'changes-requested':
      return {
        kind: 'changes-requested',
        message: facts.changeRequest?.message ?? null,
        requestedAt: facts.changeRequest?.requestedAt ?? null,
      };
    case 'pending':
    case 'waiting':
      return { kind: 'waiting', submittedAt: facts.submittedAt ?? null };
    case 'in-progress':
      return { kind: 'in-progress' };
    default:
      return { kind: 'not-started' };
  }
}

/** The state's name on badges and in the coach's lists. */
export const REVIEW_STATE_LABELS: Record<ReviewStateKind, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  waiting: 'Pending review',
  'changes-requested': 'Changes requested',
  unlocked: 'Unlocked',
};

/** The founder's side: a complete phase is either with the coach, back with them, or done. */
export const FOUNDER_REVIEW_TEXT = {
  waitingTitle: 'Waiting for your coach',
  waiting: 'Your coach reviews your answers within 36 hours; we will email you when they have.',
  changesTitle: 'Your coach asked for changes',
  changes: 'Edit the highlighted answers and save them: your answers then go back to your coach for review.',
  unlocked: 'Your coach has reviewed your answers and opened the next phase.',
} as const;

/** A completion box's words while the coach has the phase sent back (instead of "please wait"). */
export const CHANGES_REQUESTED_TEXT = `${FOUNDER_REVIEW_TEXT.changesTitle}. ${FOUNDER_REVIEW_TEXT.changes}`;
