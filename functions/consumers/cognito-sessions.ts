/**
 * A user deleted, disabled, signed out everywhere or taken out of the `admin` group in Cognito directly (console or
 * API) keeps valid access tokens for up to 15 minutes: the API verifies them by signature. This consumer of Cognito's
 * CloudTrail events (shared/events.ts COGNITO_SESSIONS_RULE) ends the user's sessions in the records the access check
 * reads on every request, the way `npm run account:end-sessions` does (functions/store/session-ends.ts), so their
 * next request answers 401.
 *
 * CloudTrail keeps the user's `sub` (additionalEventData.sub) and hides the username, so nothing has to be looked up
 * in Cognito — a deleted user could not be. Sessions begun at or before the call's time (eventTime) end; a sign-in
 * after a global sign-out is a new session and goes on. The events come at least once: ending twice is harmless.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { COGNITO_SESSIONS_RULE, type CognitoSessionCall } from '#shared/events';
import { env } from '../lib/env';
import { type Logger, rootLogger } from '../lib/logger';
import { ADMIN_GROUP } from '../lib/principal';
import { recordCoachMfa } from '../store/coach-sessions';
import { getProfile } from '../store/profiles';
import { endAccountSessions } from '../store/session-ends';

/** Cognito's subs are UUIDs; anything else is not a user of ours, and never reaches a key. */
const SUB = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CALLS: readonly string[] = [...COGNITO_SESSIONS_RULE.adminCalls, ...COGNITO_SESSIONS_RULE.selfCalls];
const USER_GONE: readonly CognitoSessionCall[] = ['AdminDeleteUser', 'DeleteUser'];

export interface CognitoCall {
  name: CognitoSessionCall;
  sub: string;
  /** Epoch seconds of the call. */
  atSeconds: number;
  /** The request's pool; null for the user's own calls, whose request names only the (hidden) access token. */
  userPoolId: string | null;
  /** AdminRemoveUserFromGroup's group, when CloudTrail shows it. */
  groupName: string | null;
  /** SetUserMFAPreference turns the authenticator app off (false when CloudTrail does not say). */
  appTurnedOff: boolean;
}

type Detail = {
  eventName?: unknown;
  eventTime?: unknown;
  errorCode?: unknown;
  additionalEventData?: { sub?: unknown } | null;
  requestParameters?: {
    userPoolId?: unknown;
    groupName?: unknown;
    softwareTokenMfaSettings?: { enabled?: unknown } | null;
  } | null;
};

/** What CloudTrail writes in place of a field Cognito keeps private (the username, tokens). */
const HIDDEN = 'HIDDEN_DUE_TO_SECURITY_REASONS';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 && value !== HIDDEN ? value : null;

/** The call an event describes; a string saying why it is ignored otherwise. */
export function readCognitoCall(detail: unknown, receivedAt: Date): CognitoCall | string {
  if (typeof detail !== 'object' || detail === null) return 'no detail';
  const d = detail as Detail;
  const name = text(d.eventName);
  if (!name || !CALLS.includes(name)) return `not a call that ends sessions (${String(name)})`;
  // A refused call changed nothing in Cognito.
  if (text(d.errorCode)) return `the call failed (${String(d.errorCode)})`;
  const sub = text(d.additionalEventData?.sub);
  if (!sub || !SUB.test(sub)) return 'no user sub in additionalEventData';
  const at = Date.parse(text(d.eventTime) ?? '');
  return {
    name: name as CognitoSessionCall,
    sub,
    atSeconds: Math.floor((Number.isFinite(at) ? at : receivedAt.getTime()) / 1000),
    userPoolId: text(d.requestParameters?.userPoolId),
    groupName: text(d.requestParameters?.groupName),
    appTurnedOff: d.requestParameters?.softwareTokenMfaSettings?.enabled === false,
  };
}

export async function handleCognitoCall(call: CognitoCall, log: Logger): Promise<void> {
  if (call.userPoolId !== null && call.userPoolId !== env('userPoolId')) {
    log.info('event ignored: another user pool', { eventName: call.name });
    return;
  }
  if (call.name === 'AdminRemoveUserFromGroup' && call.groupName !== null && call.groupName !== ADMIN_GROUP) {
    log.info('event ignored: not the admin group', { eventName: call.name });
    return;
  }
  if (call.name === 'SetUserMFAPreference') {
    await recordAppSetUp(call, log);
    return;
  }
  const ended = await endAccountSessions(call.sub, {
    atSeconds: call.atSeconds,
    // Taken out of the group, the user was a coach; otherwise the records tell (Cognito may no longer know the user).
    inAdminGroup: call.name === 'AdminRemoveUserFromGroup',
    userGone: USER_GONE.includes(call.name),
    // The user's own calls may come from another pool of the account: only a coach this stage knows gets a record.
    onlyKnownCoach: call.userPoolId === null,
  });
  log.info('sessions ended from a Cognito call', { eventName: call.name, userId: call.sub, ...ended });
}

/**
 * A coach's authenticator app turned on: the sessions begun until then gave no code, so they end at the call's own
 * second — before the coach's first sign-in with a code, which therefore goes on even when the login page's request
 * that ends the old session never arrived. The same record the coach check writes on first seeing the app
 * (functions/lib/admin-mfa.ts); whichever comes first stands, and both end the password-only session.
 */
async function recordAppSetUp(call: CognitoCall, log: Logger): Promise<void> {
  // Turned off, the app is forgotten by the coach check on the next admin request; founders have no coach record.
  if (call.appTurnedOff || (await getProfile(call.sub)) !== null) {
    log.info('event ignored: no coach app turned on', { eventName: call.name });
    return;
  }
  const recorded = await recordCoachMfa(call.sub, call.atSeconds);
  log.info('authenticator app recorded from Cognito', { userId: call.sub, recorded });
}

export async function handler(event: EventBridgeEvent<string, unknown>): Promise<void> {
  const log = rootLogger.child({ consumer: COGNITO_SESSIONS_RULE.consumer, eventId: event.id });
  const call = readCognitoCall(event.detail, new Date());
  if (typeof call === 'string') {
    // Retrying would not change the event: logged for the operator, never retried.
    log.warn('event ignored', { reason: call });
    return;
  }
  await handleCognitoCall(call, log);
}
