/**
 * The operator's way to end a user's sessions now, not at token expiry (`npm run account:end-sessions`):
 * records the moment in the table, where the API's access check reads it on every request
 * (functions/lib/admin-mfa.ts, functions/lib/http.ts; the same path as Cognito's own events take,
 * functions/store/session-ends.ts), and revokes the user's refresh tokens in Cognito.
 * Cognito's own revocation alone is not enough: an access token it issued still verifies for an hour,
 * and the API verifies tokens by signature.
 *
 * With it, optionally and in this order: turn the authenticator app off (a coach who lost their phone sets
 * up a new one at the next login, and sessions begun with the old one end), disable the user, take the user
 * out of the `admin` group. Safe to run again.
 */
import {
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { env } from '../../functions/lib/env';
import { ADMIN_GROUP } from '../../functions/lib/principal';
import { endAccountSessions } from '../../functions/store/session-ends';

export interface EndSessionsRequest {
  /** The Cognito username (a founder's is a UUID; the coach's `admin`). */
  username: string;
  /** Turn the user's authenticator app off, so the next login sets up a new one. */
  resetMfa?: boolean;
  disable?: boolean;
  /** Take the user out of the `admin` group. */
  removeCoach?: boolean;
  now?: Date;
}

export interface EndSessionsResult {
  sub: string;
  /** Epoch seconds: every session that began at or before it is refused. */
  endedAt: number;
  /** Whether the user has a founder profile (its sessionsValidAfter was set) or a coach record (set). */
  founder: boolean;
  coach: boolean;
}

export async function endSessions(
  request: EndSessionsRequest,
  cognito = new CognitoIdentityProviderClient({ maxAttempts: 3 }),
): Promise<EndSessionsResult> {
  const pool = { UserPoolId: env('userPoolId'), Username: request.username };
  const user = await cognito.send(new AdminGetUserCommand(pool));
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`Cognito returned no sub for ${request.username}`);
  const groups = await cognito.send(new AdminListGroupsForUserCommand(pool));
  const inAdminGroup = (groups.Groups ?? []).some((g) => g.GroupName === ADMIN_GROUP);

  if (request.resetMfa) {
    await cognito.send(
      new AdminSetUserMFAPreferenceCommand({
        ...pool,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
  }
  if (request.disable) await cognito.send(new AdminDisableUserCommand(pool));
  // The moment is taken after the changes above: a sign-in that slipped in before them is ended too.
  const endedAt = Math.floor((request.now ?? new Date()).getTime() / 1000);
  const { founder, coach } = await endAccountSessions(sub, {
    atSeconds: endedAt,
    inAdminGroup,
    forgetMfa: request.resetMfa === true,
  });
  if (request.removeCoach && inAdminGroup) {
    await cognito.send(new AdminRemoveUserFromGroupCommand({ ...pool, GroupName: ADMIN_GROUP }));
  }
  await cognito.send(new AdminUserGlobalSignOutCommand(pool));
  return { sub, endedAt, founder, coach };
}
