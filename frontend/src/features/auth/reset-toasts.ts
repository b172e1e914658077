import { errorMessage } from '../../lib/error-message';
import type { ToastOptions } from '../../ui/toast/toast-context';

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/**
 * Cognito emails a 6-digit code, never a link (spec §8 said 'link'): the form's button, this toast, the
 * reset page and the email itself (functions/lib/emails.ts passwordResetCodeEmail) all call it a code.
 */
export const SEND_RESET_CODE = 'Send Reset Code';

export const RESET_SENT_TOAST = {
  title: 'Password reset code sent!',
  description: 'Check your email for the 6-digit code, then choose a new password.',
} satisfies ToastOptions;

/** The toast for a refused reset request or confirmation, with the reason when the error carries one. */
export function resetFailedToast(err: unknown): ToastOptions {
  return {
    variant: 'destructive',
    title: 'Password reset failed',
    description: errorMessage(err, FALLBACK_MESSAGE),
  };
}
