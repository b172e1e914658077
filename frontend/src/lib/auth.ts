/**
 * The one place the app reaches Amplify Auth (Cognito) through. Everything else uses the auth context
 * (auth-context.tsx), so components and tests never touch Amplify.
 *
 * Amplify itself (its core, session and Hub: auth-amplify.ts and the chunks it imports, ~23 KB gzip) is loaded
 * only when a signed-in state is needed: when Cognito's tokens are in storage, or when a form signs in, resets a
 * password or sets up an authenticator app. A visitor without a session gets the public pages without it.
 */
import type { AuthChange, AuthUser, SignInStep, TotpSetup } from './auth-user';
import type { RuntimeConfig } from './config';

// The types live in auth-user.ts so the lazily loaded Amplify modules can use them without importing this file back.
export {
  ADMIN_GROUP,
  type AuthChange,
  type AuthUser,
  type SignInStep,
  type TotpSetup,
  userFromClaims,
} from './auth-user';

let config: RuntimeConfig | undefined;

/** Keeps the environment's pool for when Amplify loads; loads nothing itself. */
export function configureAuth(runtime: RuntimeConfig): void {
  config = runtime;
}

function configured(): RuntimeConfig {
  if (!config) throw new Error('configureAuth must run before Amplify is used');
  return config;
}

/** Where Amplify keeps a session (its DefaultTokenStore over localStorage): `<prefix>.<clientId>.<user>.<token>`. */
const TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider';

/**
 * Whether Amplify would find a session: the access token of the last signed-in user is in localStorage (an
 * expired one too: Amplify refreshes it). Read synchronously so a visitor without one never loads Amplify.
 * When storage cannot be read, Amplify decides.
 */
export function hasStoredSession(): boolean {
  if (!config) return false;
  try {
    const prefix = `${TOKEN_KEY_PREFIX}.${config.userPoolClientId}`;
    // Amplify's own fallback when no user signed in last.
    const lastUser = localStorage.getItem(`${prefix}.LastAuthUser`) ?? 'username';
    return localStorage.getItem(`${prefix}.${lastUser}.accessToken`) !== null;
  } catch {
    return true;
  }
}

let amplify: Promise<typeof import('./auth-amplify')> | undefined;
const listeners = new Set<(change: AuthChange) => void>();

/** Loads and configures Amplify once; session listeners registered before it loaded are attached then. */
function loadAmplify(): Promise<typeof import('./auth-amplify')> {
  amplify ??= import('./auth-amplify').then((module) => {
    module.configureAmplify(configured());
    module.listenToSession((change) => {
      for (const listener of listeners) listener(change);
    });
    return module;
  });
  amplify.catch(() => {
    // A failed chunk load (offline, a deploy in between) is tried again next time.
    amplify = undefined;
  });
  return amplify;
}

/** The signed-in user from the stored session (refreshing tokens when needed), or null. */
export async function readSessionUser(): Promise<AuthUser | null> {
  if (!hasStoredSession()) return null;
  return (await loadAmplify()).readSession();
}

/** The current access token for `Authorization: Bearer`, or undefined when signed out. */
export async function getAccessToken(): Promise<string | undefined> {
  if (!hasStoredSession()) return undefined;
  return (await loadAmplify()).accessToken();
}

let signInModule: Promise<typeof import('./auth-sign-in')> | undefined;

/**
 * Starts loading Amplify and the sign-in chunk; the login form calls this on first interaction so submitting
 * does not wait.
 */
export function preloadSignIn(): Promise<typeof import('./auth-sign-in')> {
  signInModule ??= loadAmplify().then(() => import('./auth-sign-in'));
  signInModule.catch(() => {
    signInModule = undefined;
  });
  return signInModule;
}

/**
 * Signs in with an email (alias) or username; the flow comes from /config.json (SRP in the cloud).
 * Resolves 'totpCode' when the account has an authenticator app: `confirmTotpCode` finishes the sign-in.
 */
export async function signInWithPassword(identifier: string, password: string): Promise<SignInStep> {
  const { signInWithFlow } = await preloadSignIn();
  return signInWithFlow(identifier, password, configured().authFlowType);
}

/** The authenticator app's 6-digit code for the sign-in in progress; rejects (retryably) on a wrong code. */
export async function confirmTotpCode(code: string): Promise<void> {
  const { confirmTotpSignIn } = await preloadSignIn();
  await confirmTotpSignIn(code);
}

/** Starts setting up an authenticator app for the signed-in user (`accountName` labels it in the app). */
export async function startTotpSetup(accountName: string): Promise<TotpSetup> {
  await loadAmplify();
  const { beginTotpSetup } = await import('./auth-totp-setup');
  return beginTotpSetup(accountName);
}

/** Verifies the app's first code and turns the app on for every later sign-in. */
export async function finishTotpSetup(code: string): Promise<void> {
  await loadAmplify();
  const { completeTotpSetup } = await import('./auth-totp-setup');
  await completeTotpSetup(code);
}

/** Emails a password-reset code to the account with this email; rejects with the provider's (user-facing) error. */
export async function requestPasswordReset(email: string): Promise<void> {
  await loadAmplify();
  const { startPasswordReset } = await import('./auth-password-reset');
  await startPasswordReset(email);
}

/** Sets a new password with the emailed code; rejects with the provider's (user-facing) error. */
export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await loadAmplify();
  const { finishPasswordReset } = await import('./auth-password-reset');
  await finishPasswordReset(email, code, newPassword);
}

/** Changes the signed-in user's password; rejects with the provider's (user-facing) error, e.g. a wrong current one. */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await loadAmplify();
  const { changeOwnPassword } = await import('./auth-password-change');
  await changeOwnPassword(oldPassword, newPassword);
}

/** Signs out; without a stored session and with Amplify never loaded there is nothing to end. */
export async function signOutUser(): Promise<void> {
  if (!amplify && !hasStoredSession()) return;
  await (await loadAmplify()).signOutSession();
}

/**
 * Calls `listener` whenever Amplify reports a session change; returns the unsubscribe function. Registering
 * does not load Amplify: until something else loads it, no session can change.
 */
export function onAuthChange(listener: (change: AuthChange) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
