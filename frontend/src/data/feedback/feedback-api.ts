/**
 * The founder's side of coach feedback: the badge counts, a phase's feedback shown under the answers,
 * replies and resolving. A realtime 'feedback' push (use-phase-updates) and every answer save invalidate these.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerFeedback, FeedbackOverview, PhaseFeedback } from '#shared/api-types';
import type { QuestionType } from '#shared/domain/questions';
import { apiFetch } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';

export type { AnswerFeedback, FeedbackOverview, PhaseFeedback };

export const feedbackKeys = {
  all: (sub: string) => ['feedback', sub] as const,
  overview: (sub: string) => ['feedback', sub, 'overview'] as const,
  phase: (sub: string, type: QuestionType) => ['feedback', sub, 'phase', type] as const,
};

const useSub = () => useAuth().user?.sub ?? '';

export function useFeedbackOverview({ enabled }: { enabled: boolean }) {
  const sub = useSub();
  return useQuery({
    queryKey: feedbackKeys.overview(sub),
    queryFn: ({ signal }) => apiFetch('feedback.founderOverview', { signal }),
    enabled: enabled && sub !== '',
    staleTime: 30_000,
  });
}

export function usePhaseFeedback(type: QuestionType) {
  const sub = useSub();
  return useQuery({
    queryKey: feedbackKeys.phase(sub, type),
    queryFn: ({ signal }) => apiFetch('feedback.founderPhase', { params: { type }, signal }),
    enabled: sub !== '',
    staleTime: 30_000,
  });
}

/** The coach's thread on one answer, if there is one worth showing (a comment, a rating or a verdict). */
export function useAnswerFeedback(type: QuestionType, questionId: string): AnswerFeedback | undefined {
  const { data } = usePhaseFeedback(type);
  return data?.feedback.find((f) => f.questionId === questionId);
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The questions whose answers the coach asked to change: those with an open comment while the request stands. A
 * canvas block holding one is highlighted and names it, since its answers are edited in place, not in the dialog.
 */
export function useQuestionsNeedingChanges(type: QuestionType): ReadonlySet<string> {
  const { data } = usePhaseFeedback(type);
  if (data?.status !== 'changes-requested') return NONE;
  return new Set(data.feedback.filter((f) => f.comment !== '' && !f.resolved).map((f) => f.questionId));
}

/** True while the coach's request for changes stands and this answer has an open comment: the card is highlighted. */
export function useNeedsChanges(type: QuestionType, questionId: string): boolean {
  return useQuestionsNeedingChanges(type).has(questionId);
}

/** Replaces one thread in the cached phase feedback with the server's answer, then refreshes the badges. */
function useThreadUpdate(type: QuestionType) {
  const client = useQueryClient();
  const sub = useSub();
  return (thread: AnswerFeedback) => {
    client.setQueryData<PhaseFeedback>(feedbackKeys.phase(sub, type), (data) =>
      data ? { ...data, feedback: data.feedback.map((f) => (f.questionId === thread.questionId ? thread : f)) } : data,
    );
    void client.invalidateQueries({ queryKey: feedbackKeys.overview(sub) });
  };
}

export function useReply(type: QuestionType) {
  const update = useThreadUpdate(type);
  return useMutation({
    // The id is made once per reply, so a retry after a lost answer is stored once.
    mutationFn: ({ questionId, id, text }: { questionId: string; id: string; text: string }) =>
      apiFetch('feedback.founderReply', { params: { type, questionId }, body: { id, text } }),
    onSuccess: update,
  });
}

export function useResolve(type: QuestionType) {
  const update = useThreadUpdate(type);
  return useMutation({
    mutationFn: ({ questionId, resolved }: { questionId: string; resolved: boolean }) =>
      apiFetch('feedback.founderResolve', { params: { type, questionId }, body: { resolved } }),
    onSuccess: update,
  });
}
