/**
 * Amplify's core and session calls, in a chunk of their own: auth.ts loads it only once a signed-in state is
 * needed (tokens are stored, or a form is submitted), so the public pages' first load carries no Amplify.
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { type AuthChange, type AuthUser, userFromClaims } from './auth-user';
import type { RuntimeConfig } from './config';

/**
 * Amplify warns "You are using a custom Amazon Amazon Cognito User Pool endpoint, ensure the endpoint is correct." on
 * every configure that has a userPoolEndpoint. Only the offline stack sets one (cognito-local, on purpose); cloud
 * stages use the regional endpoint and never see it. Amplify's only switch is its global log level, which would hide
 * every other Amplify warning too, so this one known message alone is dropped, and only while configure runs (it
 * warns synchronously there); anything else it logs then still reaches the console.
 */
export const CUSTOM_ENDPOINT_WARNING = /You are using a custom Amazon .+ endpoint, ensure the endpoint is correct\./;

function withoutCustomEndpointWarning(configure: () => void): void {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (args.some((arg) => typeof arg === 'string' && CUSTOM_ENDPOINT_WARNING.test(arg))) return;
    warn.apply(console, args);
  };
  try {
    configure();
  } finally {
    console.warn = warn;
  }
}

/** Points Amplify at the environment's pool; every other Amplify chunk relies on this having run. */
export function configureAmplify(config: RuntimeConfig): void {
  withoutCustomEndpointWarning(() =>
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          // Locally Amplify talks to cognito-local instead of the regional Cognito endpoint.
          ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        },
      },
    }),
  );
}

/** The signed-in user from the stored session (refreshing tokens when needed), or null. */
export async function readSession(): Promise<AuthUser | null> {
  const { tokens } = await fetchAuthSession();
  if (!tokens) return null;
  return userFromClaims(tokens.accessToken.payload, tokens.idToken?.payload);
}

export async function accessToken(): Promise<string | undefined> {
  const { tokens } = await fetchAuthSession();
  return tokens?.accessToken.toString();
}

export async function signOutSession(): Promise<void> {
  await signOut();
}

const SESSION_EVENTS: ReadonlySet<string> = new Set<AuthChange>([
  'signedIn',
  'signedOut',
  'tokenRefresh',
  'tokenRefresh_failure',
]);

function isAuthChange(event: string): event is AuthChange {
  return SESSION_EVENTS.has(event);
}

/** Calls `listener` whenever Amplify reports a session change. */
export function listenToSession(listener: (change: AuthChange) => void): void {
  Hub.listen('auth', ({ payload }) => {
    if (isAuthChange(payload.event)) listener(payload.event);
  });
}
