import { useMemo, useState } from 'react';
import { Navigate, Outlet, useOutletContext } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import { homePathFor } from '../../lib/home-path';
import type { AppPath } from '../../lib/paths';
import { PageSpinner } from '../../ui/Spinner';

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

/**
 * Layout route for pages meant for signed-out visitors (/, /login, /signup): signed-in users go to their home.
 * This also performs the redirect right after a successful login, so the login page never navigates itself.
 */
export function PublicOnly() {
  const { status, user } = useAuth();
  const [held, setHeld] = useState(false);
  const [target, setTarget] = useState<AppPath>();
  const context = useMemo<PublicOnlyContext>(() => ({ holdRedirect: setHeld, redirectTo: setTarget }), []);
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signedIn' && user && !held) return <Navigate to={target ?? homePathFor(user)} replace />;
  return <Outlet context={context} />;
}

export function usePublicOnly(): PublicOnlyContext {
  return useOutletContext<PublicOnlyContext>();
}
