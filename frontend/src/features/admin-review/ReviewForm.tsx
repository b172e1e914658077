import type { FormEvent, ReactNode } from 'react';
import { Button, type ButtonVariant } from '../../ui/Button';

export interface ReviewFormProps {
  /** Runs on submit; the page does not reload. */
  onSubmit: () => void;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  /** The request is under way: the button shows it is busy. */
  busy: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** One of the coach's forms in the review dialog (feedback, reply, summary, request for changes): fields, then Submit. */
export function ReviewForm({ onSubmit, submitLabel, submitVariant, busy, disabled, children }: ReviewFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="ar-feedback__form" onSubmit={submit} noValidate>
      {children}
      <div className="ar-feedback__buttons">
        <Button type="submit" size="sm" variant={submitVariant} disabled={disabled} loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
