import type { Ref } from 'react';
import { TextField } from '../../ui/TextField';

export interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** The required 'Email' field of the password reset forms; no autocapitalising or spellcheck on an address. */
export function EmailField({ value, onChange, error, ref }: EmailFieldProps) {
  return (
    <TextField
      ref={ref}
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
