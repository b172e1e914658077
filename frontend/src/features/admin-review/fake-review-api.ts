/** Test helpers: a stateful fake of the review lists behind the review of founders. */

import type {
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
    ...extra,
  };
}

/**
 * The review lists of one type: pages of `pageSize`, a cursor that is the index of the next founder, and an unlock
 * that moves the founder across.
 */
export function reviewLists(
  lists: Record<ReviewState, ReviewFounder[]>,
  {
    pageSize = 50,
    answers = {},
  }: { pageSize?: number; answers?: Record<string, ReviewAnswersResponse['answers']> } = {},
) {
  const state = { pending: [...lists.pending], unlocked: [...lists.unlocked] };
  const list = (request: FakeRequest): FakeReply => {
    const which = request.url.searchParams.get('state') as ReviewState;
    const start = Number(request.url.searchParams.get('cursor') ?? '0');
    const all = state[which];
    const end = start + pageSize;
    const body: ReviewListResponse = {
      founders: all.slice(start, end),
      nextCursor: end < all.length ? String(end) : null,
      counts: { pending: state.pending.length, unlocked: state.unlocked.length },
    };
    return { body };
  };
  const unlock = (request: FakeRequest): FakeReply => {
    const userId = pathSegment(request, 1);
    const index = state.pending.findIndex((f) => f.userId === userId);
    const moved = state.pending[index];
    if (moved) {
      state.pending.splice(index, 1);
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
  const routes: FakeRoutes = {
    'review.list': (request) => list(request),
    'review.unlock': (request) => unlock(request),
    'review.answers': (request): FakeReply => ({ body: { answers: answers[pathSegment(request, 2)] ?? [] } }),
  };
  return { state, routes, list, unlock };
}
