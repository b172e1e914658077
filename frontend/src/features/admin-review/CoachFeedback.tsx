import { type FormEvent, useId, useState } from 'react';
import { RATING_MAX, RATING_MIN, VERDICT_LABELS, VERDICTS, type Verdict } from '#shared/domain/feedback';
import { apiErrorMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast/toast-context';
import { type AnswerFeedback, type QuestionType, useCoachReply, useCoachResolve, useSaveFeedback } from './review-api';

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

export interface CoachFeedbackProps {
  userId: string;
  type: QuestionType;
  questionId: string;
  /** 1-based, for the controls' names ("Rating for question 3"). */
  number: number;
  thread: AnswerFeedback | undefined;
}

/**
 * Under one answer in the review dialog (issue 15): the coach's rating (1–5), verdict and comment — editable by the
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
  const { toast } = useToast();
  const save = useSaveFeedback(userId, type);
  const [rating, setRating] = useState<number | null>(thread?.rating ?? null);
  const [verdict, setVerdict] = useState<Verdict | null>(thread?.verdict ?? null);
  const [comment, setComment] = useState(thread?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  const commentId = useId();
  const errorId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null && verdict === null && comment.trim() === '') {
      setError('Give a rating, a verdict or a comment.');
      return;
    }
    save.mutate(
      { questionId, rating, verdict, comment: comment.trim() },
      {
        onSuccess: () => toast({ title: 'Feedback saved.' }),
        onError: (err) =>
          toast({
            title: 'Your feedback could not be saved.',
            description: apiErrorMessage(err, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form className="ar-feedback__form" onSubmit={onSubmit} noValidate>
      <fieldset className="ar-feedback__choices">
        <legend>Rating for question {number}</legend>
        {RATINGS.map((r) => (
          <label key={r} className="ar-feedback__choice">
            <input
              type="radio"
              name={`${name}-rating`}
              value={r}
              checked={rating === r}
              onChange={() => {
                setRating(r);
                setError(null);
              }}
            />
            {r}
          </label>
        ))}
      </fieldset>
      <fieldset className="ar-feedback__choices">
        <legend>Verdict on question {number}</legend>
        {VERDICTS.map((v) => (
          <label key={v} className="ar-feedback__choice">
            <input
              type="radio"
              name={`${name}-verdict`}
              value={v}
              checked={verdict === v}
              onChange={() => {
                setVerdict(v);
                setError(null);
              }}
            />
            {VERDICT_LABELS[v]}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={commentId} className="field__label">
          Comment on question {number}
        </label>
        <textarea
          id={commentId}
          className="field__input field__textarea"
          rows={2}
          maxLength={2000}
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="ar-feedback__buttons">
        <Button type="submit" size="sm" loading={save.isPending}>
          Save feedback
        </Button>
      </div>
    </form>
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
  number: number;
}) {
  const { toast } = useToast();
  const resolve = useCoachResolve(userId, type);
  const reply = useCoachReply(userId, type);
  const [draft, setDraft] = useState('');
  const [replyId, setReplyId] = useState(() => crypto.randomUUID());
  const fieldId = useId();
  const onReply = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    reply.mutate(
      { questionId: thread.questionId, id: replyId, text },
      {
        onSuccess: () => {
          setDraft('');
          setReplyId(crypto.randomUUID());
        },
        onError: (err) =>
          toast({
            title: 'Your reply could not be sent.',
            description: apiErrorMessage(err, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <div className="ar-feedback__thread">
      {thread.replies.length > 0 ? (
        <ol className="ar-feedback__replies" aria-label={`Replies on question ${number}`}>
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
      <form className="ar-feedback__form" onSubmit={onReply} noValidate>
        <label htmlFor={fieldId} className="field__label">
          Reply on question {number}
        </label>
        <textarea
          id={fieldId}
          className="field__input field__textarea"
          rows={2}
          maxLength={2000}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <div className="ar-feedback__buttons">
          <Button type="submit" size="sm" variant="secondary" disabled={draft.trim() === ''} loading={reply.isPending}>
            Send reply
          </Button>
        </div>
      </form>
      <div className="ar-feedback__buttons">
        {thread.resolved ? <Badge variant="accent">Resolved</Badge> : null}
        <Button
          size="sm"
          variant="secondary"
          loading={resolve.isPending}
          onClick={() =>
            resolve.mutate(
              { questionId: thread.questionId, resolved: !thread.resolved },
              {
                onError: (err) =>
                  toast({
                    title: 'The conversation could not be updated.',
                    description: apiErrorMessage(err, 'Please try again.'),
                    variant: 'destructive',
                  }),
              },
            )
          }
        >
          {thread.resolved ? `Reopen question ${number}` : `Mark question ${number} resolved`}
        </Button>
      </div>
    </div>
  );
}
