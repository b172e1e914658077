/** GET /api/admin/review-queue: founders waiting for a coach's review, every reviewed phase, oldest first. */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ResponseBody } from '#shared/contract';
import { apiFetch } from '../../lib/api';

export type ReviewQueuePage = ResponseBody<'founders.reviewQueue'>;
export type QueuedFounder = ReviewQueuePage['founders'][number];

export const REVIEW_QUEUE_KEY = ['admin', 'review-queue'] as const;

export function fetchReviewQueue(cursor: string | null, signal?: AbortSignal): Promise<ReviewQueuePage> {
  return apiFetch('founders.reviewQueue', {
    query: cursor ? { cursor } : {},
    ...(signal ? { signal } : {}),
  });
}

/** Pages load one at a time ("Show more"), oldest waiting first. */
export function useReviewQueue() {
  return useInfiniteQuery({
    queryKey: REVIEW_QUEUE_KEY,
    queryFn: ({ pageParam, signal }) => fetchReviewQueue(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}
