import type { AuthUser } from './auth';

/** Where a signed-in user lands after login or when visiting a public-only page (spec §2 Login). */
export function homePathFor(user: Pick<AuthUser, 'isAdmin'>): '/admin-home' | '/dashboard' {
  return user.isAdmin ? '/admin-home' : '/dashboard';
}
