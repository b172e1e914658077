/** lib/auth loads Amplify (auth-amplify.ts) only when a signed-in state is needed. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_CONFIG } from '../test/test-config';
import type { AuthChange, AuthUser } from './auth';

const FOUNDER: AuthUser = { sub: 's-1', email: 'f@example.com', username: 'f', isAdmin: false };

const amplify = vi.hoisted(() => ({
  emit: undefined as ((change: AuthChange) => void) | undefined,
  configureAmplify: vi.fn(),
  readSession: vi.fn(),
  accessToken: vi.fn(),
  signOutSession: vi.fn(),
}));

// Loading the chunk is seen through configureAmplify, which lib/auth calls exactly once per load.
vi.mock('./auth-amplify', () => ({
  configureAmplify: amplify.configureAmplify,
  readSession: amplify.readSession,
  accessToken: amplify.accessToken,
  signOutSession: amplify.signOutSession,
  listenToSession: (listener: (change: AuthChange) => void) => {
    amplify.emit = listener;
  },
}));
vi.mock('./auth-sign-in', () => ({ signInWithFlow: vi.fn(async () => 'done'), confirmTotpSignIn: vi.fn() }));

/** A fresh copy of lib/auth (its module state: whether Amplify was loaded), configured for TEST_CONFIG. */
async function freshAuth() {
  vi.resetModules();
  const auth = await import('./auth');
  auth.configureAuth(TEST_CONFIG);
  return auth;
}

/** What Amplify's token store leaves in localStorage after a sign-in. */
function storeSession(username = 'founder'): void {
  const prefix = `CognitoIdentityServiceProvider.${TEST_CONFIG.userPoolClientId}`;
  localStorage.setItem(`${prefix}.LastAuthUser`, username);
  localStorage.setItem(`${prefix}.${username}.accessToken`, 'header.payload.signature');
}

/** A clean browser and a fresh Amplify fake before each test. */
function resetAmplifyAndStorage(): void {
  localStorage.clear();
  amplify.configureAmplify.mockReset();
  amplify.readSession.mockReset().mockResolvedValue(FOUNDER);
  amplify.accessToken.mockReset().mockResolvedValue('token');
  amplify.signOutSession.mockReset().mockResolvedValue(undefined);
}

describe('lib/auth without a stored session', () => {
  beforeEach(resetAmplifyAndStorage);

  it('answers signed out without loading Amplify', async () => {
    const auth = await freshAuth();
    expect(auth.hasStoredSession()).toBe(false);
    expect(await auth.readSessionUser()).toBeNull();
    expect(await auth.getAccessToken()).toBeUndefined();
    await auth.signOutUser();
    auth.onAuthChange(() => undefined)();
    expect(amplify.configureAmplify).not.toHaveBeenCalled();
  });

  it('ignores another app client’s tokens and a refresh token alone', async () => {
    const auth = await freshAuth();
    localStorage.setItem('CognitoIdentityServiceProvider.other-client.LastAuthUser', 'x');
    localStorage.setItem('CognitoIdentityServiceProvider.other-client.x.accessToken', 't');
    localStorage.setItem(`CognitoIdentityServiceProvider.${TEST_CONFIG.userPoolClientId}.x.refreshToken`, 'r');
    expect(auth.hasStoredSession()).toBe(false);
  });

  it('loads and configures Amplify once a form needs it, and passes its session events on', async () => {
    const auth = await freshAuth();
    const changes: AuthChange[] = [];
    auth.onAuthChange((change) => changes.push(change));
    await auth.signInWithPassword('founder@example.com', 'pw');
    expect(amplify.configureAmplify).toHaveBeenCalledExactlyOnceWith(TEST_CONFIG);
    amplify.emit?.('signedIn');
    expect(changes).toEqual(['signedIn']);
  });
});

describe('lib/auth with a stored session', () => {
  beforeEach(resetAmplifyAndStorage);

  it('recognises the returning user through Amplify, loaded and configured once', async () => {
    const auth = await freshAuth();
    storeSession();
    expect(auth.hasStoredSession()).toBe(true);
    expect(await auth.readSessionUser()).toEqual(FOUNDER);
    expect(await auth.getAccessToken()).toBe('token');
    expect(amplify.configureAmplify).toHaveBeenCalledTimes(1);
    await auth.signOutUser();
    expect(amplify.signOutSession).toHaveBeenCalledTimes(1);
  });

  it('finds the session under Amplify’s default user name when none signed in last', async () => {
    const auth = await freshAuth();
    localStorage.setItem(`CognitoIdentityServiceProvider.${TEST_CONFIG.userPoolClientId}.username.accessToken`, 't');
    expect(auth.hasStoredSession()).toBe(true);
  });
});
