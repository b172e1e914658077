/**
 * Coaches (the `admin` group) read every founder's answers, so a stage can require them to have an
 * authenticator app (TOTP) enrolled before any admin route answers. Cognito cannot require MFA for one
 * group — the pool's MFA is OPTIONAL so founders are not forced into it — so the API checks enrollment
 * itself. Every cloud stage sets ADMIN_MFA=required (infra/stack.ts); offline it is off unless
 * PRESEED_ADMIN_MFA=required, so a newcomer's `npm start` admin signs in without an authenticator app.
 */
import { optionalEnv } from './env';

/** The value of ADMIN_MFA (and `adminMfa` in /config.json) that turns the requirement on. */
export const ADMIN_MFA_REQUIRED = 'required';

/** The 403 a coach without an authenticator app gets: signing in again runs the login page's setup step. */
export const ADMIN_MFA_MISSING_MESSAGE =
  'Set up two-step verification (an authenticator app) to use the coach pages. ' +
  'Sign out and sign in again to set it up.';

/** How long a coach's enrollment is trusted without asking Cognito again. */
export const ENROLLMENT_TTL_MS = 5 * 60_000;

/** Read per request, not at load: tests switch it within one process. */
export function adminMfaRequired(): boolean {
  return optionalEnv('adminMfa') === ADMIN_MFA_REQUIRED;
}

export interface AdminMfaCheckOptions {
  ttlMs?: number;
  now?: () => number;
  /** A container serves a handful of coaches; the bound only stops a pathological growth. */
  maxEntries?: number;
}

/**
 * The `hasAdminMfa` access check: true when the stage does not require MFA, else whether `lookup`
 * (Cognito) says the coach has an authenticator app. Only "enrolled" answers are kept, per container,
 * for `ttlMs`: a coach's requests cost one lookup per five minutes, and a coach who has just set up
 * the app is let in on the very next request instead of waiting for a cached refusal to expire.
 */
export function createAdminMfaCheck(
  lookup: (username: string) => Promise<boolean>,
  { ttlMs = ENROLLMENT_TTL_MS, now = Date.now, maxEntries = 1000 }: AdminMfaCheckOptions = {},
): (username: string) => Promise<boolean> {
  const enrolledUntil = new Map<string, number>();
  return async (username) => {
    if (!adminMfaRequired()) return true;
    const until = enrolledUntil.get(username);
    if (until !== undefined && until > now()) return true;
    enrolledUntil.delete(username);
    const enrolled = await lookup(username);
    if (enrolled) {
      if (enrolledUntil.size >= maxEntries) enrolledUntil.clear();
      enrolledUntil.set(username, now() + ttlMs);
    }
    return enrolled;
  };
}
