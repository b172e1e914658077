import { TextField } from '../../ui/TextField';

export interface NewPasswordFieldProps {
  label: string;
  name: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** A required password input that password managers treat as a new password. */
export function NewPasswordField({ label, name, hint, value, onChange, error }: NewPasswordFieldProps) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      hint={hint}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
