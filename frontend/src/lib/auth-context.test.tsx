import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type AuthUser, readSessionUser } from './auth';
import { AuthProvider, useAuth } from './auth-context';

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
