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
  AnswerFeedback,
  PhaseFeedback,
  ReviewAnswer,
  ReviewAnswersResponse,
  ReviewFounder,
  ReviewListResponse,
  ReviewState,
  UnlockResponse,
} from '#shared/api-types';
import { isPhaseType, type PhaseType, type QuestionType } from '#shared/domain/questions';
import { apiFetch } from '../../lib/api';

export type {
  AnswerFeedback,
  PhaseFeedback,
  QuestionType,
  ReviewAnswer,
  ReviewFounder,
  ReviewListResponse,
  ReviewState,
};

export const reviewKeys = {
  ofType: (type: QuestionType) => ['admin', 'review', type] as const,
  list: (type: QuestionType, state: ReviewState) => ['admin', 'review', type, state] as const,
  founderAnswers: (userId: string, type: QuestionType) => ['admin', 'founder-answers', userId, type] as const,
  feedback: (userId: string, type: QuestionType) => ['admin', 'feedback', userId, type] as const,
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

export function unlockFounder(userId: string, phase: PhaseType): Promise<UnlockResponse> {
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

export function useFounderAnswers(
  userId: string | null,
  type: QuestionType,
  { live = false }: { live?: boolean } = {},
) {
  return useQuery({
    queryKey: reviewKeys.founderAnswers(userId ?? '', type),
    queryFn: ({ signal }) => fetchFounderAnswers(userId ?? '', type, signal),
    enabled: userId !== null,
    staleTime: 0,
    // An open dialog follows the founder's edits too (a reply often comes with one).
    refetchInterval: live ? LIVE_REVIEW_MS : false,
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
    mutationFn: async ({ founder }: { founder: ReviewFounder }) => {
      // The review of a Validate tool offers no unlock: it opens nothing.
      if (!isPhaseType(type)) throw new Error(`${type} has no next phase to unlock`);
      return unlockFounder(founder.userId, type);
    },
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
          ? {
              ...counts,
              pending: Math.max(0, counts.pending - 1),
              unlocked: counts.unlocked + (alreadyUnlocked ? 0 : 1),
            }
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

/**
 * How often an open review dialog asks again for the founder's feedback and answers. Coaches hold no realtime
 * connection (the push reaches founders only), so a founder's reply shows up in an open dialog within this time.
 */
export const LIVE_REVIEW_MS = 5000;

/**
 * A founder's feedback on one phase as the coach sees it: every coach's threads, summary and status. `live` (an open
 * review dialog) refetches it every LIVE_REVIEW_MS while the tab is visible.
 */
export function useCoachFeedback(userId: string, type: QuestionType, { live = false }: { live?: boolean } = {}) {
  return useQuery({
    queryKey: reviewKeys.feedback(userId, type),
    queryFn: ({ signal }) => apiFetch('feedback.coachPhase', { params: { userId, type }, signal }),
    staleTime: 0,
    refetchInterval: live ? LIVE_REVIEW_MS : false,
  });
}

function useFeedbackCache(userId: string, type: QuestionType) {
  const client = useQueryClient();
  return {
    thread: (thread: AnswerFeedback) =>
      client.setQueryData<PhaseFeedback>(reviewKeys.feedback(userId, type), (data) => {
        if (!data) return data;
        const others = data.feedback.filter((f) => f.questionId !== thread.questionId);
        const old = data.feedback.find((f) => f.questionId === thread.questionId);
        // The resolve and reply routes answer without `mine` (any coach may use them): keep what the cache knew.
        return { ...data, feedback: [...others, { ...thread, mine: old?.mine ?? thread.mine }] };
      }),
    phase: (phase: PhaseFeedback) => client.setQueryData(reviewKeys.feedback(userId, type), phase),
    refresh: () => {
      void client.invalidateQueries({ queryKey: reviewKeys.feedback(userId, type) });
      void client.invalidateQueries({ queryKey: reviewKeys.ofType(type) });
    },
  };
}

export function useSaveFeedback(userId: string, type: QuestionType) {
  const cache = useFeedbackCache(userId, type);
  return useMutation({
    mutationFn: ({
      questionId,
      ...body
    }: { questionId: string } & Pick<AnswerFeedback, 'rating' | 'verdict' | 'comment'>) =>
      apiFetch('feedback.coachSaveAnswerFeedback', { params: { userId, type, questionId }, body }),
    onSuccess: (thread) => {
      cache.thread(thread);
      // The founder's average rating in the list follows.
      cache.refresh();
    },
  });
}

export function useCoachResolve(userId: string, type: QuestionType) {
  const cache = useFeedbackCache(userId, type);
  return useMutation({
    mutationFn: ({ questionId, resolved }: { questionId: string; resolved: boolean }) =>
      apiFetch('feedback.coachResolve', { params: { userId, type, questionId }, body: { resolved } }),
    onSuccess: cache.thread,
  });
}

export function useCoachReply(userId: string, type: QuestionType) {
  const cache = useFeedbackCache(userId, type);
  return useMutation({
    // The id is made once per reply being written, so a retry is stored once.
    mutationFn: ({ questionId, id, text }: { questionId: string; id: string; text: string }) =>
      apiFetch('feedback.coachReply', { params: { userId, type, questionId }, body: { id, text } }),
    onSuccess: cache.thread,
  });
}

export function useSaveSummary(userId: string, type: QuestionType) {
  const cache = useFeedbackCache(userId, type);
  return useMutation({
    mutationFn: (summary: string) =>
      apiFetch('feedback.coachSaveSummary', { params: { userId, type }, body: { summary } }),
    onSuccess: cache.phase,
  });
}

/** Sends the founder's phase back: they leave the Pending list for Changes requested (both lists refetch). */
export function useRequestChanges(userId: string, type: QuestionType) {
  const cache = useFeedbackCache(userId, type);
  return useMutation({
    mutationFn: (message: string) =>
      apiFetch('feedback.coachRequestChanges', { params: { userId }, body: { phase: type, message } }),
    onSuccess: cache.refresh,
  });
}
