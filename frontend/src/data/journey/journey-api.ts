/**
 * The founder's journey data shared by the dashboard, the idea page, the trigger
 * questions and both canvases: questions of a type, the founder's answers, stored
 * AI suggestions and the dashboard summary. Each endpoint exports its fetcher, its
 * query key and its hook; mutations keep the answers cache in step.
 */
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnswerView,
  DashboardResponse,
  GenerateIdeasRequest,
  GenerateIdeasResponse,
  SaveAnswerResponse,
  SuggestionsResponse,
} from '#shared/api-types';
import type { Question, QuestionType } from '#shared/domain/questions';
import { useAccountQuery, useAccountSub } from '../../lib/account-query';
import { apiFetch } from '../../lib/api';
import { feedbackKeys } from '../feedback/feedback-api';
import { toolPrefillKeys } from './tool-prefill-api';

export type { AnswerView, DashboardResponse, GenerateIdeasResponse, Question, QuestionType, SaveAnswerResponse };

export const journeyKeys = {
  questions: (type: QuestionType) => ['questions', type] as const,
  answers: (sub: string, type: QuestionType) => ['answers', sub, type] as const,
  suggestions: (sub: string, type: QuestionType) => ['suggestions', sub, type] as const,
  dashboard: (sub: string) => ['dashboard', sub] as const,
};

export function fetchQuestions(type: QuestionType, signal?: AbortSignal): Promise<Question[]> {
  return apiFetch('questions.list', {
    params: { type },
    ...(signal ? { signal } : {}),
  }).then((r) => r.questions);
}

export function fetchAnswers(type: QuestionType, signal?: AbortSignal): Promise<AnswerView[]> {
  return apiFetch('journey.listAnswers', {
    params: { type },
    ...(signal ? { signal } : {}),
  }).then((r) => r.answers);
}

export function fetchSuggestions(
  type: QuestionType,
  signal?: AbortSignal,
): Promise<SuggestionsResponse['suggestions']> {
  return apiFetch('journey.suggestions', {
    params: { type },
    ...(signal ? { signal } : {}),
  }).then((r) => r.suggestions);
}

export function fetchDashboard(signal?: AbortSignal): Promise<DashboardResponse> {
  return apiFetch('journey.dashboard', signal ? { signal } : {});
}

/** Replaces the whole list of answers of one question. */
export function saveAnswer(type: QuestionType, questionId: string, answers: string[]): Promise<SaveAnswerResponse> {
  return apiFetch('journey.saveAnswer', {
    params: { type, questionId },
    body: { answers },
  });
}

/** Deletes every answer of one question. */
export function deleteAnswer(type: QuestionType, questionId: string): Promise<void> {
  return apiFetch('journey.deleteAnswer', { params: { type, questionId } });
}

export function generateIdeas(body: GenerateIdeasRequest): Promise<GenerateIdeasResponse> {
  return apiFetch('journey.generateIdeas', { body });
}

export function saveIdea(idea: string): Promise<{ idea: string }> {
  return apiFetch('journey.saveIdea', { body: { idea } });
}

export function useQuestions(type: QuestionType) {
  return useQuery({ queryKey: journeyKeys.questions(type), queryFn: ({ signal }) => fetchQuestions(type, signal) });
}

export function useAnswers(type: QuestionType) {
  return useAccountQuery({
    key: (sub) => journeyKeys.answers(sub, type),
    fetch: (signal) => fetchAnswers(type, signal),
  });
}

export function useSuggestions(type: QuestionType) {
  return useAccountQuery({
    key: (sub) => journeyKeys.suggestions(sub, type),
    fetch: (signal) => fetchSuggestions(type, signal),
  });
}

export function useDashboard() {
  return useAccountQuery({ key: journeyKeys.dashboard, fetch: fetchDashboard, staleTime: 0 });
}

/** Puts one question's saved answers into the cached list (or removes them when `answer` is null). */
function replaceAnswer(list: AnswerView[] | undefined, questionId: string, answer: AnswerView | null): AnswerView[] {
  const rest = (list ?? []).filter((a) => a.questionId !== questionId);
  return answer ? [...rest, answer] : rest;
}

/**
 * Saving and deleting answers. With `optimistic`, the cache changes at once and is
 * rolled back if the server refuses (the Business Model screen); without it the
 * cache changes only after a successful save (the Value Proposition screen).
 */
/** Every answer write of a type (save or delete) carries this key, so a page can ask which of them wait. */
const answerWriteKey = (type: QuestionType) => ['answer-write', type] as const;

/**
 * The questions of a type with a write waiting for the connection (the query client pauses writes offline and sends
 * them in order on reconnect): where the page says that what shows is not saved yet.
 */
export function useWaitingAnswerWrites(type: QuestionType): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: answerWriteKey(type), status: 'pending', predicate: (m) => m.state.isPaused },
    select: (m) => (m.state.variables as { questionId?: string } | undefined)?.questionId ?? '',
  });
  return new Set(ids);
}

export function useAnswerMutations(type: QuestionType, { optimistic = false }: { optimistic?: boolean } = {}) {
  const client = useQueryClient();
  const sub = useAccountSub();
  const key = journeyKeys.answers(sub, type);

  const settle = () => {
    void client.invalidateQueries({ queryKey: journeyKeys.dashboard(sub) });
    // A save takes a founder a coach sent back to Pending again: their feedback status changes.
    void client.invalidateQueries({ queryKey: feedbackKeys.all(sub) });
    // Any answer may be what a Validate tool proposes (a canvas's, another tool's): proposals are read again.
    void client.invalidateQueries({ queryKey: toolPrefillKeys.all(sub) });
  };

  const save = useMutation({
    mutationKey: answerWriteKey(type),
    mutationFn: ({ questionId, answers }: { questionId: string; answers: string[] }) =>
      saveAnswer(type, questionId, answers),
    onMutate: async ({ questionId, answers }) => {
      if (!optimistic) return { previous: undefined };
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<AnswerView[]>(key);
      const existing = previous?.find((a) => a.questionId === questionId);
      const now = new Date().toISOString();
      client.setQueryData<AnswerView[]>(key, (list) =>
        replaceAnswer(list, questionId, {
          questionId,
          category: existing?.category ?? '',
          answers,
          submittedAt: existing?.submittedAt ?? now,
          updatedAt: now,
        }),
      );
      return { previous };
    },
    onError: (_err, _vars, context) => {
      if (optimistic && context) client.setQueryData(key, context.previous);
    },
    onSuccess: (result, { questionId }) => {
      client.setQueryData<AnswerView[]>(key, (list) => replaceAnswer(list, questionId, result.answer));
      settle();
    },
  });

  const remove = useMutation({
    mutationKey: answerWriteKey(type),
    mutationFn: ({ questionId }: { questionId: string }) => deleteAnswer(type, questionId),
    onMutate: async ({ questionId }) => {
      if (!optimistic) return { previous: undefined };
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<AnswerView[]>(key);
      client.setQueryData<AnswerView[]>(key, (list) => replaceAnswer(list, questionId, null));
      return { previous };
    },
    onError: (_err, _vars, context) => {
      if (optimistic && context) client.setQueryData(key, context.previous);
    },
    onSuccess: (_result, { questionId }) => {
      client.setQueryData<AnswerView[]>(key, (list) => replaceAnswer(list, questionId, null));
      settle();
    },
  });

  return { save, remove };
}
