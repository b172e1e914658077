import { ACCOUNT_DELETED_CODE, type ApiError } from './api';
import { PATHS } from './paths';

/**
 * What the app does when the API refuses a session (401): signs out once however many requests are refused at the
 * same time, and when the account was deleted (elsewhere: another browser or device) goes to the page that says
 * so — the guards would otherwise take it to the login page with no word of why.
 */
export function sessionRefusedHandler({
  signOut,
  navigate,
}: {
  signOut: () => Promise<void>;
  navigate: (path: string) => void;
}): (refusal: ApiError) => void {
  let signingOut = false;
  return (refusal) => {
    if (signingOut) return;
    signingOut = true;
    // First away from the guarded pages, so that signing out cannot send the guards to the login page first.
    if (refusal.error === ACCOUNT_DELETED_CODE) navigate(PATHS.accountDeleted);
    signOut()
      .catch((err: unknown) => console.error('Signing out after the API refused the session failed', err))
      .finally(() => {
        signingOut = false;
      });
  };
}
