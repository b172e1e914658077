import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import { INVALID_EMAIL_MESSAGE, looksLikeEmail } from '../../lib/form-rules';
import { PATHS } from '../../lib/paths';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast/toast-context';
import { EmailField } from './EmailField';
import { RESET_SENT_TOAST, resetFailedToast, SEND_RESET_CODE } from './reset-toasts';

/** Spec §2 Login 'Forgot password?': asks for the email, sends the reset code, then opens /reset-password. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { requestPasswordReset } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  // The card changed under the user's focus (the 'Forgot password?' button is gone): continue in the email field.
  useEffect(() => {
    emailRef.current?.focus();
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const value = email.trim();
    if (!looksLikeEmail(value)) {
      setError(INVALID_EMAIL_MESSAGE);
      emailRef.current?.focus();
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      await requestPasswordReset(value);
    } catch (err) {
      console.error('Password reset request failed', err);
      toast(resetFailedToast(err));
      setSending(false);
      return;
    }
    toast(RESET_SENT_TOAST);
    navigate(`${PATHS.resetPassword}?${new URLSearchParams({ email: value })}`);
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={sending || undefined}>
      <EmailField ref={emailRef} value={email} onChange={setEmail} error={error} />
      <Button type="submit" className="btn--block" loading={sending}>
        {SEND_RESET_CODE}
      </Button>
      <Button variant="ghost" className="btn--block" onClick={onBack}>
        Back to Login
      </Button>
    </form>
  );
}
