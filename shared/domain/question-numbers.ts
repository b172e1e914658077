/**
 * How a phase's questions are grouped and numbered, wherever a person reads them: the founder's pages, the coach's
 * review dialog and founder page, the emails and the exports. A coach's "question 5" must be the founder's question 5,
 * so the number never depends on the order the founder answered in, nor restarts in each group: it counts the
 * phase's questions 1…n in display order (categories in CATEGORIES order, then each question's authored order).
 */
import { CATEGORIES, type Category, type Question, type QuestionType, sortQuestions } from './questions';

type Numberable = Pick<Question, 'id' | 'type' | 'category' | 'order' | 'createdAt'>;

export interface NumberedQuestion<Q> {
  question: Q;
  /** 1-based, across the whole phase. */
  number: number;
}

export interface QuestionGroup<Q, C extends Category = Category> {
  category: C;
  questions: NumberedQuestion<Q>[];
}

/** The phase's questions in its categories (every category, empty ones too), numbered across the phase. */
export function groupQuestions<T extends QuestionType, Q extends Numberable>(
  type: T,
  questions: readonly Q[],
): QuestionGroup<Q, Category<T>>[] {
  const sorted = sortQuestions(questions.filter((q) => q.type === type));
  const categories = CATEGORIES[type] as readonly Category<T>[];
  // The API stores only categories of the type; anything else would have no group to be shown in, so no number.
  const known = sorted.filter((q) => (categories as readonly Category[]).includes(q.category));
  const numbered = known.map((question, index) => ({ question, number: index + 1 }));
  return categories.map((category) => ({
    category,
    questions: numbered.filter((n) => n.question.category === category),
  }));
}

/** Each question's number by id, for surfaces that list answers rather than questions. */
export function questionNumbers<Q extends Numberable>(
  type: QuestionType,
  questions: readonly Q[],
): ReadonlyMap<string, number> {
  return new Map(groupQuestions(type, questions).flatMap((g) => g.questions.map((n) => [n.question.id, n.number])));
}

/** "Question 5": the one way a number is written for people. */
export function questionLabel(number: number): string {
  return `Question ${number}`;
}

/** "question 5", "questions 1 and 5", "questions 1, 3 and 5": numbers in a sentence, in order, each once. */
export function questionsPhrase(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  if (sorted.length === 0) return '';
  if (sorted.length === 1) return `question ${sorted[0]}`;
  return `questions ${sorted.slice(0, -1).join(', ')} and ${sorted.at(-1)}`;
}

/**
 * Answers in the order of their questions' numbers; answers to a question since removed (no number) come last, in
 * the order given. The coach's dialog and founder page, and the feedback email, list answers this way.
 */
export function byQuestionNumber<A extends { questionId: string }>(
  answers: readonly A[],
  numbers: ReadonlyMap<string, number>,
): Array<A & { number: number | null }> {
  const withNumbers = answers.map((a) => ({ ...a, number: numbers.get(a.questionId) ?? null }));
  const numbered = withNumbers.filter((a) => a.number !== null).sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
  return [...numbered, ...withNumbers.filter((a) => a.number === null)];
}
