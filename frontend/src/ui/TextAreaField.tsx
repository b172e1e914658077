import type { Ref, TextareaHTMLAttributes } from 'react';
import { Field } from './Field';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  hint?: string;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea; hint and error are tied to it with aria-describedby. */
export function TextAreaField({ label, hint, error, className, ...rest }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <textarea {...rest} {...control} className="field__input field__textarea" />}
    </Field>
  );
}
