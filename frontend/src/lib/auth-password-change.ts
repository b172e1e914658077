/**
 * Amplify's password change (Cognito ChangePassword with the signed-in session), in its own chunk: only the
 * account settings page uses it. Loaded through `changePassword` in auth.ts.
 */
import { updatePassword } from 'aws-amplify/auth';

export async function changeOwnPassword(oldPassword: string, newPassword: string): Promise<void> {
  await updatePassword({ oldPassword, newPassword });
}
