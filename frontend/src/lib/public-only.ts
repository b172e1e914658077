/**
 * What the signed-out layout (app/guards/PublicOnly.tsx) offers the pages under it, declared here so the login page
 * uses it without importing app/.
 */
import { useOutletContext } from 'react-router-dom';
import type { AppPath } from './paths';

export interface PublicOnlyContext {
  /**
   * Keeps a just-signed-in user on the page until the page lets go: the login page checks the founder's payment
   * between signing in and leaving (spec §2 Login), and sends a founder who has not paid to /payment instead.
   */
  holdRedirect: (hold: boolean) => void;
  /**
   * Where the redirect goes once released, instead of the user's home: the login page sends a founder who has not
   * paid to /payment. Going there through this layout's one redirect (rather than navigating from the page while
   * held) keeps a released hold from racing the page's own navigation to the dashboard.
   */
  redirectTo: (path: AppPath) => void;
}

export function usePublicOnly(): PublicOnlyContext {
  return useOutletContext<PublicOnlyContext>();
}
