/**
 * One canvas as the pages and the PDF export see it: the founder's answers laid out by section. Pure, so the canvas
 * pages and the export build it the same way from the same cached queries.
 */
import { groupQuestions } from '#shared/domain/question-numbers';
import { CATEGORIES } from '#shared/domain/questions';
import type { AnswerView, Question } from './journey-api';

export type CanvasType = 'value-proposition' | 'business-model';

/** One answer as the canvas shows it: the whole text of one list item, never split on ' - ' or line breaks. */
export interface CanvasAnswer {
  questionId: string;
  index: number;
  text: string;
}

export type AnswerTimes = Pick<AnswerView, 'submittedAt' | 'updatedAt'>;

export interface CanvasData {
  /** The sections of the type in display order (spec §3). */
  sections: readonly string[];
  /** Questions per section, in display order. */
  questionsBySection: ReadonlyMap<string, Question[]>;
  /** Each question's number across the phase, as everyone sees it (shared/domain/question-numbers). */
  questionNumbers: ReadonlyMap<string, number>;
  /** The saved list of each answered question. */
  answersByQuestion: ReadonlyMap<string, readonly string[]>;
  /** When each answered question's list was first and last saved. */
  timesByQuestion: ReadonlyMap<string, AnswerTimes>;
  /** Every answer of a section, question by question. */
  answersBySection: ReadonlyMap<string, CanvasAnswer[]>;
  /** Every question has at least one answer (and there is at least one question). */
  complete: boolean;
}

export type CanvasState =
  | { status: 'loading' }
  | { status: 'questions-error'; retry: () => void; retrying: boolean }
  | { status: 'answers-error'; retry: () => void; retrying: boolean }
  | { status: 'ready'; data: CanvasData };

export function buildCanvasData(type: CanvasType, questions: readonly Question[], answers: readonly AnswerView[]) {
  const sections: readonly string[] = CATEGORIES[type];
  // Grouped and numbered by the one shared rule: the page, its dialogs, the exports and the coach agree.
  const groups = groupQuestions(type, questions);
  const sorted = groups.flatMap((g) => g.questions.map((n) => n.question));
  const questionNumbers = new Map(groups.flatMap((g) => g.questions.map((n) => [n.question.id, n.number] as const)));
  const questionsBySection = new Map<string, Question[]>(
    groups.map((g) => [g.category, g.questions.map((n) => n.question)]),
  );

  const answersByQuestion = new Map<string, readonly string[]>();
  const timesByQuestion = new Map<string, AnswerTimes>();
  for (const a of answers) {
    if (a.answers.length === 0) continue;
    answersByQuestion.set(a.questionId, a.answers);
    timesByQuestion.set(a.questionId, { submittedAt: a.submittedAt, updatedAt: a.updatedAt });
  }

  const answersBySection = new Map<string, CanvasAnswer[]>(sections.map((s) => [s, []]));
  const shown = new Set<string>();
  for (const q of sorted) {
    const list = answersByQuestion.get(q.id) ?? [];
    answersBySection.get(q.category)?.push(...list.map((text, index) => ({ questionId: q.id, index, text })));
    shown.add(q.id);
  }
  // Answers to a question a coach has since removed still belong to their section on the canvas.
  for (const a of answers) {
    if (shown.has(a.questionId)) continue;
    answersBySection
      .get(a.category)
      ?.push(...a.answers.map((text, index) => ({ questionId: a.questionId, index, text })));
  }

  const complete = sorted.length > 0 && sorted.every((q) => (answersByQuestion.get(q.id)?.length ?? 0) > 0);
  return {
    sections,
    questionsBySection,
    questionNumbers,
    answersByQuestion,
    timesByQuestion,
    answersBySection,
    complete,
  } satisfies CanvasData;
}
