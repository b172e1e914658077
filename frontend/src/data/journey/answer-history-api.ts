/**
 * The founder's answer history of one type — a canvas or a Validate tool: every kept state of each of its answers
 * (GET /api/answers/{type}/history).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuestionHistory } from '#shared/domain/answer-history';
import type { QuestionType } from '#shared/domain/questions';
import { useAccountSub } from '../../lib/account-query';
import { apiFetch } from '../../lib/api';

export const historyKey = (sub: string, type: QuestionType) => ['answer-history', sub, type] as const;

export async function fetchAnswerHistory(type: QuestionType, signal?: AbortSignal): Promise<QuestionHistory[]> {
  const res = await apiFetch('journey.answerHistory', { params: { type }, ...(signal ? { signal } : {}) });
  return res.questions;
}

export function useAnswerHistory(type: QuestionType) {
  const sub = useAccountSub();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: historyKey(sub, type),
    queryFn: ({ signal }) => fetchAnswerHistory(type, signal),
    // History changes with every save: always read afresh when the dialog opens.
    staleTime: 0,
  });
  const refresh = () => client.invalidateQueries({ queryKey: historyKey(sub, type) });
  return { ...query, refresh };
}
