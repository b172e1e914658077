/**
 * Test helper: a stateful fake of the canvas endpoints (questions, answers as lists, suggestions) on top of
 * test/fake-api.ts. Saves replace a question's whole list and deletes remove it, like the API.
 */

import { within } from '@testing-library/react';
import type { AnswerView, SuggestionsResponse } from '#shared/api-types';
import type { PhaseFlags } from '#shared/domain/phases';
import { CATEGORIES, type Question } from '#shared/domain/questions';
import { type FakeReply, type FakeRequest, type FakeRoutes, meReply } from '../../test/fake-api';
import type { CanvasType } from './use-canvas-data';

export function canvasQuestion(
  type: CanvasType,
  category: string,
  n: number,
  overrides: Partial<Question> = {},
): Question {
  return {
    id: `${type}-${CATEGORIES[type].indexOf(category as never)}-${n}`,
    type,
    category: category as Question['category'],
    text: `${category} question ${n}?`,
    explanation: `Why ${category} matters (${n}).`,
    example: `An example for ${category} (${n}).`,
    videoUrl: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    order: n,
    ...overrides,
  };
}

/** One question per section of the type. */
export function oneQuestionPerSection(type: CanvasType): Question[] {
  return CATEGORIES[type].map((c) => canvasQuestion(type, c, 1));
}

export interface CanvasFakeOptions {
  type: CanvasType;
  questions?: Question[];
  /** Saved lists by question id. */
  answers?: Record<string, string[]>;
  phases?: Partial<PhaseFlags>;
  suggestions?: SuggestionsResponse['suggestions'];
  /** Replaces the answer to a save (e.g. a failure, or a held promise); return undefined to save normally. */
  onSave?: (questionId: string, answers: string[]) => FakeReply | Promise<FakeReply | undefined> | undefined;
  onDelete?: (questionId: string) => FakeReply | Promise<FakeReply | undefined> | undefined;
  /** Replaces the answer to GET /api/questions/{type}. */
  questionsReply?: FakeReply | (() => Promise<FakeReply>);
}

const lastSegment = (request: FakeRequest) => decodeURIComponent(request.url.pathname.split('/').pop() ?? '');

export function canvasFake(options: CanvasFakeOptions) {
  const { type } = options;
  const questions = options.questions ?? oneQuestionPerSection(type);
  const store = new Map<string, string[]>(Object.entries(options.answers ?? {}));
  // Seeded answers were submitted (and last saved) on Jan 2, 2025; a save keeps the first time and stamps the last,
  // as the API does.
  const SEEDED = '2025-01-02T00:00:00.000Z';
  const times = new Map<string, { submittedAt: string; updatedAt: string }>();
  const view = (questionId: string, answers: string[]): AnswerView => ({
    questionId,
    category: questions.find((q) => q.id === questionId)?.category ?? '',
    answers,
    ...(times.get(questionId) ?? { submittedAt: SEEDED, updatedAt: SEEDED }),
  });

  const routes: FakeRoutes = {
    'accounts.me': meReply({ phases: options.phases ?? {} }),
    'questions.list': async (request) => {
      if (options.questionsReply) {
        return typeof options.questionsReply === 'function' ? options.questionsReply() : options.questionsReply;
      }
      const asked = lastSegment(request);
      return { body: { questions: questions.filter((q) => q.type === asked) } };
    },
    'journey.listAnswers': (request) => {
      const asked = lastSegment(request);
      const mine = questions.filter((q) => q.type === asked).map((q) => q.id);
      const answers = [...store.entries()].filter(([id]) => mine.includes(id)).map(([id, list]) => view(id, list));
      return { body: { answers } };
    },
    'journey.saveAnswer': async (request) => {
      const questionId = lastSegment(request);
      const answers = (request.body as { answers: string[] }).answers;
      const override = await options.onSave?.(questionId, answers);
      if (override) return override;
      const now = new Date().toISOString();
      times.set(questionId, {
        submittedAt: store.has(questionId) ? (times.get(questionId)?.submittedAt ?? SEEDED) : now,
        updatedAt: now,
      });
      store.set(questionId, answers);
      return {
        body: {
          answer: view(questionId, answers),
          progress: { answered: store.size, total: questions.length, complete: store.size >= questions.length },
        },
      };
    },
    'journey.deleteAnswer': async (request) => {
      const questionId = lastSegment(request);
      const override = await options.onDelete?.(questionId);
      if (override) return override;
      store.delete(questionId);
      times.delete(questionId);
      return { status: 204 };
    },
    'journey.suggestions': { body: { suggestions: options.suggestions ?? null } },
  };
  return { routes, store, questions };
}

/** Test helper: answers the delete confirmation ('Are you sure?') open inside `scope` with its destructive button. */
export async function confirmDelete(
  user: { click: (element: Element) => Promise<void> },
  scope: HTMLElement,
  { button = 'Delete' }: { button?: 'Delete' | 'Delete all' } = {},
): Promise<HTMLElement> {
  const confirm = within(scope).getByRole('dialog', { name: 'Are you sure?' });
  await user.click(within(confirm).getByRole('button', { name: button }));
  return confirm;
}
