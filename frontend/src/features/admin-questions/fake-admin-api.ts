/** Test helpers: a stateful fake of the question bank behind the admin question pages. */

import type { QuestionInput } from '#shared/api-types';
import type { Category, Question, QuestionType } from '#shared/domain/questions';
import { apiError, type FakeReply, type FakeRequest, type FakeRoutes, pathSegment } from '../../test/fake-api';

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
      body: { questions: questions.filter((q) => q.type === pathSegment(request, 0)) },
    }),
    'questions.create': create,
    'questions.update': (request) => {
      const id = pathSegment(request, 0);
      const index = questions.findIndex((q) => q.id === id);
      const current = questions[index];
      if (!current) return apiError(404, 'No question with this id.');
      const updated = { ...current, ...(request.body as Partial<Question>) };
      questions[index] = updated;
      return { body: { question: updated } };
    },
    'questions.delete': (request) => {
      const id = pathSegment(request, 0);
      const index = questions.findIndex((q) => q.id === id);
      if (index < 0) return apiError(404, 'No question with this id.');
      questions.splice(index, 1);
      return { status: 204 };
    },
  };
  return { questions, routes, create };
}
