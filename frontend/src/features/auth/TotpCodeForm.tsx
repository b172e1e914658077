import { type FormEvent, useEffect } from 'react';
import { errorMessage } from '../../lib/error-message';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast/toast-context';
import { TotpCodeField, useTotpCodeEntry } from './TotpCodeField';

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
  const { submit, submitting, codeRef, fieldProps } = useTotpCodeEntry(onSubmitCode, (err) => {
    console.error('Signing in with the authenticator code failed', err);
    toast({
      variant: 'destructive',
      title: 'Login failed',
      description: errorMessage(err, 'Something went wrong. Please log in again.'),
    });
    onBack();
  });

  // The password form just disappeared: keyboard and screen-reader users continue in the code field.
  useEffect(() => {
    codeRef.current?.focus();
  }, [codeRef]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  return (
    <form className="form" onSubmit={onSubmit} aria-busy={submitting || undefined} noValidate>
      <p className="form__note">Two-step verification: enter the 6-digit code your authenticator app shows.</p>
      <TotpCodeField {...fieldProps} />
      <Button type="submit" className="btn--block" loading={submitting}>
        Verify
      </Button>
      <button type="button" className="link-button" onClick={onBack} disabled={submitting}>
        Back to Login
      </button>
    </form>
  );
}
