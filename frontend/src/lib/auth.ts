/**
 * The one place that talks to Amplify Auth (Cognito). Everything else uses the auth context
 * (auth-context.tsx), so components and tests never touch Amplify.
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { RuntimeConfig } from './config';

export interface AuthUser {
  /** Cognito `sub`: the user's id everywhere in the API. */
  sub: string;
  email: string;
  username: string;
  isAdmin: boolean;
}

/** Same group name the API checks (functions/lib/principal.ts). */
export const ADMIN_GROUP = 'admin';

let authFlowType: RuntimeConfig['authFlowType'] = 'USER_SRP_AUTH';

export function configureAuth(config: RuntimeConfig): void {
  authFlowType = config.authFlowType;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        // Locally Amplify talks to cognito-local instead of the regional Cognito endpoint.
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
      },
    },
  });
}

type Claims = Record<string, unknown>;

function claimString(claims: Claims | undefined, key: string): string | undefined {
  const value = claims?.[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function claimGroups(claims: Claims | undefined): string[] {
  const value = claims?.['cognito:groups'];
  return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : [];
}

/** Builds the signed-in user from the token claims; null when the access token has no subject. */
export function userFromClaims(access: Claims | undefined, id: Claims | undefined): AuthUser | null {
  const sub = claimString(access, 'sub');
  if (!sub) return null;
  return {
    sub,
    username: claimString(access, 'username') ?? claimString(id, 'cognito:username') ?? sub,
    email: claimString(id, 'email') ?? '',
    isAdmin: claimGroups(access).includes(ADMIN_GROUP),
  };
}

/** The signed-in user from the stored session (refreshing tokens when needed), or null. */
export async function readSessionUser(): Promise<AuthUser | null> {
  const { tokens } = await fetchAuthSession();
  if (!tokens) return null;
  return userFromClaims(tokens.accessToken.payload, tokens.idToken?.payload);
}

/** The current access token for `Authorization: Bearer`, or undefined when signed out. */
export async function getAccessToken(): Promise<string | undefined> {
  const { tokens } = await fetchAuthSession();
  return tokens?.accessToken.toString();
}

let signInModule: Promise<typeof import('./auth-sign-in')> | undefined;

/** Starts loading the sign-in chunk; the login form calls this on first interaction so submitting does not wait. */
export function preloadSignIn(): Promise<typeof import('./auth-sign-in')> {
  signInModule ??= import('./auth-sign-in');
  signInModule.catch(() => {
    signInModule = undefined;
  });
  return signInModule;
}

/** Where a sign-in stands: done (tokens stored), or Cognito wants the authenticator app's code first. */
export type SignInStep = 'done' | 'totpCode';

/**
 * Signs in with an email (alias) or username; the flow comes from /config.json (SRP in the cloud).
 * Resolves 'totpCode' when the account has an authenticator app: `confirmTotpCode` finishes the sign-in.
 */
export async function signInWithPassword(identifier: string, password: string): Promise<SignInStep> {
  const { signInWithFlow } = await preloadSignIn();
  return signInWithFlow(identifier, password, authFlowType);
}

/** The authenticator app's 6-digit code for the sign-in in progress; rejects (retryably) on a wrong code. */
export async function confirmTotpCode(code: string): Promise<void> {
  const { confirmTotpSignIn } = await preloadSignIn();
  await confirmTotpSignIn(code);
}

/** A new authenticator-app secret for the signed-in user, and the otpauth:// URI its QR code carries. */
export interface TotpSetup {
  secret: string;
  uri: string;
}

/** Starts setting up an authenticator app for the signed-in user (`accountName` labels it in the app). */
export async function startTotpSetup(accountName: string): Promise<TotpSetup> {
  const { beginTotpSetup } = await import('./auth-totp-setup');
  return beginTotpSetup(accountName);
}

/** Verifies the app's first code and turns the app on for every later sign-in. */
export async function finishTotpSetup(code: string): Promise<void> {
  const { completeTotpSetup } = await import('./auth-totp-setup');
  await completeTotpSetup(code);
}

/** Emails a password-reset code to the account with this email; rejects with the provider's (user-facing) error. */
export async function requestPasswordReset(email: string): Promise<void> {
  const { startPasswordReset } = await import('./auth-password-reset');
  await startPasswordReset(email);
}

/** Sets a new password with the emailed code; rejects with the provider's (user-facing) error. */
export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  const { finishPasswordReset } = await import('./auth-password-reset');
  await finishPasswordReset(email, code, newPassword);
}

export async function signOutUser(): Promise<void> {
  await signOut();
}

export type AuthChange = 'signedIn' | 'signedOut' | 'tokenRefresh' | 'tokenRefresh_failure';

const SESSION_EVENTS: ReadonlySet<string> = new Set<AuthChange>([
  'signedIn',
  'signedOut',
  'tokenRefresh',
  'tokenRefresh_failure',
]);

function isAuthChange(event: string): event is AuthChange {
  return SESSION_EVENTS.has(event);
}

/** Calls `listener` whenever Amplify reports a session change; returns the unsubscribe function. */
export function onAuthChange(listener: (change: AuthChange) => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (isAuthChange(payload.event)) listener(payload.event);
  });
}
