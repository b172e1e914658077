import { useEffect, useId, useRef, useState } from 'react';
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

/** How long the comment waits after the last keystroke before it is saved: a pause, not every letter. */
export const FEEDBACK_SAVE_DELAY_MS = 800;

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';
type Draft = { rating: number | null; verdict: Verdict | null; comment: string };

const isEmpty = (d: Draft) => d.rating === null && d.verdict === null && d.comment.trim() === '';

/**
 * The coach's feedback on one answer saves as it is given — a rating or a verdict at once, the comment after a pause
 * in typing or on leaving the field — with its state said beside it (Saving…, Saved, Not saved with Retry), so
 * a review is one pass through the answers rather than a Save per answer. One save at a time, each the whole
 * feedback: a change made while one is on its way goes in the next, so the last word always lands.
 */
function FeedbackForm({ userId, type, questionId, number, thread }: CoachFeedbackProps) {
  const name = questionName(number);
  const failed = useFailureToast();
  const save = useSaveFeedback(userId, type);
  const [rating, setRating] = useState<number | null>(thread?.rating ?? null);
  const [verdict, setVerdict] = useState<Verdict | null>(thread?.verdict ?? null);
  const [comment, setComment] = useState(thread?.comment ?? '');
  const [state, setState] = useState<SaveState>(thread ? 'saved' : 'idle');
  const latest = useRef<Draft>({ rating, verdict, comment });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sending = useRef(false);
  const again = useRef(false);

  const persist = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const draft = latest.current;
    // Nothing given (everything cleared): there is no feedback to store, and the server would refuse it.
    if (isEmpty(draft)) return;
    if (sending.current) {
      again.current = true;
      return;
    }
    sending.current = true;
    setState('saving');
    save.mutate(
      { questionId, rating: draft.rating, verdict: draft.verdict, comment: draft.comment.trim() },
      {
        onSuccess: () => setState(again.current || timer.current !== undefined ? 'saving' : 'saved'),
        onError: (err) => {
          setState('failed');
          failed('Your feedback could not be saved.', TRY_AGAIN)(err);
        },
        onSettled: () => {
          sending.current = false;
          if (again.current) {
            again.current = false;
            persist();
          }
        },
      },
    );
  };
  const persistRef = useRef(persist);
  persistRef.current = persist;

  // Closing the dialog mid-pause still saves what was typed.
  useEffect(
    () => () => {
      if (timer.current !== undefined) persistRef.current();
    },
    [],
  );

  const change = (next: Partial<Draft>, delay: number) => {
    latest.current = { ...latest.current, ...next };
    clearTimeout(timer.current);
    timer.current = undefined;
    // Everything cleared: nothing to store, so nothing is claimed saved either.
    if (isEmpty(latest.current)) {
      setState('idle');
      return;
    }
    if (delay === 0) persist();
    else {
      // Not "saved" while a change waits for its pause: the word beside the form is only ever true.
      setState('saving');
      timer.current = setTimeout(() => persistRef.current(), delay);
    }
  };

  return (
    <div className="ar-feedback__form">
      <Choices
        legend={`Rating for ${name}`}
        options={RATINGS}
        value={rating}
        onChange={(value) => {
          setRating(value);
          change({ rating: value }, 0);
        }}
      />
      <Choices
        legend={`Verdict on ${name}`}
        options={VERDICT_OPTIONS}
        value={verdict}
        onChange={(value) => {
          setVerdict(value);
          change({ verdict: value }, 0);
        }}
      />
      <TextAreaField
        label={`Comment on ${name}`}
        rows={2}
        maxLength={FEEDBACK_LIMITS.comment}
        value={comment}
        onChange={(e) => {
          setComment(e.target.value);
          change({ comment: e.target.value }, FEEDBACK_SAVE_DELAY_MS);
        }}
        onBlur={() => {
          if (timer.current !== undefined) persist();
        }}
      />
      <p className="ar-feedback__saved" aria-live="polite">
        {state === 'saving' ? 'Saving…' : null}
        {state === 'saved' ? `Feedback on ${name} saved` : null}
        {state === 'failed' ? (
          <>
            Not saved.{' '}
            <Button size="sm" variant="secondary" onClick={persist}>
              Retry
            </Button>
          </>
        ) : null}
      </p>
    </div>
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
