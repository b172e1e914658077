import { QUESTION_TYPES, type QuestionType } from '#shared/domain/questions';
import { TOOL_IDS, type ToolId } from '#shared/domain/validate-tools';

/** A by-type fixture: the reviewed phases' values as written, and one value for every Validate tool. */
export function byType<T>(phases: Record<Exclude<QuestionType, ToolId>, T>, tool: T): Record<QuestionType, T> {
  const tools = Object.fromEntries(TOOL_IDS.map((id) => [id, tool])) as Record<ToolId, T>;
  return Object.fromEntries(
    QUESTION_TYPES.map((t) => [t, t in phases ? phases[t as keyof typeof phases] : tools[t as ToolId]]),
  ) as Record<QuestionType, T>;
}
