import { questionLabel } from '#shared/domain/question-numbers';
import { Badge } from '../../ui/Badge';
import type { ReviewAnswer } from './review-api';

/** An answer's number and group, as the founder's page shows them. */
export function AnswerHeading({ answer }: { answer: ReviewAnswer }) {
  return (
    <div className="ar-answer__meta">
      <Badge variant="accent">{answer.category}</Badge>
      <span className="ar-answer__number">
        {answer.number === null ? 'Removed question' : questionLabel(answer.number)}
      </span>
    </div>
  );
}
