import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../lib/paths';
import { AuthLayout } from '../../ui/AuthLayout';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { TotpCodeForm } from './TotpCodeForm';
import { useLoginFlow } from './use-login-flow';

// Only a coach's first login on a stage that requires an authenticator app needs it (with its QR encoder).
const TotpSetupForm = lazy(() => import('./TotpSetupForm'));

/**
 * Spec §2 Login. Redirecting a signed-in user (already signed in, or just now) is the job of the PublicOnly layout
 * route around this page; it holds that redirect while a founder's payment is checked, and a founder who has not
 * paid goes to /payment instead, still signed in. 'Forgot password?' swaps the card for the reset request form.
 */
export function LoginPage() {
  const [mode, setMode] = useState<'login' | 'reset'>('login');
  const [identifier, setIdentifier] = useState('');
  const [backFromReset, setBackFromReset] = useState(false);

  if (mode === 'reset') {
    return (
      <AuthLayout
        title="Reset your password"
        intro="Enter the email you signed up with and we'll email you a 6-digit code to set a new password."
      >
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
          <Link className="text-link" to={PATHS.signup}>
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
  const flow = useLoginFlow(focusForgot);
  if (flow.step === 'totpCode') {
    return <TotpCodeForm onSubmitCode={flow.submitTotpCode} onBack={flow.backToPassword} />;
  }
  if (flow.step === 'totpSetup') {
    return (
      <Suspense fallback={<p className="form__note">Loading…</p>}>
        <TotpSetupForm onDone={flow.finishTotpSetup} onCancel={flow.cancelTotpSetup} />
      </Suspense>
    );
  }

  return (
    // The sign-in code loads while the user types, not with the page (see AuthContextValue.prepareSignIn).
    <form
      className="form"
      onSubmit={flow.onSubmit}
      onFocus={flow.prepareSignIn}
      aria-busy={flow.submitting || undefined}
    >
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
        <TextField
          ref={flow.passwordRef}
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button ref={flow.forgotRef} type="button" className="link-button field-group__aside" onClick={onForgot}>
          Forgot password?
        </button>
      </div>
      <Button type="submit" className="btn--block" loading={flow.submitting}>
        Log in
      </Button>
    </form>
  );
}
