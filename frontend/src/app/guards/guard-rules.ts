import type { AuthUser } from '../../lib/auth';
import type { AuthStatus } from '../../lib/auth-context';

/**
 * Spec §2 Guard behaviour: where a guarded path sends the visitor, or null to show the page.
 * 'loading' is handled by the caller (it shows a spinner, not a redirect).
 */
export function guardRedirect(status: Exclude<AuthStatus, 'loading'>, user: AuthUser | undefined, pathname: string) {
  if (status === 'signedOut' || !user) return '/login';
  const adminPath = pathname.startsWith('/admin');
  if (user.isAdmin && !adminPath) return '/admin-home';
  if (!user.isAdmin && adminPath) return '/';
  return null;
}
