import { formatDateTime } from '../lib/format-date-time';
import './answer-time.css';

export interface AnswerTimeProps {
  /** When the answer was first saved. */
  submittedAt: string;
  /** When it was last saved; later than submittedAt once the answer has been edited. */
  updatedAt: string;
  /**
   * When the phase went to the coach (its latest submission), while it waits for the review: a save after it is
   * marked "edited since sent", so the coach knows the answer changed under the review.
   */
  sentAt?: string | null;
  className?: string;
}

/** Saves within this long of the first one count as the first (the server stamps both times on the first save). */
const SAME_SAVE_MS = 1000;

export function wasEdited(submittedAt: string, updatedAt: string): boolean {
  const first = Date.parse(submittedAt);
  const last = Date.parse(updatedAt);
  return Number.isFinite(first) && Number.isFinite(last) && last - first > SAME_SAVE_MS;
}

/**
 * 'Submitted Nov 21, 2026, 3:45 PM', and '· edited …' with the time of the latest save once the answer has been
 * changed, so the time shown moves with every edit while the first submission stays visible.
 */
export function AnswerTime({ submittedAt, updatedAt, sentAt, className }: AnswerTimeProps) {
  const submitted = formatDateTime(submittedAt);
  if (!submitted) return null;
  const edited = wasEdited(submittedAt, updatedAt) ? formatDateTime(updatedAt) : '';
  // The save that completed the phase is stamped within a moment of the submission itself; only a later one counts.
  const editedSinceSent = typeof sentAt === 'string' && wasEdited(sentAt, updatedAt);
  return (
    <p className={['answer-time', className].filter(Boolean).join(' ')}>
      Submitted <time dateTime={submittedAt}>{submitted}</time>
      {edited ? (
        <>
          {' · edited '}
          <time dateTime={updatedAt}>{edited}</time>
        </>
      ) : null}
      {editedSinceSent ? <strong className="answer-time__since-sent"> · edited since sent</strong> : null}
    </p>
  );
}
