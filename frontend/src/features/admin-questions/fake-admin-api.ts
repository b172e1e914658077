/** Test helpers: a stateful fake of the question bank and the review lists behind the admin pages. */

import { NO_PHASES } from '../../../../functions/domain/phases';
import type { Category, Question, QuestionType } from '../../../../functions/domain/questions';
import type {
  QuestionInput,
  ReviewAnswersResponse,
  ReviewFounder,
  ReviewListResponse,
  ReviewState,
  UnlockResponse,
} from '../../../../functions/http/api-types';
import { apiError, type FakeReply, type FakeRequest, type FakeRoutes } from '../../test/fake-api';

let order = 0;
export function question<T extends QuestionType>(
  type: T,
  id: string,
  category: Category<T>,
  text: string,
  extra: Partial<Question> = {},
): Question {
  order += 1;
  return {
    id,
    type,
    category,
    text,
    explanation: `Why ${text}`,
    example: `Example for ${text}`,
    videoUrl: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    order,
    ...extra,
  };
}

const segment = (request: FakeRequest, fromEnd: number) => {
  const parts = request.url.pathname.split('/');
  return decodeURIComponent(parts[parts.length - 1 - fromEnd] ?? '');
};

/** GET, POST, PATCH and DELETE of questions over an in-memory list. */
export function questionBank(initial: Question[]) {
  const questions = [...initial];
  const create = (request: FakeRequest): FakeReply => {
    const input = request.body as QuestionInput;
    const created: Question = {
      id: input.id ?? `q-${questions.length + 1}`,
      type: input.type,
      category: input.category as Category,
      text: input.text,
      explanation: input.explanation ?? null,
      example: input.example ?? null,
      videoUrl: input.videoUrl ?? null,
      createdAt: new Date().toISOString(),
      order: 1000 + questions.length,
    };
    questions.push(created);
    return { status: 201, body: { question: created } };
  };
  const routes: FakeRoutes = {
    'questions.list': (request) => ({
      body: { questions: questions.filter((q) => q.type === segment(request, 0)) },
    }),
    'questions.create': create,
    'questions.update': (request) => {
      const id = segment(request, 0);
      const index = questions.findIndex((q) => q.id === id);
      const current = questions[index];
      if (!current) return apiError(404, 'No question with this id.');
      const updated = { ...current, ...(request.body as Partial<Question>) };
      questions[index] = updated;
      return { body: { question: updated } };
    },
    'questions.delete': (request) => {
      const id = segment(request, 0);
      const index = questions.findIndex((q) => q.id === id);
      if (index < 0) return apiError(404, 'No question with this id.');
      questions.splice(index, 1);
      return { status: 204 };
    },
  };
  return { questions, routes, create };
}

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
 * that moves the founder across. `hold` keeps the unlock answer back until released.
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
    const userId = segment(request, 1);
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
    'review.answers': (request): FakeReply => ({ body: { answers: answers[segment(request, 2)] ?? [] } }),
  };
  return { state, routes, list, unlock };
}

/** A promise with its resolve handle, to hold a fake answer back. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
