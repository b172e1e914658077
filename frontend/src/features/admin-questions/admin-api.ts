/**
 * The coaches' question authoring calls (spec §7 admin calls). Each endpoint exports its fetcher; the hooks keep the
 * question list (shared with the founders' pages under the same key) in step after every change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuestionInput } from '#shared/api-types';
import type { Question, QuestionType } from '#shared/domain/questions';
import { videoUrlProblem } from '#shared/domain/video';
import { ADMIN_STATS_KEY } from '../../data/admin/admin-stats';
import { fetchQuestions, journeyKeys } from '../../data/journey/journey-api';
import { apiFetch } from '../../lib/api';

export type { Question, QuestionType };

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

/** Why the video link would be refused (the API's own rule, shared/domain/video.ts), or null; blank is fine. */
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

export function createQuestion(input: QuestionInput): Promise<Question> {
  return apiFetch('questions.create', { body: input }).then((r) => r.question);
}

export function updateQuestion(type: QuestionType, questionId: string, fields: QuestionFields): Promise<Question> {
  return apiFetch('questions.update', {
    params: { type, questionId },
    body: toBody(fields),
  }).then((r) => r.question);
}

export function deleteQuestion(type: QuestionType, questionId: string): Promise<void> {
  return apiFetch('questions.delete', { params: { type, questionId } });
}

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
