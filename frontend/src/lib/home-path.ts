import type { AuthUser } from './auth';
import { PATHS } from './paths';

/** Where a signed-in user lands after login or when visiting a public-only page (spec §2 Login). */
export function homePathFor(user: Pick<AuthUser, 'isAdmin'>): (typeof PATHS)['adminHome' | 'dashboard'] {
  return user.isAdmin ? PATHS.adminHome : PATHS.dashboard;
}
