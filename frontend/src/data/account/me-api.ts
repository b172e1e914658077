/**
 * GET /api/me without TanStack Query, so the login page can check payment without pulling the query library into
 * its chunk. Components use the `useMe` hook (use-me.ts) instead.
 */
import type { MeResponse } from '#shared/api-types';
import { apiFetch } from '../../lib/api';

export type { MeResponse };

export function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiFetch('accounts.me', signal ? { signal } : {});
}

/** The cache key of one user's /api/me; per user so a second account on the same browser never sees the first's. */
export function meQueryKey(sub: string) {
  return ['me', sub] as const;
}

/** Whether a founder may use the founder pages: a profile that says paid. */
export function hasPaid(me: MeResponse): boolean {
  return me.isAdmin || me.profile?.paid === true;
}
