import { useMemo } from 'react';
import { questionNumbers } from '#shared/domain/question-numbers';
import { type ToolId, toolFieldOf, toolFieldQuestionId } from '#shared/domain/validate-tools';
import { type Question, useAnswers, useQuestions } from '../../data/journey/journey-api';
import { lockedReason } from '../../data/validation/validation-api';

export interface ToolData {
  /** The coaches' guidance questions of the tool (stored questions), by section title. */
  guidance: ReadonlyMap<string, Question[]>;
  /** The saved answers of every answered question of the tool, by question id. */
  answers: ReadonlyMap<string, readonly string[]>;
  /** Every saved answer list, for the sheet and the sizing panel. */
  answerList: { questionId: string; answers: readonly string[] }[];
  /** The sheet's chosen currency (Market Research, Market Plan), or null. */
  currency: string | null;
  /** Each question's number (fields and guidance), as the coach's review and the feedback email number it. */
  numbers: ReadonlyMap<string, number>;
}

export type ToolDataState =
  | { status: 'loading' }
  | { status: 'locked'; message: string }
  | { status: 'error'; retry: () => void; retrying: boolean }
  | { status: 'ready'; data: ToolData };

/**
 * A tool's guidance questions and the founder's answers of it. The editors wait for the answers: a save replaces a
 * question's whole list, so it must start from what is saved. The questions list also holds the built-in fields
 * (first); those come from the definition, so only the rest are guidance.
 */
export function useToolData(tool: ToolId): ToolDataState {
  const questions = useQuestions(tool);
  const answers = useAnswers(tool);

  const data = useMemo((): ToolData | undefined => {
    if (!questions.data || !answers.data) return undefined;
    const guidance = new Map<string, Question[]>();
    for (const q of questions.data) {
      if (toolFieldOf(tool, q.id)) continue;
      guidance.set(q.category, [...(guidance.get(q.category) ?? []), q]);
    }
    const answerList = answers.data
      .filter((a) => a.answers.length > 0)
      .map((a) => ({ questionId: a.questionId, answers: a.answers }));
    const byId = new Map(answerList.map((a) => [a.questionId, a.answers] as const));
    const currency = byId.get(toolFieldQuestionId(tool, 'currency'))?.[0] ?? null;
    return { guidance, answers: byId, answerList, currency, numbers: questionNumbers(tool, questions.data) };
  }, [tool, questions.data, answers.data]);

  if (data) return { status: 'ready', data };
  const failed = [answers, questions].find((q) => q.isError);
  if (!failed) return { status: 'loading' };
  const locked = lockedReason(failed.error);
  if (locked) return { status: 'locked', message: locked };
  return { status: 'error', retry: () => void failed.refetch(), retrying: failed.isFetching };
}
