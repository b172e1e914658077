import type { Ref, SelectHTMLAttributes } from 'react';
import { Field } from './Field';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  label: string;
  options: readonly SelectOption[];
  /** Shown while nothing is chosen; a required select cannot be submitted on it. */
  placeholder?: string;
  hint?: string;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select; hint and error are tied to it with aria-describedby. */
export function SelectField({
  label,
  options,
  placeholder = 'Select an option',
  hint,
  error,
  className,
  ...rest
}: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...rest} {...control} className="field__input field__select">
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
