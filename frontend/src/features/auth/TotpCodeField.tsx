import { type Ref, useRef, useState } from 'react';
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

/**
 * The code entry both authenticator steps share: the field's value and error, the six-digit check, and
 * a wrong code said in the field (Cognito keeps the step open for another try). `submit` resolves true
 * once `send` accepted the code; any other failure goes to `onFailure`.
 */
export function useTotpCodeEntry(send: (code: string) => Promise<void>, onFailure: (err: unknown) => void) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  async function submit(): Promise<boolean> {
    if (submitting) return false;
    if (code.length !== TOTP_CODE_LENGTH) {
      setError(TOTP_CODE_MISSING);
      codeRef.current?.focus();
      return false;
    }
    setSubmitting(true);
    try {
      await send(code);
      return true;
    } catch (err) {
      if (isWrongTotpCode(err)) {
        setError(TOTP_CODE_WRONG);
        setCode('');
        codeRef.current?.focus();
      } else {
        onFailure(err);
      }
      return false;
    } finally {
      setSubmitting(false);
    }
  }

  const fieldProps = {
    ref: codeRef,
    value: code,
    onChange: (value: string) => {
      setCode(value);
      setError(undefined);
    },
    error,
  };
  return { submit, submitting, codeRef, fieldProps };
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
