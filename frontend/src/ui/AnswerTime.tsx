import { formatDateTime } from '../lib/format-date-time';
import './answer-time.css';

export interface AnswerTimeProps {
  /** When the answer was first saved. */
  submittedAt: string;
  /** When it was last saved; later than submittedAt once the answer has been edited. */
  updatedAt: string;
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
export function AnswerTime({ submittedAt, updatedAt, className }: AnswerTimeProps) {
  const submitted = formatDateTime(submittedAt);
  if (!submitted) return null;
  const edited = wasEdited(submittedAt, updatedAt) ? formatDateTime(updatedAt) : '';
  return (
    <p className={['answer-time', className].filter(Boolean).join(' ')}>
      Submitted <time dateTime={submittedAt}>{submitted}</time>
      {edited ? (
        <>
          {' · edited '}
          <time dateTime={updatedAt}>{edited}</time>
        </>
      ) : null}
    </p>
  );
}
