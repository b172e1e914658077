import { type ReactNode, useMemo, useState } from 'react';
import { vi } from 'vitest';
import type { AuthUser } from '../lib/auth';
import { AuthContext, type AuthContextValue, type AuthStatus } from '../lib/auth-context';

export const FOUNDER: AuthUser = {
  sub: 'founder-sub',
  email: 'founder@example.com',
  username: 'founder',
  isAdmin: false,
};
export const ADMIN: AuthUser = { sub: 'admin-sub', email: 'admin@example.com', username: 'admin', isAdmin: true };

export interface FakeAuthOptions {
  status?: AuthStatus;
  user?: AuthUser;
  /** What signing in does; defaults to succeeding as the founder. */
  signIn?: (identifier: string, password: string) => Promise<AuthUser>;
  signOut?: () => Promise<void>;
  prepareSignIn?: () => void;
  requestPasswordReset?: (email: string) => Promise<void>;
  confirmPasswordReset?: (email: string, code: string, newPassword: string) => Promise<void>;
}

/**
 * Stands in for AuthProvider at the auth-context boundary: same value shape, state that reacts to
 * signIn/signOut, and no Amplify.
 */
export function FakeAuthProvider({ options, children }: { options: FakeAuthOptions; children: ReactNode }) {
  const [state, setState] = useState<{ status: AuthStatus; user?: AuthUser }>(() => {
    const status = options.status ?? (options.user ? 'signedIn' : 'signedOut');
    return options.user ? { status, user: options.user } : { status };
  });
  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      signIn: async (identifier, password) => {
        const user = await (options.signIn ?? (async () => FOUNDER))(identifier, password);
        setState({ status: 'signedIn', user });
        return user;
      },
      signOut: async () => {
        await (options.signOut ?? (async () => undefined))();
        setState({ status: 'signedOut' });
      },
      refresh: vi.fn(async () => undefined),
      prepareSignIn: options.prepareSignIn ?? vi.fn(),
      requestPasswordReset: options.requestPasswordReset ?? vi.fn(async () => undefined),
      confirmPasswordReset: options.confirmPasswordReset ?? vi.fn(async () => undefined),
    }),
    [state, options],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
