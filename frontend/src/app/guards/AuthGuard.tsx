import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../lib/auth-context';
import { PageSpinner } from '../../ui/Spinner';
import { guardRedirect } from './guard-rules';

/** Layout route around every guarded page. */
export function AuthGuard() {
  const { status, user } = useAuth();
  const { pathname } = useLocation();
  if (status === 'loading') return <PageSpinner />;
  const target = guardRedirect(status, user, pathname);
  return target ? <Navigate to={target} replace /> : <Outlet />;
}
