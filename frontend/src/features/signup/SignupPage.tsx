import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { apiErrorMessage, fieldErrorsOf, TRY_AGAIN_LATER } from '../../lib/error-message';
import { INVALID_EMAIL_MESSAGE, looksLikeEmail, passwordHint, passwordProblems } from '../../lib/form-rules';
import { PATHS } from '../../lib/paths';
import { AuthLayout } from '../../ui/AuthLayout';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useToast } from '../../ui/toast/toast-context';
import { signupStart } from './signup-api';
import type { SignupData } from './signup-state';

type Field = keyof SignupData;
const FIELD_ORDER: readonly Field[] = ['firstName', 'lastName', 'startupName', 'email', 'password'];

function validate(data: SignupData): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!data.firstName) errors.firstName = 'Please enter your first name.';
  if (!data.lastName) errors.lastName = 'Please enter your last name.';
  if (!data.startupName) errors.startupName = "Please enter your startup's name.";
  if (!looksLikeEmail(data.email)) errors.email = INVALID_EMAIL_MESSAGE;
  const problems = passwordProblems(data.password);
  if (problems.length > 0) errors.password = problems.join(' ');
  return errors;
}

/**
 * Spec §2 Sign-up: the server checks everything again and emails the 6-digit code; the verification page gets the
 * sign-up data (never a code) in navigation state.
 */
export function SignupPage() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const text = (name: Field) => String(form.get(name) ?? '').trim();
    const data: SignupData = {
      firstName: text('firstName'),
      lastName: text('lastName'),
      startupName: text('startupName'),
      email: text('email'),
      // Passwords are taken as typed: a leading or trailing space is part of it.
      password: String(form.get('password') ?? ''),
    };
    const found = validate(data);
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      formElement.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }

    setSending(true);
    try {
      await signupStart(data);
    } catch (err) {
      console.error('Sending the verification code failed', err);
      setErrors(fieldErrorsOf(err));
      toast({
        variant: 'destructive',
        title: 'Failed to send verification code',
        description: apiErrorMessage(err, TRY_AGAIN_LATER),
      });
      setSending(false);
      return;
    }
    toast({ title: 'Verification code sent' });
    navigate(PATHS.otpVerification, { state: data });
  }

  return (
    <AuthLayout
      title="Create your account"
      footer={
        <p>
          Already have an account?{' '}
          <Link className="text-link" to={PATHS.login}>
            Log in
          </Link>
        </p>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={sending || undefined}>
        <div className="form__row">
          <TextField label="First name" name="firstName" autoComplete="given-name" required error={errors.firstName} />
          <TextField label="Last name" name="lastName" autoComplete="family-name" required error={errors.lastName} />
        </div>
        <TextField
          label="Startup name"
          name="startupName"
          autoComplete="organization"
          required
          error={errors.startupName}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={passwordHint()}
          error={errors.password}
        />
        <p className="form__note">
          By signing up you agree to the{' '}
          <Link className="text-link" to={PATHS.terms}>
            Terms
          </Link>{' '}
          and the{' '}
          <Link className="text-link" to={PATHS.privacy}>
            Privacy Policy
          </Link>
        </p>
        <Button type="submit" className="btn--block" loading={sending}>
          Sign up
        </Button>
      </form>
    </AuthLayout>
  );
}
