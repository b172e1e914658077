import { isPhaseType, type QuestionType } from '#shared/domain/questions';
import { useReviewState } from '../../data/feedback/use-review-state';
import { formatDateTime } from '../../lib/format-date-time';
import './review-status.css';

/**
 * Where a finished phase stands with the coach, said where the founder works on it: "Submitted <time> — waiting
 * for your coach" (the latest submission: a resave after a change request submits again), then when the coach opened
 * the next phase. A request for changes has its own banner (feedback), from the same state. A Validate tool is reviewed
 * too, but its review emails nobody and opens nothing: it says where the coach's word will appear instead.
 *
 * Completing is what sends the work (spec: the phase is submitted when its last answer is saved), so before that the
 * page says so, and once sent it says that the coach sees later edits: nothing goes to the coach unannounced.
 */
export function ReviewStatus({ type }: { type: QuestionType }) {
  const state = useReviewState(type);
  const what = isPhaseType(type) ? 'this phase' : 'this tool';
  if (state?.kind === 'not-started' || state?.kind === 'in-progress') {
    return (
      <p className="review-status" role="note">
        When every question is answered, {what} goes to your coach for review.
      </p>
    );
  }
  if (state?.kind === 'waiting' && state.submittedAt) {
    return (
      <p className="review-status review-status--waiting" role="status">
        <strong>Submitted {formatDateTime(state.submittedAt)}</strong> — waiting for your coach.{' '}
        {isPhaseType(type)
          ? 'We will email you when they have reviewed it.'
          : 'Their ratings and comments will appear under your answers.'}{' '}
        Your coach sees any edit you make until they review it.
      </p>
    );
  }
  if (state?.kind === 'unlocked' && state.unlockedAt) {
    return (
      <p className="review-status review-status--done" role="status">
        <strong>Reviewed {formatDateTime(state.unlockedAt)}</strong> — your coach opened the next phase.
      </p>
    );
  }
  // While changes are asked for the banner says so, from the same state; "waiting" here would contradict it.
  return null;
}
