import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import {
  type AuthUser,
  confirmPasswordReset,
  confirmTotpCode as confirmTotpSignIn,
  finishTotpSetup,
  onAuthChange,
  preloadSignIn,
  readSessionUser,
  requestPasswordReset,
  signInWithPassword,
  signOutUser,
  startTotpSetup as startTotpSetupFor,
  type TotpSetup,
} from './auth';

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

/** signIn's answer when the account has an authenticator app: nobody is signed in until `confirmTotpCode`. */
export interface TotpCodeRequired {
  totpCodeRequired: true;
}

export function needsTotpCode(result: AuthUser | TotpCodeRequired): result is TotpCodeRequired {
  return 'totpCodeRequired' in result;
}

export interface AuthContextValue {
  status: AuthStatus;
  user?: AuthUser;
  /**
   * Resolves with the signed-in user, or with TotpCodeRequired when the account has an authenticator app;
   * rejects with the provider's error (its message is user-facing).
   */
  signIn: (identifier: string, password: string) => Promise<AuthUser | TotpCodeRequired>;
  /** Finishes a sign-in that asked for the authenticator app's code; a wrong code rejects and may be retried. */
  confirmTotpCode: (code: string) => Promise<AuthUser>;
  /** A new authenticator-app secret for the signed-in user (a coach who has none yet). */
  startTotpSetup: () => Promise<TotpSetup>;
  /** Verifies the new app's first code and asks for a code at every later sign-in. */
  finishTotpSetup: (code: string) => Promise<void>;
  signOut: () => Promise<void>;
  /** Re-reads the session, e.g. after group membership changed. */
  refresh: () => Promise<void>;
  /** Starts loading the sign-in code (its own chunk) so that submitting the login form does not wait for it. */
  prepareSignIn: () => void;
  /** Emails a password-reset code; rejects with the provider's error (its message is user-facing). */
  requestPasswordReset: (email: string) => Promise<void>;
  /** Sets a new password with the emailed code; rejects with the provider's error. */
  confirmPasswordReset: (email: string, code: string, newPassword: string) => Promise<void>;
}

/** Exported so tests (and future storybook-like previews) can provide a fake value at this boundary. */
export const AuthContext = createContext<AuthContextValue | null>(null);

interface AuthState {
  status: AuthStatus;
  user?: AuthUser;
}

function stateOf(user: AuthUser | null): AuthState {
  return user ? { status: 'signedIn', user } : { status: 'signedOut' };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  // Several reads can overlap (boot, Hub events, explicit refresh); only the latest may set state.
  const readCount = useRef(0);
  const readsInFlight = useRef(0);

  const read = useCallback(async (): Promise<AuthUser | null> => {
    const ticket = ++readCount.current;
    readsInFlight.current++;
    let user: AuthUser | null = null;
    try {
      user = await readSessionUser();
    } catch (err) {
      console.error('Could not read the auth session', err);
    } finally {
      readsInFlight.current--;
    }
    if (ticket === readCount.current) setState(stateOf(user));
    return user;
  }, []);

  const refresh = useCallback(async () => {
    await read();
  }, [read]);

  useEffect(() => {
    void read();
    return onAuthChange((change) => {
      // A failed refresh is reported from inside our own read (fetchAuthSession refreshes); reading again would
      // retry the refresh and loop while offline. That read's own result already reflects the failure.
      if (change === 'tokenRefresh_failure' && readsInFlight.current > 0) return;
      void read();
    });
  }, [read]);

  const signedInUser = useCallback(async () => {
    const user = await read();
    if (!user) throw new Error('Signed in, but no session was stored. Please try again.');
    return user;
  }, [read]);

  const signIn = useCallback(
    async (identifier: string, password: string): Promise<AuthUser | TotpCodeRequired> => {
      if ((await signInWithPassword(identifier, password)) === 'totpCode') return { totpCodeRequired: true };
      return signedInUser();
    },
    [signedInUser],
  );

  const confirmTotpCode = useCallback(
    async (code: string) => {
      await confirmTotpSignIn(code);
      return signedInUser();
    },
    [signedInUser],
  );

  // Stable across session re-reads (each makes a new user object): a setup step that reran its effect would
  // ask Cognito for a new secret while the coach scans the first one.
  const userRef = useRef(state.user);
  userRef.current = state.user;
  const startTotpSetup = useCallback(() => {
    const user = userRef.current;
    if (!user) return Promise.reject(new Error('Please log in again to set up your authenticator app.'));
    return startTotpSetupFor(user.email || user.username);
  }, []);

  const signOut = useCallback(async () => {
    await signOutUser();
    readCount.current++;
    setState({ status: 'signedOut' });
  }, []);

  const prepareSignIn = useCallback(() => {
    preloadSignIn().catch((err: unknown) => console.error('Could not load the sign-in code', err));
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      signIn,
      confirmTotpCode,
      startTotpSetup,
      finishTotpSetup,
      signOut,
      refresh,
      prepareSignIn,
      requestPasswordReset,
      confirmPasswordReset,
    }),
    [state, signIn, confirmTotpCode, startTotpSetup, signOut, refresh, prepareSignIn],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
