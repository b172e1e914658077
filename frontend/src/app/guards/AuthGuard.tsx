import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import { PATHS } from '../../lib/paths';
import { PageSpinner } from '../../ui/Spinner';
import { guardRedirect, type LoginReturn } from './guard-rules';

/** Layout route around every guarded page. */
export function AuthGuard() {
  const { status, user } = useAuth();
  const { pathname, search } = useLocation();
  if (status === 'loading') return <PageSpinner />;
  const target = guardRedirect(status, user, pathname);
  if (!target) return <Outlet />;
  // Sent to sign in (a session that expired mid-edit, say): the login page brings the user back here afterwards.
  const state: LoginReturn | undefined = target === PATHS.login ? { from: `${pathname}${search}` } : undefined;
  return <Navigate to={target} replace state={state} />;
}
