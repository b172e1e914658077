import type { Ref, TextareaHTMLAttributes } from 'react';
import { Field } from './Field';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  hint?: string | undefined;
  error?: string | null | undefined;
  /** Announce the error as soon as it appears (role=alert), for errors that arrive without a focus move. */
  announceError?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea; hint and error are tied to it with aria-describedby. */
export function TextAreaField({ label, hint, error, announceError, className, ...rest }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error ?? undefined} announceError={announceError} className={className}>
      {(control) => <textarea {...rest} {...control} className="field__input field__textarea" />}
    </Field>
  );
}
