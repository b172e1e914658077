/**
 * The coach access check: a token that says "admin" is trusted only as long as the account behind it
 * still is a coach, and only for sessions the account has not ended.
 *
 * - On every coach request: the coach's session record (DynamoDB, functions/store/coach-sessions.ts) —
 *   a session that began (`auth_time`, kept across refreshes) at or before its `sessionsValidAfter` is over
 *   (401). An operator ends sessions with `npm run account:end-sessions` (ops/end-sessions/end-sessions.ts).
 * - On admin routes: Cognito — the user must exist, be enabled and be in the `admin` group *now*, not
 *   only when the token was issued; and where the stage requires it, have an authenticator app (TOTP).
 *   Cognito cannot require MFA for one group — the pool's MFA is OPTIONAL so founders are not forced into
 *   it — so the API checks enrollment itself. Every cloud stage sets ADMIN_MFA=required
 *   (infra/stack.ts); offline it is off unless PRESEED_ADMIN_MFA=required.
 * - Having an app is not enough: a session begun with the password alone, before the app was set up,
 *   never gave a code. The first request that sees the app (not yet in the record) records it and ends
 *   every session begun until then, so only sign-ins that asked for the code go on (decision 007).
 */

import { ADMIN_MFA_REQUIRED } from '#shared/deploy-names';
import { optionalEnv } from './env';
import { ForbiddenError, UnauthorizedError } from './errors';
import type { Principal } from './principal';

export { ADMIN_MFA_REQUIRED };

/** The 403 a coach without an authenticator app gets: signing in again runs the login page's setup step. */
export const ADMIN_MFA_MISSING_MESSAGE =
  'Set up two-step verification (an authenticator app) to use the coach pages. ' +
  'Sign out and sign in again to set it up.';

/** The 401 of a session begun before the coach's authenticator app was set up. */
export const ADMIN_MFA_NOW_ON_MESSAGE =
  'Two-step verification is now on for your account. Log in again with a code from your authenticator app.';

/** The 401 of a session its account has ended (an operator's reset, a disabled account, a new app). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/** The 401 of a coach whose Cognito user is disabled or deleted. */
export const ACCOUNT_DISABLED_MESSAGE = 'This account is disabled or no longer exists.';

/** The 403 of a coach who is no longer in the `admin` group (and of any non-coach on an admin route). */
export const NOT_A_COACH_MESSAGE = 'This action needs an administrator account.';

/**
 * How long a container trusts Cognito's "exists, enabled, in the group (and has an app)" for one coach
 * before asking again. It spares each coach request two Cognito calls (the coach pages make several per
 * view); what it delays is only a change made directly in Cognito — disabling, deleting, removing from
 * the group — by at most a minute. The operator's command ends sessions in the record, which is read on
 * every request, so through it every such change takes effect on the next request.
 */
export const COACH_ACCOUNT_TTL_MS = 60_000;

/** Read per request, not at load: tests switch it within one process. */
export function adminMfaRequired(): boolean {
  return optionalEnv('adminMfa') === ADMIN_MFA_REQUIRED;
}

/** Whether a session that began at `authTime` is over, given its account's `sessionsValidAfter` (epoch seconds). */
export function sessionEnded(authTime: number, sessionsValidAfter: unknown): boolean {
  // `auth_time` has whole seconds: a session begun in the very second sessions were ended counts as before.
  return typeof sessionsValidAfter === 'number' && authTime <= sessionsValidAfter;
}

export interface CoachAccountState {
  enabled: boolean;
  inAdminGroup: boolean;
  hasMfa: boolean;
}

export interface CoachSessionRecord {
  sessionsValidAfter: number | null;
  mfaSince: number | null;
}

export interface CoachCheckDeps {
  /** Cognito's current view of the user; null when there is no such user. */
  account(username: string): Promise<CoachAccountState | null>;
  session(sub: string): Promise<CoachSessionRecord>;
  /** Records a newly seen app (and ends older sessions); false when a parallel request did it first. */
  recordMfa(sub: string, atSeconds: number): Promise<boolean>;
  forgetMfa(sub: string): Promise<boolean>;
  ttlMs?: number;
  now?: () => number;
  /** A container serves a handful of coaches; the bound only stops a pathological growth. */
  maxEntries?: number;
}

export type CoachCheck = (principal: Principal, adminRoute: boolean) => Promise<void>;

/**
 * The check `dispatch` runs for every request whose token says "admin" (functions/lib/http.ts): throws
 * the refusal, or resolves when the coach may go on.
 */
export function createCoachCheck(deps: CoachCheckDeps): CoachCheck {
  const { ttlMs = COACH_ACCOUNT_TTL_MS, now = Date.now, maxEntries = 1000 } = deps;
  // Only accounts that pass are kept, so a coach who has just set up the app is not held back by a refusal.
  const trusted = new Map<string, { until: number; account: CoachAccountState }>();

  /** Cognito's answer for the coach, and whether it came from this container's cache. */
  async function currentAccount(username: string): Promise<{ account: CoachAccountState | null; kept: boolean }> {
    const kept = trusted.get(username);
    if (kept && kept.until > now()) return { account: kept.account, kept: true };
    trusted.delete(username);
    const account = await deps.account(username);
    if (account?.enabled && account.inAdminGroup && (account.hasMfa || !adminMfaRequired())) {
      if (trusted.size >= maxEntries) trusted.clear();
      trusted.set(username, { until: now() + ttlMs, account });
    }
    return { account, kept: false };
  }

  return async (principal, adminRoute) => {
    const [record, looked] = await Promise.all([
      deps.session(principal.sub),
      adminRoute ? currentAccount(principal.username) : Promise.resolve(undefined),
    ]);
    if (sessionEnded(principal.authTime, record.sessionsValidAfter)) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
    if (looked === undefined) return;
    let { account } = looked;
    if (!account?.enabled) throw new UnauthorizedError(ACCOUNT_DISABLED_MESSAGE);
    if (!account.inAdminGroup) throw new ForbiddenError(NOT_A_COACH_MESSAGE);
    if (!adminMfaRequired()) return;
    if (record.mfaSince === null && looked.kept) {
      // An app the record does not have is never taken from the cache: after an operator's reset the kept answer
      // still has the old app, and recording it would let in sessions begun before the coach sets up a new one.
      trusted.delete(principal.username);
      account = (await currentAccount(principal.username)).account;
      if (!account?.enabled || !account.inAdminGroup) throw new UnauthorizedError(ACCOUNT_DISABLED_MESSAGE);
    }
    if (!account.hasMfa) {
      // Reset outside our command (or never set up): the next app is recorded as new and ends older sessions.
      if (record.mfaSince !== null) await deps.forgetMfa(principal.sub);
      throw new ForbiddenError(ADMIN_MFA_MISSING_MESSAGE);
    }
    if (record.mfaSince === null) {
      const at = Math.floor(now() / 1000);
      // A parallel request that recorded the app first set the moment; this session is held to that one.
      const since = (await deps.recordMfa(principal.sub, at))
        ? at
        : (await deps.session(principal.sub)).sessionsValidAfter;
      if (sessionEnded(principal.authTime, since)) throw new UnauthorizedError(ADMIN_MFA_NOW_ON_MESSAGE);
    }
  };
}
