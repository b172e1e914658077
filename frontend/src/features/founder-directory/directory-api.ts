/**
 * The coaches' founder directory calls: the paged directory with its search and filters, one founder's file,
 * each phase's answers with the coach feedback on them, and a download link for one of their files.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ResponseBody } from '#shared/contract';
import type { DirectoryPhase, ReviewStatus } from '#shared/domain/founder-directory';
import type { QuestionType } from '#shared/domain/questions';
import type { ToolId } from '#shared/domain/validate-tools';
import { type FounderFile, founderFileKey, useFounderFile } from '../../data/admin/founder-file';
import { apiFetch } from '../../lib/api';

export { type FounderFile, useFounderFile };

export type DirectoryPage = ResponseBody<'founders.list'>;
export type DirectoryFounder = DirectoryPage['founders'][number];
export type FounderAnswer = ResponseBody<'review.answers'>['answers'][number];
export type PhaseFeedback = ResponseBody<'feedback.coachPhase'>;

export interface DirectoryFilters {
  q: string;
  phase: DirectoryPhase | '';
  status: ReviewStatus | '';
}

export const directoryKeys = {
  list: (filters: DirectoryFilters) => ['admin', 'directory', filters] as const,
  founder: founderFileKey,
  phase: (userId: string, type: QuestionType) => ['admin', 'directory-founder', userId, type] as const,
  tool: (userId: string, tool: ToolId) => ['admin', 'directory-founder', userId, tool, 'answers'] as const,
};

export function fetchDirectoryPage(
  filters: DirectoryFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<DirectoryPage> {
  return apiFetch('founders.list', {
    query: {
      ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
      ...(filters.phase ? { phase: filters.phase } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(cursor ? { cursor } : {}),
    },
    ...(signal ? { signal } : {}),
  });
}

/** Pages are loaded one at a time ("Show more"); the previous results stay on screen while a new search loads. */
export function useDirectory(filters: DirectoryFilters) {
  return useInfiniteQuery({
    queryKey: directoryKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchDirectoryPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A phase's answers and the coaches' feedback on them, read together when the coach opens the phase. */
export function useFounderPhase(userId: string, type: QuestionType, enabled: boolean) {
  return useQuery({
    queryKey: directoryKeys.phase(userId, type),
    queryFn: async ({ signal }) => {
      const [answers, feedback] = await Promise.all([
        apiFetch('review.answers', { params: { userId, type }, signal }),
        apiFetch('feedback.coachPhase', { params: { userId, type }, signal }),
      ]);
      return { answers: answers.answers, feedback };
    },
    enabled,
    staleTime: 0,
  });
}

/** A Validate tool's answers, read when the coach opens the tool on the founder page (its sheet shows them). */
export function useFounderToolAnswers(userId: string, tool: ToolId, enabled: boolean) {
  return useQuery({
    queryKey: directoryKeys.tool(userId, tool),
    queryFn: async ({ signal }) =>
      (await apiFetch('review.answers', { params: { userId, type: tool }, signal })).answers,
    enabled,
    staleTime: 0,
  });
}

/** A one-minute link to one of the founder's files; the server records the download before answering. */
export function fetchFounderDownload(userId: string, fileId: string): Promise<ResponseBody<'founders.download'>> {
  return apiFetch('founders.download', { params: { userId, fileId } });
}
