import { useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import { homePathFor } from '../../lib/home-path';
import type { AppPath } from '../../lib/paths';
import type { PublicOnlyContext } from '../../lib/public-only';
import { PageSpinner } from '../../ui/Spinner';
import { returnPathAfterSignIn } from './guard-rules';

/**
 * Layout route for pages meant for signed-out visitors (/, /login, /signup): signed-in users go to their home.
 * This also performs the redirect right after a successful login, so the login page never navigates itself.
 */
export function PublicOnly() {
  const { status, user } = useAuth();
  const location = useLocation();
  const [held, setHeld] = useState(false);
  const [target, setTarget] = useState<AppPath>();
  const context = useMemo<PublicOnlyContext>(() => ({ holdRedirect: setHeld, redirectTo: setTarget }), []);
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signedIn' && user && !held) {
    const back = returnPathAfterSignIn(location.state, user);
    return <Navigate to={target ?? back ?? homePathFor(user)} replace />;
  }
  return <Outlet context={context} />;
}
