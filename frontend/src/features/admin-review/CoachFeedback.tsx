import { useId, useState } from 'react';
import {
  FEEDBACK_LIMITS,
  RATING_MAX,
  RATING_MIN,
  VERDICT_LABELS,
  VERDICTS,
  type Verdict,
} from '#shared/domain/feedback';
import { useReplyDraft } from '../../data/feedback/use-reply-draft';
import { TRY_AGAIN } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ReplyField } from '../../ui/ReplyField';
import { TextAreaField } from '../../ui/TextAreaField';
import { useToast } from '../../ui/toast/toast-context';
import { useFailureToast } from '../../ui/toast/use-failure-toast';
import { ReviewForm } from './ReviewForm';
import { type AnswerFeedback, type QuestionType, useCoachReply, useCoachResolve, useSaveFeedback } from './review-api';
import { questionName } from './use-founder-review';

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => {
  const value = RATING_MIN + i;
  return { value, label: String(value) };
});
const VERDICT_OPTIONS = VERDICTS.map((value) => ({ value, label: VERDICT_LABELS[value] }));

export interface CoachFeedbackProps {
  userId: string;
  type: QuestionType;
  questionId: string;
  /** The question's number as the founder sees it, for the controls' names ("Rating for question 3"); null once removed. */
  number: number | null;
  thread: AnswerFeedback | undefined;
}

/**
 * Under one answer in the review dialog: the coach's rating (1–5), verdict and comment — editable by the
 * coach who wrote it, read-only for the others — then the founder's replies and the resolve switch.
 */
export function CoachFeedback({ userId, type, questionId, number, thread }: CoachFeedbackProps) {
  const editable = thread === undefined || thread.mine;
  return (
    <div className="ar-feedback">
      {editable ? (
        <FeedbackForm userId={userId} type={type} questionId={questionId} number={number} thread={thread} />
      ) : (
        <ReadOnlyFeedback thread={thread} />
      )}
      {thread && thread.comment !== '' ? <Replies userId={userId} type={type} thread={thread} number={number} /> : null}
    </div>
  );
}

function FeedbackForm({ userId, type, questionId, number, thread }: CoachFeedbackProps) {
  const name = questionName(number);
  const { toast } = useToast();
  const failed = useFailureToast();
  const save = useSaveFeedback(userId, type);
  const [rating, setRating] = useState<number | null>(thread?.rating ?? null);
  const [verdict, setVerdict] = useState<Verdict | null>(thread?.verdict ?? null);
  const [comment, setComment] = useState(thread?.comment ?? '');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = () => {
    if (rating === null && verdict === null && comment.trim() === '') {
      setError('Give a rating, a verdict or a comment.');
      return;
    }
    save.mutate(
      { questionId, rating, verdict, comment: comment.trim() },
      {
        onSuccess: () => toast({ title: 'Feedback saved.' }),
        onError: failed('Your feedback could not be saved.', TRY_AGAIN),
      },
    );
  };
  // Any choice or keystroke answers the 'give something' error.
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setError(null);
    };

  return (
    <ReviewForm onSubmit={onSubmit} submitLabel="Save feedback" busy={save.isPending}>
      <Choices legend={`Rating for ${name}`} options={RATINGS} value={rating} onChange={edited(setRating)} />
      <Choices legend={`Verdict on ${name}`} options={VERDICT_OPTIONS} value={verdict} onChange={edited(setVerdict)} />
      <TextAreaField
        label={`Comment on ${name}`}
        rows={2}
        maxLength={FEEDBACK_LIMITS.comment}
        value={comment}
        onChange={(e) => edited(setComment)(e.target.value)}
        error={error}
        announceError
      />
    </ReviewForm>
  );
}

/** One row of radio buttons (a rating, a verdict) under its legend. */
function Choices<T extends string | number>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T | null;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="ar-feedback__choices">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="ar-feedback__choice">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

function ReadOnlyFeedback({ thread }: { thread: AnswerFeedback }) {
  return (
    <div className="ar-feedback__readonly">
      <p className="ar-feedback__by">From another coach</p>
      <div className="ar-feedback__badges">
        {thread.rating !== null ? <Badge variant="neutral">{`Rated ${thread.rating} of ${RATING_MAX}`}</Badge> : null}
        {thread.verdict ? <Badge variant="outline">{VERDICT_LABELS[thread.verdict]}</Badge> : null}
      </div>
      {thread.comment ? <p className="ar-feedback__comment break-anywhere">{thread.comment}</p> : null}
    </div>
  );
}

function Replies({
  userId,
  type,
  thread,
  number,
}: {
  userId: string;
  type: QuestionType;
  thread: AnswerFeedback;
  number: number | null;
}) {
  const name = questionName(number);
  const failed = useFailureToast();
  const resolve = useCoachResolve(userId, type);
  const reply = useCoachReply(userId, type);
  const { draft, setDraft, send } = useReplyDraft(
    reply,
    thread.questionId,
    failed('Your reply could not be sent.', TRY_AGAIN),
  );
  return (
    <div className="ar-feedback__thread">
      {thread.replies.length > 0 ? (
        <ol className="ar-feedback__replies" aria-label={`Replies on ${name}`}>
          {thread.replies.map((r) => (
            <li key={r.id} className="ar-feedback__reply">
              <span className="ar-feedback__who">{r.author === 'founder' ? 'Founder' : 'Coach'}</span>{' '}
              <time className="ar-feedback__when" dateTime={r.at}>
                {formatDateTime(r.at)}
              </time>
              <p className="ar-feedback__comment break-anywhere">{r.text}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <ReviewForm
        onSubmit={send}
        submitLabel="Send reply"
        submitVariant="secondary"
        disabled={draft.trim() === ''}
        busy={reply.isPending}
      >
        <ReplyField label={`Reply on ${name}`} draft={draft} onDraft={setDraft} />
      </ReviewForm>
      <div className="ar-feedback__buttons">
        {thread.resolved ? <Badge variant="accent">Resolved</Badge> : null}
        <Button
          size="sm"
          variant="secondary"
          loading={resolve.isPending}
          onClick={() =>
            resolve.mutate(
              { questionId: thread.questionId, resolved: !thread.resolved },
              { onError: failed('The conversation could not be updated.', TRY_AGAIN) },
            )
          }
        >
          {thread.resolved ? `Reopen ${name}` : `Mark ${name} resolved`}
        </Button>
      </div>
    </div>
  );
}
