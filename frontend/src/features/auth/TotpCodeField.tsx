import type { Ref } from 'react';
import { TextField } from '../../ui/TextField';

/** Cognito's authenticator (TOTP) codes: six digits, a new one every 30 seconds. */
export const TOTP_CODE_LENGTH = 6;

export const TOTP_CODE_MISSING = 'Enter the 6-digit code from your authenticator app.';
export const TOTP_CODE_WRONG = "That code didn't match. Enter the 6-digit code your authenticator app shows now.";

/** Digits only, at most six: apps show "123 456", and people paste it like that. */
export function cleanTotpCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH);
}

/** Cognito's answers to a wrong code: at sign-in, and (in the cloud) when verifying a new app. */
const WRONG_CODE_ERRORS = new Set(['CodeMismatchException', 'EnableSoftwareTokenMFAException']);

export function isWrongTotpCode(err: unknown): boolean {
  return err instanceof Error && WRONG_CODE_ERRORS.has(err.name);
}

export interface TotpCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** The 'Authentication code' field of both authenticator steps of the login page. */
export function TotpCodeField({ value, onChange, error, ref }: TotpCodeFieldProps) {
  return (
    <TextField
      ref={ref}
      label="Authentication code"
      name="totpCode"
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="one-time-code"
      spellCheck={false}
      required
      value={value}
      onChange={(event) => onChange(cleanTotpCode(event.target.value))}
      error={error}
      announceError
    />
  );
}
