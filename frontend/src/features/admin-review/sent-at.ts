import { reviewStateOf } from '#shared/domain/review-state';
import type { PhaseFeedback } from './review-api';

/** When the phase went to the coach, while it waits for the review; null otherwise (nothing is "since sent" then). */
export function sentAt(feedback: PhaseFeedback | undefined): string | null {
  if (!feedback) return null;
  const state = reviewStateOf(feedback);
  return state.kind === 'waiting' ? state.submittedAt : null;
}
