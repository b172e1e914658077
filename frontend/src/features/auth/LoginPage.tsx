import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { usePublicOnly } from '../../app/guards/PublicOnly';
import type { AuthUser } from '../../lib/auth';
import { useAuth } from '../../lib/auth-context';
import { signInErrorMessage } from '../../lib/error-message';
import { AuthLayout } from '../../ui/AuthLayout';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useToast } from '../../ui/toast/toast-context';
import { fetchMe, hasPaid, type MeResponse } from '../account/me-api';
import { ForgotPasswordForm } from './ForgotPasswordForm';

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/**
 * Spec §2 Login. Redirecting a signed-in user (already signed in, or just now) is the job of the PublicOnly layout
 * route around this page; it holds that redirect while a founder's payment is checked (spec §4 Account: unpaid
 * founders are signed out at login). 'Forgot password?' swaps the card for the reset request form.
 */
export function LoginPage() {
  const [mode, setMode] = useState<'login' | 'reset'>('login');
  const [identifier, setIdentifier] = useState('');
  const [backFromReset, setBackFromReset] = useState(false);

  if (mode === 'reset') {
    return (
      <AuthLayout title="Reset your password" intro="Enter the email you signed up with and we'll send you a code.">
        <ForgotPasswordForm
          initialEmail={identifier.includes('@') ? identifier.trim() : ''}
          onBack={() => {
            setBackFromReset(true);
            setMode('login');
          }}
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Log in"
      footer={
        <p>
          Don't have an account?{' '}
          <Link className="text-link" to="/signup">
            Sign up
          </Link>
        </p>
      }
    >
      <LoginForm
        identifier={identifier}
        onIdentifierChange={setIdentifier}
        onForgot={() => setMode('reset')}
        focusForgot={backFromReset}
      />
    </AuthLayout>
  );
}

interface LoginFormProps {
  identifier: string;
  onIdentifierChange: (value: string) => void;
  onForgot: () => void;
  /** Back from the reset form: focus returns to the button that opened it. */
  focusForgot: boolean;
}

function LoginForm({ identifier, onIdentifierChange, onForgot, focusForgot }: LoginFormProps) {
  const { signIn, signOut, prepareSignIn } = useAuth();
  const { holdRedirect } = usePublicOnly();
  const { toast } = useToast();
  const [submitting, setSubmitting] = useState(false);
  const forgotRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the form appears, not on later changes.
  useEffect(() => {
    if (focusForgot) forgotRef.current?.focus();
  }, []);

  async function signOutQuietly() {
    try {
      await signOut();
    } catch (err) {
      console.error('Sign-out after a failed payment check failed', err);
    }
  }

  /** Spec §8 Login and payment: a founder without a paid profile is signed out again. Admins skip this. */
  async function paymentCheckPasses(user: AuthUser): Promise<boolean> {
    let me: MeResponse;
    try {
      me = await fetchMe();
    } catch (err) {
      console.error('Payment status check failed', err);
      await signOutQuietly();
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Unable to verify payment status. Please try again.',
      });
      return false;
    }
    if (!hasPaid(me)) {
      await signOutQuietly();
      toast({
        variant: 'destructive',
        title: 'Payment Required',
        description: 'Please complete your payment to access the platform.',
      });
      return false;
    }
    // The shell needs the same answer; hand it over instead of fetching it again (the chunk loads the shell's code).
    try {
      const { primeMe } = await import('../account/use-me');
      primeMe(user.sub, me);
    } catch (err) {
      console.error('Could not keep /api/me for the shell', err);
    }
    return true;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = new FormData(event.currentTarget);
    const id = String(form.get('identifier') ?? '').trim();
    const password = String(form.get('password') ?? '');
    // The browser's required-field check normally stops this earlier; this covers a whitespace-only identifier.
    if (!id || !password) return;

    setSubmitting(true);
    holdRedirect(true);
    try {
      let user: AuthUser;
      try {
        user = await signIn(id, password);
      } catch (err) {
        console.error('Login failed', err);
        toast({
          variant: 'destructive',
          title: 'Login failed',
          description: signInErrorMessage(err, FALLBACK_MESSAGE),
        });
        return;
      }
      if (!user.isAdmin) await paymentCheckPasses(user);
    } finally {
      setSubmitting(false);
      // Signed in and checked: PublicOnly now sends the user home. Signed out again: the form stays.
      holdRedirect(false);
    }
  }

  return (
    // The sign-in code loads while the user types, not with the page (see AuthContextValue.prepareSignIn).
    <form className="form" onSubmit={onSubmit} onFocus={prepareSignIn} aria-busy={submitting || undefined}>
      <TextField
        label="Email or username"
        name="identifier"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={identifier}
        onChange={(event) => onIdentifierChange(event.target.value)}
      />
      <div className="field-group">
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        <button ref={forgotRef} type="button" className="link-button field-group__aside" onClick={onForgot}>
          Forgot password?
        </button>
      </div>
      <Button type="submit" className="btn--block" loading={submitting}>
        Log in
      </Button>
    </form>
  );
}
