import type { AuthUser } from '../../lib/auth';
import type { AuthStatus } from '../../lib/auth-context';
import { isAdminPath, PATHS } from '../../lib/paths';

/**
 * Spec §2 Guard behaviour: where a guarded path sends the visitor, or null to show the page.
 * 'loading' is handled by the caller (it shows a spinner, not a redirect).
 */
export function guardRedirect(status: Exclude<AuthStatus, 'loading'>, user: AuthUser | undefined, pathname: string) {
  if (status === 'signedOut' || !user) return PATHS.login;
  const adminPath = isAdminPath(pathname);
  if (user.isAdmin && !adminPath) return PATHS.adminHome;
  if (!user.isAdmin && adminPath) return PATHS.landing;
  return null;
}
