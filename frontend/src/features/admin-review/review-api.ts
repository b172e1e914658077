/**
 * The coaches' review calls (spec §7 admin calls): the founders who answered every question of a type, their
 * answers, and the unlock of their next phase. Each endpoint exports its fetcher; the hooks keep both review lists
 * in step after an unlock.
 */
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  ReviewAnswersResponse,
  ReviewFounder,
  ReviewListResponse,
  ReviewState,
  UnlockResponse,
} from '#shared/api-types';
import type { QuestionType } from '#shared/domain/questions';
import { apiFetch } from '../../lib/api';

export type { QuestionType, ReviewFounder, ReviewListResponse, ReviewState };

export const reviewKeys = {
  ofType: (type: QuestionType) => ['admin', 'review', type] as const,
  list: (type: QuestionType, state: ReviewState) => ['admin', 'review', type, state] as const,
  founderAnswers: (userId: string, type: QuestionType) => ['admin', 'founder-answers', userId, type] as const,
};

export function fetchReviewList(
  type: QuestionType,
  state: ReviewState,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ReviewListResponse> {
  return apiFetch('review.list', {
    params: { type },
    query: { state, cursor: cursor ?? undefined },
    ...(signal ? { signal } : {}),
  });
}

export function fetchFounderAnswers(
  userId: string,
  type: QuestionType,
  signal?: AbortSignal,
): Promise<ReviewAnswersResponse['answers']> {
  return apiFetch('review.answers', {
    params: { userId, type },
    ...(signal ? { signal } : {}),
  }).then((r) => r.answers);
}

export function unlockFounder(userId: string, phase: QuestionType): Promise<UnlockResponse> {
  return apiFetch('review.unlock', { params: { userId }, body: { phase } });
}

type ReviewPages = InfiniteData<ReviewListResponse, string | null>;

/** Only the shown tab's list is fetched: every page carries both counts. */
export function useReviewList(type: QuestionType, state: ReviewState, enabled: boolean) {
  return useInfiniteQuery({
    enabled,
    queryKey: reviewKeys.list(type, state),
    queryFn: ({ pageParam, signal }) => fetchReviewList(type, state, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}

export function useFounderAnswers(userId: string | null, type: QuestionType) {
  return useQuery({
    queryKey: reviewKeys.founderAnswers(userId ?? '', type),
    queryFn: ({ signal }) => fetchFounderAnswers(userId ?? '', type, signal),
    enabled: userId !== null,
    staleTime: 0,
  });
}

const unlockKey = (type: QuestionType) => ['admin', 'unlock', type] as const;

function withCounts(
  pages: ReviewPages,
  change: (counts: ReviewListResponse['counts']) => ReviewListResponse['counts'],
) {
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, counts: change(page.counts) })) };
}

/**
 * Moves an unlocked founder from the Pending list to the Unlocked list at once (spec §4), then refetches both
 * lists so the counts and the order come from the server.
 */
export function useUnlock(
  type: QuestionType,
  callbacks: { onSuccess: (founder: ReviewFounder) => void; onError: (error: unknown) => void },
) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: unlockKey(type),
    mutationFn: ({ founder }: { founder: ReviewFounder }) => unlockFounder(founder.userId, type),
    // Here rather than in mutate(): mutate's callbacks fire only for the latest call, and coaches may unlock several
    // founders at once.
    onError: (error) => callbacks.onError(error),
    onSuccess: (_result, { founder }) => {
      const pendingKey = reviewKeys.list(type, 'pending');
      const unlockedKey = reviewKeys.list(type, 'unlocked');
      const wasPending =
        client
          .getQueryData<ReviewPages>(pendingKey)
          ?.pages.some((page) => page.founders.some((f) => f.userId === founder.userId)) ?? false;
      const alreadyUnlocked =
        client
          .getQueryData<ReviewPages>(unlockedKey)
          ?.pages.some((page) => page.founders.some((f) => f.userId === founder.userId)) ?? false;
      const move = (counts: ReviewListResponse['counts']) =>
        wasPending
          ? { pending: Math.max(0, counts.pending - 1), unlocked: counts.unlocked + (alreadyUnlocked ? 0 : 1) }
          : counts;

      client.setQueryData<ReviewPages>(pendingKey, (data) => {
        if (!data) return data;
        const moved = withCounts(data, move);
        return {
          ...moved,
          pages: moved.pages.map((page) => ({
            ...page,
            founders: page.founders.filter((f) => f.userId !== founder.userId),
          })),
        };
      });
      client.setQueryData<ReviewPages>(unlockedKey, (data) => {
        if (!data) return data;
        const moved = withCounts(data, move);
        if (alreadyUnlocked) return moved;
        const last = moved.pages.length - 1;
        return {
          ...moved,
          pages: moved.pages.map((page, index) =>
            index === last
              ? { ...page, founders: [...page.founders, { ...founder, unlockedAt: new Date().toISOString() }] }
              : page,
          ),
        };
      });
      void client.invalidateQueries({ queryKey: reviewKeys.ofType(type) });
      callbacks.onSuccess(founder);
    },
  });
}

/** The founders whose unlock is running right now, so their buttons stay busy even across a tab switch. */
export function useUnlockingIds(type: QuestionType): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: unlockKey(type), status: 'pending' },
    select: (mutation) => (mutation.state.variables as { founder: ReviewFounder } | undefined)?.founder.userId ?? '',
  });
  return new Set(ids);
}
