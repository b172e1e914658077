/**
 * Amplify's password-reset calls, in their own chunk: only the forgot-password form and the reset page use them.
 * Loaded through `requestPasswordReset` / `confirmPasswordReset` in auth.ts.
 */
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';

/** Asks Cognito to email a reset code to the account with this email (alias). */
export async function startPasswordReset(email: string): Promise<void> {
  await resetPassword({ username: email });
}

export async function finishPasswordReset(email: string, confirmationCode: string, newPassword: string): Promise<void> {
  await confirmResetPassword({ username: email, confirmationCode, newPassword });
}
