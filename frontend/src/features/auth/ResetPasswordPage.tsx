import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import { INVALID_EMAIL_MESSAGE, looksLikeEmail, passwordHint, passwordProblems } from '../../lib/form-rules';
import { PATHS } from '../../lib/paths';
import { AuthLayout } from '../../ui/AuthLayout';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useToast } from '../../ui/toast/toast-context';
import { EmailField } from './EmailField';
import { NewPasswordField } from './NewPasswordField';
import { RESET_SENT_TOAST, resetFailedToast } from './reset-toasts';

type Field = 'email' | 'code' | 'password' | 'confirm';

/**
 * /reset-password (spec §2 Password reset): the emailed code and a new password. `?email=` (from the login page's
 * reset form) prefills its field, `?code=` the code's (the email carries no link, but a person may build one).
 */
export function ResetPasswordPage() {
  const { requestPasswordReset, confirmPasswordReset } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [code, setCode] = useState(() => params.get('code') ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [resending, setResending] = useState(false);

  function validate(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (!looksLikeEmail(email.trim())) found.email = INVALID_EMAIL_MESSAGE;
    if (!code.trim()) found.code = 'Please enter the code from the email.';
    const problems = passwordProblems(password);
    if (problems.length > 0) found.password = problems.join(' ');
    if (confirm !== password) found.confirm = 'Passwords do not match.';
    return found;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found = validate();
    setErrors(found);
    const first = (['email', 'code', 'password', 'confirm'] as const).find((field) => found[field]);
    if (first) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSaving(true);
    try {
      await confirmPasswordReset(email.trim(), code.trim(), password);
    } catch (err) {
      console.error('Password reset failed', err);
      toast(resetFailedToast(err));
      setSaving(false);
      return;
    }
    toast({ title: 'Password updated', description: 'You can now log in with your new password.' });
    navigate(PATHS.login, { replace: true });
  }

  async function sendNewCode() {
    if (!looksLikeEmail(email.trim())) {
      setErrors((current) => ({ ...current, email: INVALID_EMAIL_MESSAGE }));
      return;
    }
    setResending(true);
    try {
      await requestPasswordReset(email.trim());
      toast(RESET_SENT_TOAST);
    } catch (err) {
      console.error('Password reset request failed', err);
      toast(resetFailedToast(err));
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthLayout
      title="Set a new password"
      intro="Enter the 6-digit code we emailed you and choose a new password."
      footer={
        <p>
          <Link className="text-link" to={PATHS.login}>
            Back to Login
          </Link>
        </p>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={saving || undefined}>
        <EmailField value={email} onChange={setEmail} error={errors.email} />
        <TextField
          label="Code from the email"
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errors.code}
        />
        <NewPasswordField
          label="New password"
          name="password"
          hint={passwordHint()}
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <NewPasswordField
          label="Confirm new password"
          name="confirm"
          value={confirm}
          onChange={setConfirm}
          error={errors.confirm}
        />
        <Button type="submit" className="btn--block" loading={saving}>
          Reset Password
        </Button>
        <p className="form__note">
          Didn't get a code?{' '}
          <button type="button" className="link-button" onClick={sendNewCode} disabled={resending}>
            Send a new one
          </button>
        </p>
      </form>
    </AuthLayout>
  );
}
