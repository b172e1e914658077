import { useEffect, useMemo } from 'react';
import { CATEGORIES, sortQuestions } from '#shared/domain/questions';
import { type AnswerView, type Question, useAnswers, useQuestions } from '../../lib/journey/journey-api';
import { useToast } from '../../ui/toast/toast-context';
import { CANVAS_TEXT } from './canvas-texts';

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
  const sorted = sortQuestions(questions.filter((q) => q.type === type));
  const questionsBySection = new Map<string, Question[]>(sections.map((s) => [s, []]));
  for (const q of sorted) questionsBySection.get(q.category)?.push(q);

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
    answersByQuestion,
    timesByQuestion,
    answersBySection,
    complete,
  } satisfies CanvasData;
}

/**
 * Questions and the founder's answers of one canvas. A failure to load the questions shows the spec's toast;
 * a failure to load the answers is only logged (spec §8), and the page offers a retry rather than an empty canvas
 * whose first save would replace answers it never saw.
 */
export function useCanvasData(type: CanvasType): CanvasState {
  const questions = useQuestions(type);
  const answers = useAnswers(type);
  const { toast } = useToast();

  useEffect(() => {
    if (!questions.isError) return;
    console.error('Failed to load questions', questions.error);
    toast({ title: CANVAS_TEXT.loadErrorTitle, description: CANVAS_TEXT.loadError, variant: 'destructive' });
  }, [questions.isError, questions.error, toast]);

  useEffect(() => {
    if (answers.isError) console.error('Failed to load answers', answers.error);
  }, [answers.isError, answers.error]);

  const data = useMemo(
    () => (questions.data && answers.data ? buildCanvasData(type, questions.data, answers.data) : undefined),
    [type, questions.data, answers.data],
  );

  if (data) return { status: 'ready', data };
  if (questions.isError) {
    return { status: 'questions-error', retry: () => void questions.refetch(), retrying: questions.isFetching };
  }
  if (answers.isError) {
    return { status: 'answers-error', retry: () => void answers.refetch(), retrying: answers.isFetching };
  }
  return { status: 'loading' };
}
