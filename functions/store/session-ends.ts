/**
 * Ending every session of an account at a moment, in the records the API's access check reads on every request
 * (a founder's profile, a coach's session record): one path for the operator's `npm run account:end-sessions`
 * (ops/end-sessions/end-sessions.ts) and for Cognito's own events (functions/consumers/cognito-sessions.ts).
 */
import { coachSessionExists, endCoachSessions } from './coach-sessions';
import { accountWasDeleted, endFounderSessions, getProfile } from './profiles';

/** How long the coach record of a user gone from Cognito is kept: beyond an access token's 15 minutes. */
export const GONE_USER_RECORD_SECONDS = 24 * 60 * 60;

export interface EndAccountSessions {
  /** Epoch seconds: every session that began at or before it is refused. */
  atSeconds: number;
  /** Cognito says the user is in the `admin` group (unknown once the user is gone: false). */
  inAdminGroup: boolean;
  /** Forget the coach's authenticator app: the next one is recorded as new (an MFA reset). */
  forgetMfa?: boolean;
  /** The user is gone from Cognito: the coach record is needed only until their tokens expire. */
  userGone?: boolean;
  /**
   * Write a coach record only where one exists already (or Cognito says coach): for an event that may be another
   * pool's, so a stranger's sub leaves nothing behind.
   */
  onlyKnownCoach?: boolean;
}

export interface AccountSessionsEnded {
  /** The user has a founder profile: its sessionsValidAfter was set. */
  founder: boolean;
  /** A coach record was marked. */
  coach: boolean;
}

export async function endAccountSessions(sub: string, options: EndAccountSessions): Promise<AccountSessionsEnded> {
  const { atSeconds } = options;
  const founder = (await getProfile(sub)) !== null;
  if (founder) await endFounderSessions(sub, atSeconds);
  // Coaches have no profile: the record is written for anyone who is, or whose tokens may still say, a coach — one
  // with a record already, one without a profile — but not for a founder whose account the app deleted (that deletion
  // ended the sessions, and leaves nothing under the sub) nor, where the event may be another pool's, for a stranger.
  const coach =
    options.inAdminGroup ||
    (await coachSessionExists(sub)) ||
    (!founder && !options.onlyKnownCoach && !(await accountWasDeleted(sub)));
  if (coach) {
    await endCoachSessions(sub, atSeconds, options.forgetMfa === true, {
      ...(options.userGone ? { expiresAt: atSeconds + GONE_USER_RECORD_SECONDS } : {}),
    });
  }
  return { founder, coach };
}
