import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AuthUser,
  confirmTotpCode,
  readSessionUser,
  signInWithPassword,
  startTotpSetup,
  type TotpSetup,
} from './auth';
import { type AuthContextValue, AuthProvider, useAuth } from './auth-context';

// The provider is tested against lib/auth (our Amplify boundary), never against Amplify itself.
const session = vi.hoisted(() => ({
  user: null as AuthUser | null,
  listener: undefined as ((change: string) => void) | undefined,
}));

vi.mock('./auth', () => ({
  preloadSignIn: vi.fn(async () => ({})),
  requestPasswordReset: vi.fn(async () => undefined),
  confirmPasswordReset: vi.fn(async () => undefined),
  readSessionUser: vi.fn(async () => session.user),
  signInWithPassword: vi.fn(async () => {
    session.user = { sub: 's', email: 'a@example.com', username: 'admin', isAdmin: true };
  }),
  signOutUser: vi.fn(async () => {
    session.user = null;
  }),
  confirmTotpCode: vi.fn(async () => {
    session.user = { sub: 's', email: 'a@example.com', username: 'admin', isAdmin: true };
  }),
  startTotpSetup: vi.fn(async (account: string) => ({ secret: 'ABCD', uri: `otpauth://totp/Preseed:${account}` })),
  finishTotpSetup: vi.fn(async () => undefined),
  onAuthChange: vi.fn((listener: (change: string) => void) => {
    session.listener = listener;
    return () => {
      session.listener = undefined;
    };
  }),
}));

function Probe() {
  const auth = useAuth();
  return (
    <div>
      <p>{auth.status}</p>
      <p>{auth.user?.email ?? 'nobody'}</p>
      <button type="button" onClick={() => void auth.signIn('admin', 'pw')}>
        in
      </button>
      <button type="button" onClick={() => void auth.signOut()}>
        out
      </button>
    </div>
  );
}

describe('AuthProvider', () => {
  beforeEach(() => {
    session.user = null;
  });

  it('loads the session, then follows sign-in, sign-out and Hub events', async () => {
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('signedOut')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'in' }).click());
    expect(await screen.findByText('signedIn')).toBeInTheDocument();
    expect(screen.getByText('a@example.com')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'out' }).click());
    expect(await screen.findByText('signedOut')).toBeInTheDocument();

    // A session change elsewhere (another tab, token refresh) arrives as a Hub event.
    session.user = { sub: 't', email: 'b@example.com', username: 'b', isAdmin: false };
    act(() => session.listener?.('signedIn'));
    await waitFor(() => expect(screen.getByText('b@example.com')).toBeInTheDocument());
  });

  it('does not loop when a token refresh fails during its own session read', async () => {
    const reads = vi.mocked(readSessionUser);
    reads.mockClear();
    reads.mockImplementation(async () => {
      // What Amplify does when the refresh inside fetchAuthSession fails (e.g. offline).
      session.listener?.('tokenRefresh_failure');
      return null;
    });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText('signedOut')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // StrictMode is off here: one read at mount, none triggered by the failure it reported itself.
    expect(reads).toHaveBeenCalledTimes(1);
  });
});

describe('AuthProvider with an authenticator app', () => {
  let auth: AuthContextValue | undefined;
  function Capture() {
    auth = useAuth();
    return <p>{auth.status}</p>;
  }

  beforeEach(() => {
    session.user = null;
    auth = undefined;
    // An earlier test replaced the session read; these read the fake session again.
    vi.mocked(readSessionUser).mockImplementation(async () => session.user);
  });

  it('stays signed out while Cognito waits for the code, and signs in with it', async () => {
    vi.mocked(signInWithPassword).mockImplementationOnce(async () => 'totpCode');
    render(
      <AuthProvider>
        <Capture />
      </AuthProvider>,
    );
    expect(await screen.findByText('signedOut')).toBeInTheDocument();
    let result: Awaited<ReturnType<AuthContextValue['signIn']>> | undefined;
    await act(async () => {
      result = await auth?.signIn('admin', 'pw');
    });
    expect(result).toEqual({ totpCodeRequired: true });
    expect(screen.getByText('signedOut')).toBeInTheDocument();

    let user: AuthUser | undefined;
    await act(async () => {
      user = await auth?.confirmTotpCode('123456');
    });
    expect(confirmTotpCode).toHaveBeenCalledWith('123456');
    expect(user?.username).toBe('admin');
    expect(screen.getByText('signedIn')).toBeInTheDocument();
  });

  it("labels a new app with the signed-in user's email, and keeps one function across session re-reads", async () => {
    session.user = { sub: 's', email: 'coach@example.com', username: 'coach', isAdmin: true };
    render(
      <AuthProvider>
        <Capture />
      </AuthProvider>,
    );
    expect(await screen.findByText('signedIn')).toBeInTheDocument();
    const first = auth?.startTotpSetup;
    act(() => session.listener?.('tokenRefresh'));
    await waitFor(() => expect(vi.mocked(readSessionUser).mock.calls.length).toBeGreaterThan(1));
    expect(auth?.startTotpSetup).toBe(first);
    let setup: TotpSetup | undefined;
    await act(async () => {
      setup = await auth?.startTotpSetup();
    });
    expect(startTotpSetup).toHaveBeenCalledWith('coach@example.com');
    expect(setup?.uri).toBe('otpauth://totp/Preseed:coach@example.com');
  });
});
