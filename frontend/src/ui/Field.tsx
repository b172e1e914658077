import { type ReactNode, useId } from 'react';

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** Announce the error as soon as it appears (role=alert), for errors that arrive without a focus move. */
  announceError?: boolean | undefined;
  className?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

/** The label, hint and error around one form control, tied together with ids and aria-describedby. */
export function Field({ label, hint, error, announceError = false, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error" role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
