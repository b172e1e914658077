import { type FormEvent, useId, useState } from 'react';
import { FEEDBACK_LIMITS, type ReviewStatus } from '#shared/domain/feedback';
import { apiErrorMessage } from '../../lib/error-message';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast/toast-context';
import { type PhaseFeedback, type QuestionType, useRequestChanges, useSaveSummary } from './review-api';

const STATUS_LABELS: Record<ReviewStatus, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  pending: 'Pending review',
  'changes-requested': 'Changes requested',
  unlocked: 'Unlocked',
};

/**
 * The end of the review dialog (issue 15): where the founder stands, the coach's summary of the phase, and — while
 * the founder is pending review — sending the phase back with a message.
 */
export function PhaseReviewPanel({
  userId,
  type,
  feedback,
}: {
  userId: string;
  type: QuestionType;
  feedback: PhaseFeedback;
}) {
  const headingId = useId();
  return (
    <section className="ar-phase-review" aria-labelledby={headingId}>
      <h3 id={headingId} className="ar-phase-review__title">
        Review <Badge variant="accent">{STATUS_LABELS[feedback.status]}</Badge>
      </h3>
      {feedback.changeRequest && feedback.status === 'changes-requested' ? (
        <p className="ar-phase-review__sent break-anywhere">Changes requested: “{feedback.changeRequest.message}”</p>
      ) : null}
      <SummaryForm userId={userId} type={type} feedback={feedback} />
      {feedback.status === 'pending' ? <RequestChangesForm userId={userId} type={type} /> : null}
    </section>
  );
}

function SummaryForm({ userId, type, feedback }: { userId: string; type: QuestionType; feedback: PhaseFeedback }) {
  const { toast } = useToast();
  const save = useSaveSummary(userId, type);
  const editable = feedback.summary === null || feedback.summaryMine;
  const [summary, setSummary] = useState(feedback.summary ?? '');
  const id = useId();
  if (!editable) {
    return (
      <div>
        <p className="ar-feedback__by">Summary by another coach</p>
        <p className="ar-feedback__comment break-anywhere">{feedback.summary}</p>
      </div>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(summary.trim(), {
      onSuccess: () => toast({ title: 'Summary saved.' }),
      onError: (err) =>
        toast({
          title: 'The summary could not be saved.',
          description: apiErrorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };
  return (
    <form className="ar-feedback__form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={id} className="field__label">
          Phase summary
        </label>
        <textarea
          id={id}
          className="field__input field__textarea"
          rows={3}
          maxLength={FEEDBACK_LIMITS.summary}
          value={summary}
          onChange={(e) => setSummary(e.target.value)}
        />
      </div>
      <div className="ar-feedback__buttons">
        <Button type="submit" size="sm" variant="secondary" loading={save.isPending}>
          Save summary
        </Button>
      </div>
    </form>
  );
}

function RequestChangesForm({ userId, type }: { userId: string; type: QuestionType }) {
  const { toast } = useToast();
  const request = useRequestChanges(userId, type);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const errorId = useId();
  const hintId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setError('Tell the founder what to change.');
      return;
    }
    request.mutate(message.trim(), {
      onSuccess: () => toast({ title: 'Changes requested: the founder has been told.' }),
      onError: (err) =>
        toast({
          title: 'Changes could not be requested.',
          description: apiErrorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };
  return (
    <form className="ar-feedback__form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={id} className="field__label">
          Message to the founder
        </label>
        <textarea
          id={id}
          className="field__input field__textarea"
          rows={3}
          maxLength={FEEDBACK_LIMITS.changeMessage}
          value={message}
          onChange={(e) => {
            setMessage(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        />
        <p id={hintId} className="field__hint">
          The founder is emailed, sees your comments under their answers, and returns to Pending when they save again.
        </p>
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="ar-feedback__buttons">
        <Button type="submit" size="sm" loading={request.isPending}>
          Request changes
        </Button>
      </div>
    </form>
  );
}
