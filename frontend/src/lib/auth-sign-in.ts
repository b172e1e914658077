/**
 * Amplify's signIn with its SRP maths lives in its own chunk: only the login form needs it, and keeping it out
 * of the entry chunk keeps every page's first load smaller. Loaded through `preloadSignIn` in auth.ts.
 */
import { type ConfirmSignInOutput, confirmSignIn, type SignInOutput, signIn, signOut } from 'aws-amplify/auth';
import type { SignInStep } from './auth-user';
import type { RuntimeConfig } from './config';

function stepOf(result: SignInOutput | ConfirmSignInOutput): SignInStep {
  if (result.isSignedIn) return 'done';
  // An account with an authenticator app (every coach, where the stage requires it) is asked for its code.
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'totpCode';
  // Accounts are created with a permanent password and only TOTP MFA exists, so any other step is an operator problem.
  throw new Error(`Sign-in needs a step this app does not support yet (${result.nextStep.signInStep}).`);
}

export async function signInWithFlow(
  username: string,
  password: string,
  authFlowType: RuntimeConfig['authFlowType'],
): Promise<SignInStep> {
  const attempt = () => signIn({ username, password, options: { authFlowType } });
  let result: Awaited<ReturnType<typeof attempt>>;
  try {
    result = await attempt();
  } catch (err) {
    // Tokens left in storage that the app could not use (so it shows the login form) block a new sign-in;
    // the person at the form wins.
    if (!(err instanceof Error) || err.name !== 'UserAlreadyAuthenticatedException') throw err;
    await signOut();
    result = await attempt();
  }
  return stepOf(result);
}

/** Answers the code challenge of the sign-in in progress; a wrong code rejects and may be retried. */
export async function confirmTotpSignIn(code: string): Promise<void> {
  const step = stepOf(await confirmSignIn({ challengeResponse: code }));
  if (step !== 'done') throw new Error('Sign-in did not finish after the authenticator code. Please log in again.');
}
