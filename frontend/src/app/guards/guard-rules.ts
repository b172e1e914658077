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

/** What AuthGuard puts in the login page's history state: the guarded page the visitor was sent away from. */
export interface LoginReturn {
  from: string;
}

/**
 * Where a user who just signed in goes back to: the guarded page they were sent to /login from (a session that
 * expired mid-edit, a bookmark), when it is a page of this app that this user may see; else null (their home).
 * The state is the browser's history entry, so it is checked like any input: a path of this origin only.
 */
export function returnPathAfterSignIn(state: unknown, user: AuthUser): string | null {
  const from = typeof state === 'object' && state !== null ? (state as Partial<LoginReturn>).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return null;
  const pathname = from.split(/[?#]/, 1)[0] ?? '';
  if (pathname === '/' || pathname === PATHS.login) return null;
  return guardRedirect('signedIn', user, pathname) === null ? from : null;
}
