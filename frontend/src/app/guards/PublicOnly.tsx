import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { homePathFor } from '../../lib/home-path';
import { PageSpinner } from '../../ui/Spinner';

/**
 * Layout route for pages meant for signed-out visitors (/, /login): signed-in users go to their home.
 * This also performs the redirect right after a successful login, so the login page never navigates itself.
 */
export function PublicOnly() {
  const { status, user } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signedIn' && user) return <Navigate to={homePathFor(user)} replace />;
  return <Outlet />;
}
