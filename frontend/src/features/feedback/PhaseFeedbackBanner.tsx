import { useId } from 'react';
import type { QuestionType } from '#shared/domain/questions';
import { usePhaseFeedback } from '../../data/feedback/feedback-api';
import { useReviewState } from '../../data/feedback/use-review-state';
import { Card } from '../../ui/Card';
import { FEEDBACK_TEXT } from './feedback-texts';
import './feedback.css';

/**
 * Above a phase's questions: the coach's request for changes while it stands (with what to do next), and the
 * coach's summary of the phase whenever there is one.
 */
export function PhaseFeedbackBanner({ type }: { type: QuestionType }) {
  const { data } = usePhaseFeedback(type);
  const state = useReviewState(type);
  const headingId = useId();
  if (!data || !state) return null;
  // The same state as the status line and the completion box: a request stops counting at the resave or the unlock.
  const asking = state.kind === 'changes-requested' && state.message !== null;
  if (!asking && !data.summary) return null;
  return (
    <Card className={asking ? 'fb-banner fb-banner--changes' : 'fb-banner'}>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="fb-banner__title">
          {asking ? FEEDBACK_TEXT.bannerTitle : FEEDBACK_TEXT.summaryTitle}
        </h2>
        {asking ? (
          <>
            <p className="fb-banner__message break-anywhere">
              {state.kind === 'changes-requested' ? state.message : null}
            </p>
            <p className="fb-banner__hint">{FEEDBACK_TEXT.bannerAction}</p>
          </>
        ) : null}
        {data.summary ? (
          <>
            {asking ? <h3 className="fb-banner__subtitle">{FEEDBACK_TEXT.summaryTitle}</h3> : null}
            <p className="fb-banner__message break-anywhere">{data.summary}</p>
          </>
        ) : null}
      </section>
    </Card>
  );
}
