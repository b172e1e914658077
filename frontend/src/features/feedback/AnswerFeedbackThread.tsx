import { type FormEvent, useId, useState } from 'react';
import { VERDICT_LABELS } from '#shared/domain/feedback';
import type { QuestionType } from '#shared/domain/questions';
import { type AnswerFeedback, useAnswerFeedback, useReply, useResolve } from '../../data/feedback/feedback-api';
import { useReplyDraft } from '../../data/feedback/use-reply-draft';
import { TRY_AGAIN } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ReplyField } from '../../ui/ReplyField';
import { useFailureToast } from '../../ui/toast/use-failure-toast';
import { FEEDBACK_TEXT } from './feedback-texts';
import './feedback.css';

/**
 * Under one answer on the trigger, Value Proposition and Business Model pages: the coach's rating, verdict and
 * comment, the replies in order, a reply box and the resolve switch.
 */
export function AnswerFeedbackThread({ type, questionId }: { type: QuestionType; questionId: string }) {
  const thread = useAnswerFeedback(type, questionId);
  if (!thread) return null;
  return <Thread type={type} thread={thread} />;
}

function Thread({ type, thread }: { type: QuestionType; thread: AnswerFeedback }) {
  const failed = useFailureToast();
  const reply = useReply(type);
  const resolve = useResolve(type);
  const { draft, setDraft, send } = useReplyDraft(
    reply,
    thread.questionId,
    failed(FEEDBACK_TEXT.replyFailed, TRY_AGAIN),
  );
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!send()) setError(FEEDBACK_TEXT.blankReply);
  };

  const onResolve = () =>
    resolve.mutate(
      { questionId: thread.questionId, resolved: !thread.resolved },
      { onError: failed(FEEDBACK_TEXT.resolveFailed, TRY_AGAIN) },
    );

  const hasComment = thread.comment !== '';
  return (
    // An article, not a region: every thread is named "Feedback from your coach", and a page of them as landmarks
    // gives a screen reader a list it cannot tell apart (axe landmark-unique).
    <article className="fb-thread" aria-labelledby={headingId} data-resolved={thread.resolved || undefined}>
      <div className="fb-thread__head">
        <h4 id={headingId} className="fb-thread__title">
          {FEEDBACK_TEXT.threadLabel}
        </h4>
        {thread.verdict ? <Badge variant="outline">{VERDICT_LABELS[thread.verdict]}</Badge> : null}
        {thread.rating !== null ? <Badge variant="neutral">{FEEDBACK_TEXT.rated(thread.rating)}</Badge> : null}
        {thread.resolved ? <Badge variant="accent">{FEEDBACK_TEXT.resolved}</Badge> : null}
      </div>
      {hasComment ? <p className="fb-thread__comment break-anywhere">{thread.comment}</p> : null}
      {thread.replies.length > 0 ? (
        <ol className="fb-thread__replies" aria-label="Replies">
          {thread.replies.map((r) => (
            <li key={r.id} className={`fb-reply fb-reply--${r.author}`}>
              <span className="fb-reply__who">{r.author === 'founder' ? FEEDBACK_TEXT.you : FEEDBACK_TEXT.coach}</span>{' '}
              <time className="fb-reply__when" dateTime={r.at}>
                {formatDateTime(r.at)}
              </time>
              <p className="fb-reply__text break-anywhere">{r.text}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {hasComment ? (
        <form className="fb-thread__form" onSubmit={onSubmit} noValidate>
          <ReplyField
            className="fb-thread__field"
            label={FEEDBACK_TEXT.replyLabel}
            draft={draft}
            onDraft={(text) => {
              setDraft(text);
              if (error) setError(null);
            }}
            error={error}
          />
          <div className="fb-thread__buttons">
            <Button type="submit" size="sm" loading={reply.isPending}>
              {FEEDBACK_TEXT.send}
            </Button>
            <Button type="button" size="sm" variant="secondary" loading={resolve.isPending} onClick={onResolve}>
              {thread.resolved ? FEEDBACK_TEXT.reopen : FEEDBACK_TEXT.resolve}
            </Button>
          </div>
        </form>
      ) : null}
    </article>
  );
}
