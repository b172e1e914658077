import { FEEDBACK_LIMITS } from '#shared/domain/feedback';
import { TextAreaField } from './TextAreaField';

export interface ReplyFieldProps {
  label: string;
  draft: string;
  onDraft: (text: string) => void;
  error?: string | null;
  className?: string;
}

/** The box a reply is written in, under a feedback thread: the founder's page and the coach's review dialog. */
export function ReplyField({ label, draft, onDraft, error, className }: ReplyFieldProps) {
  return (
    <TextAreaField
      className={className}
      label={label}
      rows={2}
      maxLength={FEEDBACK_LIMITS.reply}
      value={draft}
      onChange={(e) => onDraft(e.target.value)}
      error={error}
      announceError
    />
  );
}
