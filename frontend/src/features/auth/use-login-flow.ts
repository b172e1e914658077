import { type FormEvent, useEffect, useRef, useState } from 'react';
import { fetchMe, hasPaid, type MeResponse } from '../../data/account/me-api';
import type { AuthUser } from '../../lib/auth';
import { needsTotpCode, useAuth } from '../../lib/auth-context';
import { useConfig } from '../../lib/config-context';
import { signInErrorMessage } from '../../lib/error-message';
import { PATHS } from '../../lib/paths';
import { usePublicOnly } from '../../lib/public-only';
import { useToast } from '../../ui/toast/toast-context';
import { endPasswordOnlySession } from './end-password-session';

/** The password, then the authenticator app's code when Cognito asks, or setting an app up (coaches). */
export type LoginStep = 'password' | 'totpCode' | 'totpSetup';

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/**
 * The login form's steps: signing in with the password, the authenticator code or an app's setup (coaches), and a
 * founder's payment check, while holding the PublicOnly layout's redirect until the page lets go.
 */
export function useLoginFlow(focusForgot: boolean) {
  const { signIn, signOut, prepareSignIn, confirmTotpCode } = useAuth();
  const { holdRedirect, redirectTo } = usePublicOnly();
  const { toast } = useToast();
  const config = useConfig();
  const [submitting, setSubmitting] = useState(false);
  const [step, setStep] = useState<LoginStep>('password');
  const forgotRef = useRef<HTMLButtonElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const leftPasswordStep = useRef(false);

  // Back from a second step (or signed out again after it): keyboard users continue in the password field.
  useEffect(() => {
    if (step !== 'password') leftPasswordStep.current = true;
    else if (leftPasswordStep.current) passwordRef.current?.focus();
  }, [step]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the form appears, not on later changes.
  useEffect(() => {
    if (focusForgot) forgotRef.current?.focus();
  }, []);

  async function signOutQuietly() {
    try {
      await signOut();
    } catch (err) {
      console.error('Sign-out after a failed sign-in step failed', err);
    }
  }

  /**
   * Spec §8 Login and payment, without its dead end: a founder who has not paid yet stays signed in and goes to
   * /payment, where they can pay or log out; the API refuses them every founder route until then. The
   * /api/me answer is handed to the next page (payment or the shell) instead of being fetched twice. Admins skip this.
   */
  async function checkPayment(user: AuthUser): Promise<void> {
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
      return;
    }
    try {
      const { primeMe } = await import('../../data/account/use-me');
      primeMe(user.sub, me);
    } catch (err) {
      console.error('Could not keep /api/me for the next page', err);
    }
    if (!hasPaid(me)) {
      toast({ title: 'Payment Required', description: 'Please complete your payment to access the platform.' });
      redirectTo(PATHS.payment);
    }
  }

  /** What a signed-in user needs before PublicOnly sends them home; 'password' when nothing is left to do here. */
  async function nextStepAfterSignIn(user: AuthUser, gaveTotpCode: boolean): Promise<LoginStep> {
    if (!user.isAdmin) {
      await checkPayment(user);
      return 'password';
    }
    // Cognito asks every account that has an authenticator app for its code, so a coach who was not asked has none.
    return config.adminMfa === 'required' && !gaveTotpCode ? 'totpSetup' : 'password';
  }

  /** Ends a step: the setup step keeps the signed-in coach here, anything else lets PublicOnly take over. */
  function settle(next: LoginStep) {
    setStep(next);
    if (next !== 'totpSetup') holdRedirect(false);
  }

  async function submitTotpCode(code: string) {
    holdRedirect(true);
    let next: LoginStep = 'totpCode';
    try {
      const user = await confirmTotpCode(code);
      next = await nextStepAfterSignIn(user, true);
    } finally {
      settle(next);
    }
  }

  async function cancelTotpSetup() {
    await signOutQuietly();
    settle('password');
  }

  /** The app is on; the password-only session is over, so the coach logs in again, now with a code. */
  async function finishTotpSetup() {
    await endPasswordOnlySession();
    await signOutQuietly();
    settle('password');
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
    let next: LoginStep = 'password';
    try {
      let result: Awaited<ReturnType<typeof signIn>>;
      try {
        result = await signIn(id, password);
      } catch (err) {
        console.error('Login failed', err);
        toast({
          variant: 'destructive',
          title: 'Login failed',
          description: signInErrorMessage(err, FALLBACK_MESSAGE),
        });
        return;
      }
      next = needsTotpCode(result) ? 'totpCode' : await nextStepAfterSignIn(result, false);
    } finally {
      setSubmitting(false);
      // Signed in and checked: PublicOnly now sends the user home. Signed out again: the form stays.
      settle(next);
    }
  }

  return {
    step,
    submitting,
    forgotRef,
    passwordRef,
    prepareSignIn,
    onSubmit,
    submitTotpCode,
    backToPassword: () => settle('password'),
    cancelTotpSetup,
    finishTotpSetup,
  };
}
