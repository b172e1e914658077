import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast/toast-context';
import { isWrongTotpCode, TOTP_CODE_LENGTH, TOTP_CODE_MISSING, TOTP_CODE_WRONG, TotpCodeField } from './TotpCodeField';

export interface TotpCodeFormProps {
  /** Finishes the sign-in with the code (and whatever the login page checks next); rejects as Cognito does. */
  onSubmitCode: (code: string) => Promise<void>;
  /** Back to the email and password: the half-done sign-in is simply dropped. */
  onBack: () => void;
}

/**
 * The login page's second step for an account with an authenticator app (every coach, where the stage
 * requires it): Cognito asks for the app's current code before it signs the user in.
 */
export function TotpCodeForm({ onSubmitCode, onBack }: TotpCodeFormProps) {
  const { toast } = useToast();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  // The password form just disappeared: keyboard and screen-reader users continue in the code field.
  useEffect(() => {
    codeRef.current?.focus();
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (code.length !== TOTP_CODE_LENGTH) {
      setError(TOTP_CODE_MISSING);
      codeRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onSubmitCode(code);
    } catch (err) {
      if (isWrongTotpCode(err)) {
        // Cognito keeps the sign-in open for another try.
        setError(TOTP_CODE_WRONG);
        setCode('');
        codeRef.current?.focus();
        return;
      }
      console.error('Signing in with the authenticator code failed', err);
      toast({
        variant: 'destructive',
        title: 'Login failed',
        description: errorMessage(err, 'Something went wrong. Please log in again.'),
      });
      onBack();
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} aria-busy={submitting || undefined} noValidate>
      <p className="form__note">Two-step verification: enter the 6-digit code your authenticator app shows.</p>
      <TotpCodeField
        ref={codeRef}
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" className="btn--block" loading={submitting}>
        Verify
      </Button>
      <button type="button" className="link-button" onClick={onBack} disabled={submitting}>
        Back to Login
      </button>
    </form>
  );
}
