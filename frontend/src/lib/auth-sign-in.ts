/**
 * Amplify's signIn with its SRP maths lives in its own chunk: only the login form needs it, and keeping it out
 * of the entry chunk keeps every page's first load smaller. Loaded through `preloadSignIn` in auth.ts.
 */
import { signIn, signOut } from 'aws-amplify/auth';
import type { RuntimeConfig } from './config';

export async function signInWithFlow(
  username: string,
  password: string,
  authFlowType: RuntimeConfig['authFlowType'],
): Promise<void> {
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
  if (!result.isSignedIn) {
    // Accounts are created with a permanent password and no MFA, so any extra step is an operator problem.
    throw new Error(`Sign-in needs a step this app does not support yet (${result.nextStep.signInStep}).`);
  }
}
