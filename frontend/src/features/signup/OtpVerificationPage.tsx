import { plural } from '#shared/plural';
import './signup.css';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { apiErrorMessage, errorMessage, TRY_AGAIN_LATER } from '../../lib/error-message';
import { PATHS } from '../../lib/paths';
import { AuthLayout } from '../../ui/AuthLayout';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useToast } from '../../ui/toast/toast-context';
import { signupStart, signupVerify } from './signup-api';
import { type SignupData, signupDataFrom } from './signup-state';
import { formatMinutesSeconds, useCountdown } from './use-countdown';

/** Spec §9 OTP: 6 digits, valid 300 s, a new one after 60 s. */
export const OTP_LENGTH = 6;
export const OTP_VALID_SECONDS = 300;
export const OTP_RESEND_AFTER_SECONDS = 60;
export const INVALID_OTP_MESSAGE = 'Invalid OTP: The verification code you entered is incorrect.';

/** Digits only, at most six: what typing or pasting ("123 456", "123-456") leaves in the code field. */
export function cleanOtp(value: string): string {
  return value.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

/** /otp-verification (spec §2, §4 OTP). Needs the sign-up data in navigation state; without it, back to /signup. */
export function OtpVerificationPage() {
  const location = useLocation();
  const data = signupDataFrom(location.state);
  if (!data) return <Navigate to={PATHS.signup} replace />;
  return <OtpVerification data={data} />;
}

function OtpVerification({ data }: { data: SignupData }) {
  const { signIn } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const { remaining, restart } = useCountdown(OTP_VALID_SECONDS);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);

  const expired = remaining === 0;
  const resendIn = remaining - (OTP_VALID_SECONDS - OTP_RESEND_AFTER_SECONDS);
  const canVerify = code.length === OTP_LENGTH && !expired;

  async function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canVerify || verifying) return;
    setVerifying(true);
    setError(undefined);
    try {
      await signupVerify({ ...data, code });
    } catch (err) {
      console.error('Verifying the code failed', err);
      if (err instanceof ApiError && err.status === 400) {
        setError(INVALID_OTP_MESSAGE);
        toast({ variant: 'destructive', title: 'Invalid OTP', description: INVALID_OTP_MESSAGE });
      } else {
        toast({
          variant: 'destructive',
          title: 'Registration failed',
          description: apiErrorMessage(err, TRY_AGAIN_LATER),
        });
      }
      setVerifying(false);
      return;
    }
    toast({ title: 'Account created successfully!', description: 'Your email has been verified and account created.' });
    try {
      await signIn(data.email, data.password);
    } catch (err) {
      // The account exists; only the automatic sign-in failed, so the login page takes over.
      console.error('Sign-in after sign-up failed', err);
      toast({ variant: 'destructive', title: 'Login failed', description: errorMessage(err, TRY_AGAIN_LATER) });
      navigate(PATHS.login, { replace: true });
      return;
    }
    // replace: the history entry holding the password in its state goes away.
    navigate(PATHS.payment, { replace: true });
  }

  async function onResend() {
    if (resendIn > 0 || resending) return;
    setResending(true);
    try {
      await signupStart(data);
      restart();
      setCode('');
      setError(undefined);
      toast({ title: 'OTP Resent', description: 'A new verification code has been sent to your email.' });
    } catch (err) {
      console.error('Resending the code failed', err);
      toast({
        variant: 'destructive',
        title: 'Failed to resend OTP',
        description: apiErrorMessage(err, TRY_AGAIN_LATER),
      });
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthLayout
      title="Verify your email"
      intro={
        <p>
          We sent a 6-digit code to <strong className="break-anywhere">{data.email}</strong>. Enter it below to verify
          your email.
        </p>
      }
      footer={
        <p>
          <Link className="text-link" to={PATHS.signup}>
            ← Back to Sign Up
          </Link>
        </p>
      }
    >
      <form className="form" onSubmit={onVerify} aria-busy={verifying || undefined}>
        <TextField
          label="Verification code"
          name="code"
          className="otp-field"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          spellCheck={false}
          required
          value={code}
          onChange={(event) => {
            setCode(cleanOtp(event.target.value));
            setError(undefined);
          }}
          // maxLength would cut a pasted "123 456" to "123 45" before onChange sees it; a pasted code replaces
          // the field's content, cleaned.
          onPaste={(event) => {
            const pasted = cleanOtp(event.clipboardData.getData('text'));
            if (!pasted) return;
            event.preventDefault();
            setCode(pasted);
            setError(undefined);
          }}
          error={error}
          announceError
        />
        {expired ? (
          <p className="otp-countdown otp-countdown--expired" role="status">
            Code has expired
          </p>
        ) : (
          <p className="otp-countdown">Code expires in {formatMinutesSeconds(remaining)}</p>
        )}
        <Button type="submit" className="btn--block" loading={verifying} disabled={!canVerify}>
          Verify Email
        </Button>
        <Button
          variant="secondary"
          className="btn--block"
          onClick={onResend}
          loading={resending}
          disabled={resendIn > 0 || verifying}
          aria-describedby={resendIn > 0 ? 'otp-resend-hint' : undefined}
        >
          Resend Code
        </Button>
        {resendIn > 0 ? (
          <p id="otp-resend-hint" className="form__note">
            You can request a new code in {plural(resendIn, 'second')}.
          </p>
        ) : null}
      </form>
    </AuthLayout>
  );
}
