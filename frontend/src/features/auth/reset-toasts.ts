import { errorMessage } from '../../lib/error-message';
import type { ToastOptions } from '../../ui/toast/toast-context';

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

export const RESET_SENT_TOAST = {
  title: 'Password reset link sent!',
  description: 'Check your email for the reset link.',
} satisfies ToastOptions;

/** The toast for a refused reset request or confirmation, with the reason when the error carries one. */
export function resetFailedToast(err: unknown): ToastOptions {
  return {
    variant: 'destructive',
    title: 'Password reset failed',
    description: errorMessage(err, FALLBACK_MESSAGE),
  };
}
