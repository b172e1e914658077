/**
 * A Validate tool's built-in fields as the questions of its type: answered, counted, reviewed and kept in history
 * like any question, but defined in code (shared/domain/validate-tools.ts) rather than stored, so every stage has
 * them from its first deploy. A coach's guidance questions of a tool are stored questions in the same sections.
 */
import type { Question, QuestionType } from './questions';
import { toolAnswerProblem } from './tool-answers';
import { isToolId, type ToolFieldRef, toolFieldOf, toolFieldQuestionId, toolFields } from './validate-tools';

/** Built-in fields sort before a section's guidance questions (a stored question's order is its creation time or ≥ 0). */
const BUILT_IN_ORDER = -1000;
/** The definitions' own date: built-in questions have no creation in any table. */
const DEFINED_AT = '2026-11-27T00:00:00.000Z';

export function toolFieldQuestion(ref: ToolFieldRef): Question {
  return {
    id: toolFieldQuestionId(ref.tool.id, ref.field.id),
    type: ref.tool.id,
    category: ref.section.title,
    text: ref.field.label,
    explanation: ref.field.help,
    example: null,
    videoUrl: null,
    createdAt: DEFINED_AT,
    order: BUILT_IN_ORDER + ref.order,
  };
}

/** The built-in questions of a type, in sheet order: none for a reviewed phase. */
export function builtInQuestions(type: QuestionType): Question[] {
  return isToolId(type) ? toolFields(type).map(toolFieldQuestion) : [];
}

export function builtInQuestionCount(type: QuestionType): number {
  return isToolId(type) ? toolFields(type).length : 0;
}

/** The built-in question with this id, or null (a stored question, or none). */
export function builtInQuestion(type: QuestionType, questionId: string): Question | null {
  return builtInQuestions(type).find((q) => q.id === questionId) ?? null;
}

/** A type's questions in all: its built-in fields and the stored questions the question-count statistic counts. */
export function questionTotal(type: QuestionType, storedCount: number): number {
  return builtInQuestionCount(type) + storedCount;
}

/** What is wrong with a save of a built-in field's answers for its kind (tool-answers.ts); null otherwise or for a stored question. */
export function builtInAnswerProblem(
  type: QuestionType,
  questionId: string,
  answers: readonly string[],
): string | null {
  if (!isToolId(type)) return null;
  const ref = toolFieldOf(type, questionId);
  return ref ? toolAnswerProblem(ref.field, answers) : null;
}
