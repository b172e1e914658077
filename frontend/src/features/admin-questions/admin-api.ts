/**
 * The coaches' calls (spec §7 admin calls): authoring questions and reviewing founders. Each endpoint exports its
 * fetcher; the hooks keep the question list (shared with the founders' pages under the same key) and the review
 * lists in step after every change.
 */
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Question, QuestionType } from '../../../../functions/domain/questions';
import { videoUrlProblem } from '../../../../functions/domain/video';
import type {
  QuestionInput,
  QuestionResponse,
  ReviewAnswersResponse,
  ReviewFounder,
  ReviewListResponse,
  ReviewState,
  UnlockResponse,
} from '../../../../functions/http/api-types';
import { ApiError, apiFetch } from '../../lib/api';
import { fetchQuestions, journeyKeys } from '../../lib/journey/journey-api';
import { ADMIN_STATS_KEY } from '../admin-dashboard/admin-stats';

export type { Question, QuestionType, ReviewFounder, ReviewListResponse, ReviewState };

/** The editable fields of a question, as the forms hold them (optional texts may be blank). */
export interface QuestionFields {
  category: string;
  text: string;
  explanation: string;
  example: string;
  videoUrl: string;
}

export const EMPTY_FIELDS: QuestionFields = { category: '', text: '', explanation: '', example: '', videoUrl: '' };

export function fieldsOf(question: Question): QuestionFields {
  return {
    category: question.category,
    text: question.text,
    explanation: question.explanation ?? '',
    example: question.example ?? '',
    videoUrl: question.videoUrl ?? '',
  };
}

/** Spec §5: category and trimmed text are required. */
export function isComplete(fields: QuestionFields): boolean {
  return fields.category !== '' && fields.text.trim() !== '';
}

/** Why the video link would be refused (the API's own rule, functions/domain/video.ts), or null; blank is fine. */
export function videoProblem(fields: QuestionFields): string | null {
  const url = fields.videoUrl.trim();
  return url === '' ? null : videoUrlProblem(url);
}

const optional = (value: string): string | null => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** The body of a create or an update: text trimmed, optional texts trimmed and null when empty (spec §5). */
export function toBody(fields: QuestionFields) {
  return {
    category: fields.category,
    text: fields.text.trim(),
    explanation: optional(fields.explanation),
    example: optional(fields.example),
    videoUrl: optional(fields.videoUrl),
  };
}

/** A client-chosen id for a create, so sending it again after a lost answer cannot add the question twice. */
export function newQuestionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The server's own message for a refused request (a 4xx says what to fix); nothing for failures it cannot explain. */
export function refusalOf(err: unknown): string | undefined {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message ? err.message : undefined;
}

export const adminKeys = {
  review: (type: QuestionType) => ['admin', 'review', type] as const,
  reviewList: (type: QuestionType, state: ReviewState) => ['admin', 'review', type, state] as const,
  founderAnswers: (userId: string, type: QuestionType) => ['admin', 'founder-answers', userId, type] as const,
};

export function createQuestion(input: QuestionInput): Promise<Question> {
  return apiFetch<'questions.create', QuestionResponse>('questions.create', { body: input }).then((r) => r.question);
}

export function updateQuestion(type: QuestionType, questionId: string, fields: QuestionFields): Promise<Question> {
  return apiFetch<'questions.update', QuestionResponse>('questions.update', {
    params: { type, questionId },
    body: toBody(fields),
  }).then((r) => r.question);
}

export function deleteQuestion(type: QuestionType, questionId: string): Promise<void> {
  return apiFetch<'questions.delete', undefined>('questions.delete', { params: { type, questionId } });
}

export function fetchReviewList(
  type: QuestionType,
  state: ReviewState,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ReviewListResponse> {
  return apiFetch<'review.list', ReviewListResponse>('review.list', {
    params: { type },
    query: { state, cursor },
    ...(signal ? { signal } : {}),
  });
}

export function fetchFounderAnswers(
  userId: string,
  type: QuestionType,
  signal?: AbortSignal,
): Promise<ReviewAnswersResponse['answers']> {
  return apiFetch<'review.answers', ReviewAnswersResponse>('review.answers', {
    params: { userId, type },
    ...(signal ? { signal } : {}),
  }).then((r) => r.answers);
}

export function unlockFounder(userId: string, phase: QuestionType): Promise<UnlockResponse> {
  return apiFetch<'review.unlock', UnlockResponse>('review.unlock', { params: { userId }, body: { phase } });
}

// ---------- Questions ----------

export function useAdminQuestions(type: QuestionType) {
  return useQuery({
    queryKey: journeyKeys.questions(type),
    queryFn: ({ signal }) => fetchQuestions(type, signal),
    // Coaches see what is stored now, not what another tab cached half a minute ago.
    staleTime: 0,
  });
}

function upsert(list: Question[] | undefined, question: Question): Question[] | undefined {
  if (!list) return list;
  const rest = list.filter((q) => q.id !== question.id);
  return [...rest, question];
}

function useSettle(type: QuestionType) {
  const client = useQueryClient();
  const key = journeyKeys.questions(type);
  return {
    client,
    key,
    settle: () => {
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: ADMIN_STATS_KEY });
    },
  };
}

export function useCreateQuestion(type: QuestionType) {
  const { client, key, settle } = useSettle(type);
  return useMutation({
    mutationFn: ({ id, fields }: { id: string; fields: QuestionFields }) =>
      createQuestion({ id, type, ...toBody(fields) }),
    onSuccess: (question) => {
      client.setQueryData<Question[]>(key, (list) => upsert(list, question));
      settle();
    },
  });
}

export function useUpdateQuestion(type: QuestionType) {
  const { client, key, settle } = useSettle(type);
  return useMutation({
    mutationFn: ({ questionId, fields }: { questionId: string; fields: QuestionFields }) =>
      updateQuestion(type, questionId, fields),
    onSuccess: (question) => {
      client.setQueryData<Question[]>(key, (list) => upsert(list, question));
      settle();
    },
    // A question deleted elsewhere answers 404: the list is out of date either way.
    onError: () => void client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteQuestion(type: QuestionType) {
  const { client, key, settle } = useSettle(type);
  return useMutation({
    mutationFn: ({ questionId }: { questionId: string }) => deleteQuestion(type, questionId),
    onSuccess: (_result, { questionId }) => {
      client.setQueryData<Question[]>(key, (list) => list?.filter((q) => q.id !== questionId));
      settle();
    },
    onError: () => void client.invalidateQueries({ queryKey: key }),
  });
}

// ---------- Review ----------

type ReviewPages = InfiniteData<ReviewListResponse, string | null>;

/** Only the shown tab's list is fetched: every page carries both counts. */
export function useReviewList(type: QuestionType, state: ReviewState, enabled: boolean) {
  return useInfiniteQuery({
    enabled,
    queryKey: adminKeys.reviewList(type, state),
    queryFn: ({ pageParam, signal }) => fetchReviewList(type, state, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}

export function useFounderAnswers(userId: string | null, type: QuestionType) {
  return useQuery({
    queryKey: adminKeys.founderAnswers(userId ?? '', type),
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
      const pendingKey = adminKeys.reviewList(type, 'pending');
      const unlockedKey = adminKeys.reviewList(type, 'unlocked');
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
      void client.invalidateQueries({ queryKey: adminKeys.review(type) });
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
