import { type ReactNode, useMemo, useState } from 'react';
import { vi } from 'vitest';
import type { AuthUser, TotpSetup } from '../lib/auth';
import {
  AuthContext,
  type AuthContextValue,
  type AuthStatus,
  needsTotpCode,
  type TotpCodeRequired,
} from '../lib/auth-context';

export const FOUNDER: AuthUser = {
  sub: 'founder-sub',
  email: 'founder@example.com',
  username: 'founder',
  isAdmin: false,
};
export const ADMIN: AuthUser = { sub: 'admin-sub', email: 'admin@example.com', username: 'admin', isAdmin: true };
export const FAKE_TOTP_SETUP: TotpSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Preseed:admin%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Preseed',
};

export interface FakeAuthOptions {
  status?: AuthStatus;
  user?: AuthUser;
  /** What signing in does; defaults to succeeding as the founder. */
  signIn?: (identifier: string, password: string) => Promise<AuthUser | TotpCodeRequired>;
  /** What the authenticator code does after signIn asked for it; defaults to succeeding as the admin. */
  confirmTotpCode?: (code: string) => Promise<AuthUser>;
  startTotpSetup?: () => Promise<TotpSetup>;
  finishTotpSetup?: (code: string) => Promise<void>;
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
        const result = await (options.signIn ?? (async () => FOUNDER))(identifier, password);
        if (!needsTotpCode(result)) setState({ status: 'signedIn', user: result });
        return result;
      },
      confirmTotpCode: async (code) => {
        const user = await (options.confirmTotpCode ?? (async () => ADMIN))(code);
        setState({ status: 'signedIn', user });
        return user;
      },
      startTotpSetup: options.startTotpSetup ?? vi.fn(async () => FAKE_TOTP_SETUP),
      finishTotpSetup: options.finishTotpSetup ?? vi.fn(async () => undefined),
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
