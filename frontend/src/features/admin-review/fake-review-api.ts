/** Test helpers: a stateful fake of the review lists behind the review of founders. */

import type {
  AnswerFeedback,
  PhaseFeedback,
  RequestChangesResponse,
  ReviewAnswersResponse,
  ReviewFounder,
  ReviewListResponse,
  ReviewState,
  UnlockResponse,
} from '#shared/api-types';
import { NO_PHASES } from '#shared/domain/phases';
import type { QuestionType } from '#shared/domain/questions';
import { type FakeReply, type FakeRequest, type FakeRoutes, pathSegment } from '../../test/fake-api';

export function founder(userId: string, extra: Partial<ReviewFounder> = {}): ReviewFounder {
  return {
    userId,
    name: `Founder ${userId}`,
    email: `${userId}@example.com`,
    totalAnswers: 9,
    completedAt: '2025-02-01T10:00:00.000Z',
    unlockedAt: null,
    rating: null,
    ...extra,
  };
}

/**
 * The review lists of one type: pages of `pageSize`, a cursor that is the index of the next founder, an unlock
 * that moves the founder across, and each founder's feedback with the request for changes.
 */
export function reviewLists(
  lists: Omit<Record<ReviewState, ReviewFounder[]>, 'changes-requested'> & { 'changes-requested'?: ReviewFounder[] },
  {
    pageSize = 50,
    answers = {},
  }: { pageSize?: number; answers?: Record<string, ReviewAnswersResponse['answers']> } = {},
) {
  const state: Record<ReviewState, ReviewFounder[]> = {
    pending: [...lists.pending],
    'changes-requested': [...(lists['changes-requested'] ?? [])],
    unlocked: [...lists.unlocked],
  };
  const feedback = new Map<string, AnswerFeedback[]>();
  const requests: Array<{ userId: string; message: string }> = [];
  const statusOf = (userId: string): PhaseFeedback['status'] =>
    (['pending', 'changes-requested', 'unlocked'] as const).find((s) => state[s].some((f) => f.userId === userId)) ??
    'in-progress';
  const list = (request: FakeRequest): FakeReply => {
    const which = request.url.searchParams.get('state') as ReviewState;
    const start = Number(request.url.searchParams.get('cursor') ?? '0');
    const all = state[which];
    const end = start + pageSize;
    const body: ReviewListResponse = {
      founders: all.slice(start, end),
      nextCursor: end < all.length ? String(end) : null,
      counts: {
        pending: state.pending.length,
        'changes-requested': state['changes-requested'].length,
        unlocked: state.unlocked.length,
      },
    };
    return { body };
  };
  const unlock = (request: FakeRequest): FakeReply => {
    const userId = pathSegment(request, 1);
    const from = state.pending.some((f) => f.userId === userId) ? state.pending : state['changes-requested'];
    const index = from.findIndex((f) => f.userId === userId);
    const moved = from[index];
    if (moved) {
      from.splice(index, 1);
      state.unlocked.push({ ...moved, unlockedAt: new Date().toISOString() });
    }
    const phase = (request.body as { phase: QuestionType }).phase;
    const body: UnlockResponse = {
      userId,
      phase,
      changed: moved !== undefined,
      phases: { ...NO_PHASES, generate_idea_status: true, trigger_questions_status: true },
    };
    return { body };
  };
  const phaseFeedback = (userId: string, type: QuestionType): PhaseFeedback => {
    const request = requests.findLast((r) => r.userId === userId);
    return {
      phase: type,
      status: statusOf(userId),
      summary: null,
      summaryMine: false,
      changeRequest: request ? { message: request.message, requestedAt: '2025-03-02T10:00:00.000Z' } : null,
      feedback: feedback.get(userId) ?? [],
    };
  };
  const routes: FakeRoutes = {
    'review.feedback': (request): FakeReply => ({
      body: phaseFeedback(pathSegment(request, 2), pathSegment(request, 0) as QuestionType),
    }),
    'review.saveFeedback': (request): FakeReply => {
      const userId = pathSegment(request, 3);
      const questionId = pathSegment(request, 0);
      const input = request.body as Pick<AnswerFeedback, 'rating' | 'verdict' | 'comment'>;
      const thread: AnswerFeedback = {
        questionId,
        ...input,
        mine: true,
        createdAt: '2025-03-02T09:00:00.000Z',
        updatedAt: '2025-03-02T09:00:00.000Z',
        resolved: false,
        resolvedBy: null,
        replies: [],
      };
      feedback.set(userId, [...(feedback.get(userId) ?? []).filter((f) => f.questionId !== questionId), thread]);
      return { body: thread };
    },
    'review.replyFeedback': (request): FakeReply => {
      const userId = pathSegment(request, 4);
      const questionId = pathSegment(request, 1);
      const { id, text } = request.body as { id: string; text: string };
      const threads = feedback.get(userId) ?? [];
      const thread = threads.find((f) => f.questionId === questionId);
      if (!thread) return { status: 404, body: { error: 'NotFound', message: 'No comment' } };
      const next: AnswerFeedback = {
        ...thread,
        mine: false,
        replies: [...thread.replies, { id, author: 'coach', text, at: '2025-03-03T09:00:00.000Z' }],
      };
      feedback.set(userId, [...threads.filter((f) => f.questionId !== questionId), next]);
      return { body: next };
    },
    'review.requestChanges': (request): FakeReply => {
      const userId = pathSegment(request, 1);
      const { phase, message } = request.body as { phase: QuestionType; message: string };
      const index = state.pending.findIndex((f) => f.userId === userId);
      const moved = state.pending[index];
      if (moved) {
        state.pending.splice(index, 1);
        state['changes-requested'].push(moved);
        requests.push({ userId, message });
      }
      const body: RequestChangesResponse = { userId, phase, changed: moved !== undefined, status: 'changes-requested' };
      return { body };
    },
    'review.list': (request) => list(request),
    'review.unlock': (request) => unlock(request),
    'review.answers': (request): FakeReply => ({ body: { answers: answers[pathSegment(request, 2)] ?? [] } }),
  };
  return { state, routes, list, unlock, feedback, requests };
}
