/**
 * What the coach access check asks Cognito (functions/lib/admin-mfa.ts): whether the user still exists,
 * is enabled, is in the `admin` group, and has an authenticator app (TOTP) — AdminGetUser and
 * AdminListGroupsForUser, in parallel.
 *
 * The Cognito client is loaded on first use, not with the module: every area's Lambda reaches this
 * through lib/lambda.ts, and only coaches' requests on a stage that requires MFA ever call it, so
 * founders' cold starts do not pay for loading the client.
 */
import { env } from '../lib/env';
import { ADMIN_GROUP } from '../lib/principal';
import { traced } from '../lib/tracing';
import { loadOnce } from './load-once';
import { sdkClientOptions } from './timeouts';

const cognito = loadOnce(async () => {
  const sdk = await import('./sdk/cognito');
  return { sdk, client: traced(new sdk.CognitoIdentityProviderClient(sdkClientOptions('cognito'))) };
});

/** Cognito's name for TOTP MFA in `UserMFASettingList` and `PreferredMfaSetting`. */
export const SOFTWARE_TOKEN_MFA = 'SOFTWARE_TOKEN_MFA';

/** A Cognito user as the coach access check sees it. */
export interface CoachAccount {
  enabled: boolean;
  inAdminGroup: boolean;
  /** Has verified an authenticator app (TOTP). */
  hasMfa: boolean;
}

const isNotFound = (err: unknown) => err instanceof Error && err.name === 'UserNotFoundException';

async function groupsOf(username: string): Promise<string[]> {
  const { sdk, client } = await cognito();
  const groups: string[] = [];
  let next: string | undefined;
  do {
    const out = await client.send(
      new sdk.AdminListGroupsForUserCommand({ UserPoolId: env('userPoolId'), Username: username, NextToken: next }),
    );
    for (const group of out.Groups ?? []) if (group.GroupName) groups.push(group.GroupName);
    next = out.NextToken;
  } while (next);
  return groups;
}

/** The user's current state in Cognito; null when there is no such user (deleted). */
export async function coachAccount(username: string): Promise<CoachAccount | null> {
  const { sdk, client } = await cognito();
  try {
    const [user, groups] = await Promise.all([
      client.send(new sdk.AdminGetUserCommand({ UserPoolId: env('userPoolId'), Username: username })),
      groupsOf(username),
    ]);
    return {
      enabled: user.Enabled !== false,
      inAdminGroup: groups.includes(ADMIN_GROUP),
      hasMfa:
        (user.UserMFASettingList ?? []).includes(SOFTWARE_TOKEN_MFA) || user.PreferredMfaSetting === SOFTWARE_TOKEN_MFA,
    };
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/** True when the user has verified an authenticator app; false for a user without one or no such user. */
export async function hasSoftwareTokenMfa(username: string): Promise<boolean> {
  return (await coachAccount(username))?.hasMfa === true;
}
