/**
 * A founder's answers of a Validate tool, as the coach's review answer (review.answers) carries them, turned into what
 * the tool's sheet (ui/tool-sheet) and the per-answer feedback need: the built-in fields' answers by question id, and
 * the coach's guidance questions rebuilt from the answers' own question texts, so no second request is needed.
 */
import type { ReviewAnswer } from '#shared/api-types';
import type { Question } from '#shared/domain/questions';
import { parseRow } from '#shared/domain/tool-answers';
import { isToolId, type ToolId, toolFieldOf } from '#shared/domain/validate-tools';

export interface ToolReviewSheet {
  answers: { questionId: string; answers: string[] }[];
  guidance: Question[];
}

export function toolReviewSheet(tool: ToolId, answers: readonly ReviewAnswer[]): ToolReviewSheet {
  const guidance = answers
    .filter((a) => toolFieldOf(tool, a.questionId) === null)
    .map(
      (a, index): Question => ({
        id: a.questionId,
        type: tool,
        category: a.category,
        text: a.question,
        explanation: null,
        example: null,
        videoUrl: null,
        createdAt: a.submittedAt,
        order: a.number ?? index,
      }),
    );
  return { answers: answers.map((a) => ({ questionId: a.questionId, answers: a.answers })), guidance };
}

/**
 * An answer's lines as a person reads them: a tool's table rows are stored as JSON arrays of cells
 * (shared/domain/tool-answers.ts), shown here as their cells joined; every other answer is shown as written.
 */
export function readableAnswerLines(type: string, answer: Pick<ReviewAnswer, 'questionId' | 'answers'>): string[] {
  if (!isToolId(type) || toolFieldOf(type, answer.questionId)?.field.kind !== 'rows') return answer.answers;
  return answer.answers.map((row) => {
    const cells = parseRow(row);
    return cells ? cells.filter((c) => c.trim() !== '').join(' · ') : row;
  });
}
