import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from './Field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  error?: string;
  /** Announce the error as soon as it appears (role=alert), for errors that arrive without a focus move. */
  announceError?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input; hint and error are tied to it with aria-describedby. */
export function TextField({ label, hint, error, announceError, className, ...rest }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} announceError={announceError} className={className}>
      {(control) => <input {...rest} {...control} className="field__input" />}
    </Field>
  );
}
