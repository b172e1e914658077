/**
 * The {text} payloads the spec sends to the unlock automations (spec §7): the trigger
 * answers one per line, and the value-proposition answers grouped by category in the
 * fixed CATEGORIES order. Each answer is kept on one line so "one line = one answer"
 * holds for the automation's prompt, and blank answers are left out.
 */
import { CATEGORIES, type Category, type QuestionType } from '#shared/domain/questions';

function oneLine(answer: string): string {
  return answer.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** All answers, trimmed and non-blank, joined by newlines. */
export function joinAnswersByLine(answers: readonly string[]): string {
  return answers
    .map(oneLine)
    .filter((answer) => answer.length > 0)
    .join('\n');
}

export interface CategoryAnswers<T extends QuestionType> {
  category: Category<T>;
  answers: readonly string[];
}

/**
 * Answers grouped by category in the type's display order (not the order given), then
 * joined by newlines. Several entries for one category keep their relative order;
 * entries for categories outside the type are ignored.
 */
export function joinAnswersByCategory<T extends QuestionType>(type: T, groups: readonly CategoryAnswers<T>[]): string {
  const categories: readonly Category<T>[] = CATEGORIES[type];
  const ordered = categories.flatMap((category) =>
    groups.filter((group) => group.category === category).flatMap((group) => group.answers),
  );
  return joinAnswersByLine(ordered);
}
