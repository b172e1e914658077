import { useMemo, useState } from 'react';
import { Navigate, Outlet, useOutletContext } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import { homePathFor } from '../../lib/home-path';
import { PageSpinner } from '../../ui/Spinner';

export interface PublicOnlyContext {
  /**
   * Keeps a just-signed-in user on the page until the page lets go: the login page checks the founder's payment
   * between signing in and leaving (spec §2 Login), and signs out again when it is missing.
   */
  holdRedirect: (hold: boolean) => void;
}

/**
 * Layout route for pages meant for signed-out visitors (/, /login, /signup): signed-in users go to their home.
 * This also performs the redirect right after a successful login, so the login page never navigates itself.
 */
export function PublicOnly() {
  const { status, user } = useAuth();
  const [held, setHeld] = useState(false);
  const context = useMemo<PublicOnlyContext>(() => ({ holdRedirect: setHeld }), []);
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signedIn' && user && !held) return <Navigate to={homePathFor(user)} replace />;
  return <Outlet context={context} />;
}

export function usePublicOnly(): PublicOnlyContext {
  return useOutletContext<PublicOnlyContext>();
}
