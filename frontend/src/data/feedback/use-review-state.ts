import { unlockFlagOf } from '#shared/domain/phases';
import type { QuestionType } from '#shared/domain/questions';
import { type PhaseReviewState, reviewStateOf } from '#shared/domain/review-state';
import { useMe } from '../account/use-me';
import { usePhaseFeedback } from './feedback-api';

/**
 * Where one of the founder's phases stands with the coach, for every part of its page (the status line, the banner,
 * the completion box): one state from one answer (the phase's feedback, which carries the status, the latest
 * submission, the unlock and the change request) and the phase flags. Undefined while either is loading.
 */
export function useReviewState(type: QuestionType): PhaseReviewState | undefined {
  const feedback = usePhaseFeedback(type).data;
  const phases = useMe().data?.phases;
  if (!feedback || !phases) return undefined;
  const flag = unlockFlagOf(type);
  // A Validate tool opens nothing: its state never reads as unlocked.
  return reviewStateOf({ ...feedback, nextPhaseOpen: flag !== null && phases[flag] });
}
