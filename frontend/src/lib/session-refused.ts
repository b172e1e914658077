import { ACCOUNT_DELETED_CODE, type ApiError } from './api';
import { PATHS } from './paths';

/**
 * What the app does when the API refuses a session (401): signs out once however many requests are refused at the
 * same time. When the account was deleted (elsewhere: another browser or device) it goes to the page that says so,
 * which signs out once it is shown — signing out first would let the signed-in shell, still on screen while that
 * page loads, send the browser to the login page with no word of why.
 */
export function sessionRefusedHandler({
  signOut,
  navigate,
}: {
  signOut: () => Promise<void>;
  /** Resolves once the navigation is done (a lazy page loads its chunk first). */
  navigate: (path: string) => Promise<void>;
}): (refusal: ApiError) => void {
  let busy = false;
  return (refusal) => {
    if (busy) return;
    busy = true;
    const done = () => {
      busy = false;
    };
    if (refusal.error === ACCOUNT_DELETED_CODE) {
      navigate(PATHS.accountDeleted)
        .catch((err: unknown) => {
          console.error('Could not show that the account was deleted', err);
          return signOut();
        })
        .catch((err: unknown) => console.error('Signing out after the API refused the session failed', err))
        .finally(done);
      return;
    }
    signOut()
      .catch((err: unknown) => console.error('Signing out after the API refused the session failed', err))
      .finally(done);
  };
}
