import type { QuestionType } from '#shared/domain/questions';
import { useDashboard } from '../../data/journey/journey-api';
import { formatDateTime } from '../../lib/format-date-time';
import './review-status.css';

/**
 * Where a finished phase stands with the coach, said where the founder works on it: "Submitted <time> — waiting
 * for your coach", then when the coach opened the next phase. A request for changes has its own banner (feedback).
 */
export function ReviewStatus({ type }: { type: QuestionType }) {
  const dashboard = useDashboard();
  const review = dashboard.data?.reviews[type];
  if (!review) return null;
  if (review.status === 'waiting' && review.submittedAt) {
    return (
      <p className="review-status review-status--waiting" role="status">
        <strong>Submitted {formatDateTime(review.submittedAt)}</strong> — waiting for your coach. We will email you when
        they have reviewed it.
      </p>
    );
  }
  if (review.status === 'unlocked' && review.unlockedAt) {
    return (
      <p className="review-status review-status--done" role="status">
        <strong>Reviewed {formatDateTime(review.unlockedAt)}</strong> — your coach opened the next phase.
      </p>
    );
  }
  return null;
}
