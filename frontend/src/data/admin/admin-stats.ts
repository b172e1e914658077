/** GET /api/admin/stats: the admin dashboard's counters, in one call (spec §7 admin statistics, §9 percentages). */
import { useQuery } from '@tanstack/react-query';
import type { AdminStatsResponse } from '#shared/api-types';
import { apiFetch } from '../../lib/api';

export type { AdminStatsResponse };

/** Also invalidated by the question pages, whose changes move the question counts. */
export const ADMIN_STATS_KEY = ['admin', 'stats'] as const;

export function fetchAdminStats(signal?: AbortSignal): Promise<AdminStatsResponse> {
  return apiFetch('review.stats', signal ? { signal } : {});
}

export function useAdminStats() {
  return useQuery({ queryKey: ADMIN_STATS_KEY, queryFn: ({ signal }) => fetchAdminStats(signal), staleTime: 0 });
}
