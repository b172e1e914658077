/**
 * Whether a Cognito user has an authenticator app (TOTP) enrolled, read with AdminGetUser.
 *
 * The Cognito client is loaded on first use, not with the module: every area's Lambda reaches this
 * through lib/lambda.ts, and only coaches' requests on a stage that requires MFA ever call it, so
 * founders' cold starts do not pay for loading the client.
 */
import { env } from '../lib/env';
import { loadOnce } from './load-once';
import { sdkClientOptions } from './timeouts';

const cognito = loadOnce(async () => {
  const sdk = await import('./sdk/cognito');
  return { sdk, client: new sdk.CognitoIdentityProviderClient(sdkClientOptions('cognito')) };
});

/** Cognito's name for TOTP MFA in `UserMFASettingList` and `PreferredMfaSetting`. */
export const SOFTWARE_TOKEN_MFA = 'SOFTWARE_TOKEN_MFA';

/** True when the user has verified an authenticator app; false for a user without one or no such user. */
export async function hasSoftwareTokenMfa(username: string): Promise<boolean> {
  const { sdk, client } = await cognito();
  try {
    const out = await client.send(new sdk.AdminGetUserCommand({ UserPoolId: env('userPoolId'), Username: username }));
    return (
      (out.UserMFASettingList ?? []).includes(SOFTWARE_TOKEN_MFA) || out.PreferredMfaSetting === SOFTWARE_TOKEN_MFA
    );
  } catch (err) {
    if (err instanceof Error && err.name === 'UserNotFoundException') return false;
    throw err;
  }
}
