/**
 * Amplify's password-reset calls, in their own chunk: only the forgot-password form and the reset page use them.
 * Loaded through `requestPasswordReset` / `confirmPasswordReset` in auth.ts.
 *
 * The cloud app client hides whether an account exists (preventUserExistenceErrors): a reset for an unknown email
 * "succeeds" and its confirmation fails like a wrong code. cognito-local says UserNotFoundException instead, so the
 * same answers are given here, and the reset form never tells anyone which emails have accounts (as the login does).
 */
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';

const UNKNOWN_ACCOUNT = 'UserNotFoundException';
/** Cognito's own words for a wrong code. */
export const WRONG_RESET_CODE = 'Invalid verification code provided, please try again.';

const isUnknownAccount = (err: unknown) => err instanceof Error && err.name === UNKNOWN_ACCOUNT;

/** Asks Cognito to email a reset code to the account with this email (alias). */
export async function startPasswordReset(email: string): Promise<void> {
  try {
    await resetPassword({ username: email });
  } catch (err) {
    if (!isUnknownAccount(err)) throw err;
  }
}

export async function finishPasswordReset(email: string, confirmationCode: string, newPassword: string): Promise<void> {
  try {
    await confirmResetPassword({ username: email, confirmationCode, newPassword });
  } catch (err) {
    if (!isUnknownAccount(err)) throw err;
    throw Object.assign(new Error(WRONG_RESET_CODE), { name: 'CodeMismatchException' });
  }
}
