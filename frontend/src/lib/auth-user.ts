/**
 * The signed-in user and the words of the auth flow, shared by auth.ts and the Amplify modules it loads on demand.
 * Imports nothing, so those modules never import auth.ts back (an import cycle).
 */
export interface AuthUser {
  /** Cognito `sub`: the user's id everywhere in the API. */
  sub: string;
  email: string;
  username: string;
  isAdmin: boolean;
}

/** Same group name the API checks (functions/lib/principal.ts). */
export const ADMIN_GROUP = 'admin';

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

/** Where a sign-in stands: done (tokens stored), or Cognito wants the authenticator app's code first. */
export type SignInStep = 'done' | 'totpCode';

/** A new authenticator-app secret for the signed-in user, and the otpauth:// URI its QR code carries. */
export interface TotpSetup {
  secret: string;
  uri: string;
}

export type AuthChange = 'signedIn' | 'signedOut' | 'tokenRefresh' | 'tokenRefresh_failure';
