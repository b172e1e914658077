import { useSearchParams } from 'react-router-dom';
import { useFounderFile } from '../../data/admin/founder-file';
import { REVIEW_PARAM } from '../../lib/paths';
import { FounderAnswersDialog } from './FounderAnswersDialog';
import type { QuestionType } from './review-api';
import { REVIEW_TEXTS } from './texts';

/**
 * Opens one founder's review when the page's address names them (`?review=<userId>`, lib/paths.ts reviewPath): how
 * the admin home's review queue links to a review. Closing it takes the parameter off again, so a reload or Back
 * does not reopen a review the coach closed.
 */
export function ReviewFromLink({ type }: { type: QuestionType }) {
  const [params, setParams] = useSearchParams();
  const userId = params.get(REVIEW_PARAM);
  if (!userId) return null;
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(REVIEW_PARAM);
        return next;
      },
      { replace: true },
    );
  return <LinkedReview key={userId} type={type} userId={userId} onClose={close} />;
}

function LinkedReview({ type, userId, onClose }: { type: QuestionType; userId: string; onClose: () => void }) {
  const founder = useFounderFile(userId);
  // The title names the founder: wait for the name rather than flash the fallback.
  if (founder.isPending) return null;
  const name = founder.data?.founder.name?.trim() || REVIEW_TEXTS[type].unknownName;
  return <FounderAnswersDialog type={type} userId={userId} name={name} onClose={onClose} />;
}
