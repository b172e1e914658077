/** GET /api/admin/founders/{userId}: one founder's whole file, for the founder page and a review opened by link. */
import { useQuery } from '@tanstack/react-query';
import type { ResponseBody } from '#shared/contract';
import { apiFetch } from '../../lib/api';

export type FounderFile = ResponseBody<'founders.get'>;

export const founderFileKey = (userId: string) => ['admin', 'directory-founder', userId] as const;

export function useFounderFile(userId: string) {
  return useQuery({
    queryKey: founderFileKey(userId),
    queryFn: ({ signal }) => apiFetch('founders.get', { params: { userId }, signal }),
    staleTime: 0,
  });
}
