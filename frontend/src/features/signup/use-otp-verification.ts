import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { apiErrorMessage, errorMessage, TRY_AGAIN_LATER } from '../../lib/error-message';
import { PATHS } from '../../lib/paths';
import { useToast } from '../../ui/toast/toast-context';
import { INVALID_OTP_MESSAGE, OTP_LENGTH, OTP_RESEND_AFTER_SECONDS, OTP_VALID_SECONDS } from './otp-rules';
import { signupStart, signupVerify } from './signup-api';
import type { SignupData } from './signup-state';
import { useCountdown } from './use-countdown';

/**
 * The verification page's state: the code, the code's countdown, verifying (then signing in and going on to the
 * payment) and sending a new code.
 */
export function useOtpVerification(data: SignupData) {
  const { signIn } = useAuth();
  const { toast, dismiss } = useToast();
  const navigate = useNavigate();
  // The toast of the last failed attempt: the next attempt makes it stale, and it must not stay beside
  // 'Account created successfully!'.
  const failureToast = useRef<string>(undefined);
  const { remaining, restart } = useCountdown(OTP_VALID_SECONDS);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);

  const expired = remaining === 0;
  const resendIn = remaining - (OTP_VALID_SECONDS - OTP_RESEND_AFTER_SECONDS);
  const canVerify = code.length === OTP_LENGTH && !expired;

  function clearFailure() {
    if (failureToast.current) dismiss(failureToast.current);
    failureToast.current = undefined;
  }

  async function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canVerify || verifying) return;
    setVerifying(true);
    setError(undefined);
    clearFailure();
    try {
      await signupVerify({ ...data, code });
    } catch (err) {
      console.error('Verifying the code failed', err);
      if (err instanceof ApiError && err.status === 400) {
        setError(INVALID_OTP_MESSAGE);
        failureToast.current = toast({
          variant: 'destructive',
          title: 'Invalid OTP',
          description: INVALID_OTP_MESSAGE,
        });
      } else {
        failureToast.current = toast({
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

  return {
    code,
    setCode,
    error,
    setError,
    verifying,
    resending,
    remaining,
    expired,
    resendIn,
    canVerify,
    onVerify,
    onResend,
  };
}
