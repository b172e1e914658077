/**
 * Setting up an authenticator app (TOTP) for the signed-in user: only a coach's first login on a stage that
 * requires it runs this, so it is a chunk of its own. Loaded through `startTotpSetup` in auth.ts.
 */
import { setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import type { TotpSetup } from './auth-user';

/** What the authenticator app shows above the codes. */
const APP_NAME = 'Preseed';

/** Asks Cognito for a new secret; replaces any earlier, unfinished one. */
export async function beginTotpSetup(accountName: string): Promise<TotpSetup> {
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, uri: details.getSetupUri(APP_NAME, accountName).toString() };
}

/** Verifies the first code and makes the app the account's MFA, so every later sign-in asks for a code. */
export async function completeTotpSetup(code: string): Promise<void> {
  await verifyTOTPSetup({ code });
  await updateMFAPreference({ totp: 'PREFERRED' });
}
