import { useId, useState } from 'react';
import { FEEDBACK_LIMITS } from '#shared/domain/feedback';
import { REVIEW_STATE_LABELS, reviewStateOf } from '#shared/domain/review-state';
import { TRY_AGAIN } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/TextAreaField';
import { useToast } from '../../ui/toast/toast-context';
import { useFailureToast } from '../../ui/toast/use-failure-toast';
import { ReviewForm } from './ReviewForm';
import { type PhaseFeedback, type QuestionType, useRequestChanges, useSaveSummary } from './review-api';

/**
 * The end of the review dialog: where the founder stands, the coach's summary of the phase, and — while
 * the founder is pending review — sending the phase back with a message.
 */
export function PhaseReviewPanel({
  userId,
  type,
  feedback,
  onUnlock,
}: {
  userId: string;
  type: QuestionType;
  feedback: PhaseFeedback;
  /** Unlock the next phase from here (asks first); only where the review can unlock. */
  onUnlock?: () => void;
}) {
  const headingId = useId();
  const state = reviewStateOf(feedback);
  return (
    <section className="ar-phase-review" aria-labelledby={headingId}>
      <h3 id={headingId} className="ar-phase-review__title">
        Review <Badge variant="accent">{REVIEW_STATE_LABELS[state.kind]}</Badge>
      </h3>
      {state.kind === 'waiting' && state.submittedAt ? (
        <p className="ar-phase-review__sent">Submitted {formatDateTime(state.submittedAt)}</p>
      ) : null}
      {state.kind === 'changes-requested' && state.message ? (
        <p className="ar-phase-review__sent break-anywhere">Changes requested: “{state.message}”</p>
      ) : null}
      <SummaryForm userId={userId} type={type} feedback={feedback} />
      {state.kind === 'waiting' ? <RequestChangesForm userId={userId} type={type} /> : null}
      {onUnlock && state.kind !== 'unlocked' ? (
        <div className="ar-feedback__buttons">
          <Button onClick={onUnlock}>Unlock next phase</Button>
        </div>
      ) : null}
    </section>
  );
}

function SummaryForm({ userId, type, feedback }: { userId: string; type: QuestionType; feedback: PhaseFeedback }) {
  const { toast } = useToast();
  const failed = useFailureToast();
  const save = useSaveSummary(userId, type);
  const editable = feedback.summary === null || feedback.summaryMine;
  const [summary, setSummary] = useState(feedback.summary ?? '');
  if (!editable) {
    return (
      <div>
        <p className="ar-feedback__by">Summary by another coach</p>
        <p className="ar-feedback__comment break-anywhere">{feedback.summary}</p>
      </div>
    );
  }
  const onSubmit = () =>
    save.mutate(summary.trim(), {
      onSuccess: () => toast({ title: 'Summary saved.' }),
      onError: failed('The summary could not be saved.', TRY_AGAIN),
    });
  return (
    <ReviewForm onSubmit={onSubmit} submitLabel="Save summary" submitVariant="secondary" busy={save.isPending}>
      <TextAreaField
        label="Phase summary"
        rows={3}
        maxLength={FEEDBACK_LIMITS.summary}
        value={summary}
        onChange={(e) => setSummary(e.target.value)}
      />
    </ReviewForm>
  );
}

function RequestChangesForm({ userId, type }: { userId: string; type: QuestionType }) {
  const { toast } = useToast();
  const failed = useFailureToast();
  const request = useRequestChanges(userId, type);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = () => {
    if (!message.trim()) {
      setError('Tell the founder what to change.');
      return;
    }
    request.mutate(message.trim(), {
      onSuccess: () => toast({ title: 'Changes requested: the founder has been told.' }),
      onError: failed('Changes could not be requested.', TRY_AGAIN),
    });
  };
  return (
    <ReviewForm onSubmit={onSubmit} submitLabel="Request changes" busy={request.isPending}>
      <TextAreaField
        label="Message to the founder"
        hint="The founder is emailed, sees your comments under their answers, and returns to Pending when they save again."
        rows={3}
        maxLength={FEEDBACK_LIMITS.changeMessage}
        value={message}
        onChange={(e) => {
          setMessage(e.target.value);
          setError(null);
        }}
        error={error}
        announceError
      />
    </ReviewForm>
  );
}
