/**
 * What a Validate tool's suggestions are drafted from: one founder's earlier work (their idea and setup, their
 * canvases' answers, their other tools' answers, their completed validation tests) and the coach's guidance
 * questions of the tool. The handler reads it (functions/http/tool-suggestions.ts) by the verified token's `sub`;
 * the offline drafter and the model's prompt both read it through `basisLines`, so what a section builds on is the
 * same whichever provider drafts it.
 */
import type { OnboardingAnswers } from '#shared/domain/onboarding';
import { QUESTION_TYPE_LABELS, type QuestionType } from '#shared/domain/questions';
import { parseRow } from '#shared/domain/tool-answers';
import { type ToolId, type ToolPrefill, toolFieldOf, toolFieldQuestionId } from '#shared/domain/validate-tools';

export interface MaterialAnswer {
  type: QuestionType;
  questionId: string;
  category: string;
  answers: readonly string[];
}

export interface ToolMaterial {
  tool: ToolId;
  idea: string | null;
  setup: OnboardingAnswers | null;
  /** The founder's answers to the canvases and to the other tools (never the drafted tool's own). */
  answers: readonly MaterialAnswer[];
  /** Completed validation tests, one outcome line each ("Landing Page Test succeeded: 62 sign-ups"). */
  tests: readonly string[];
  /** The coach's guidance questions of the drafted tool, by section. */
  guidance: readonly { category: string; text: string }[];
}

/**
 * One thing a section builds on: a field's prefill source (validate-tools.ts), or the founder's idea. `column` picks
 * one cell of a table field's rows (the competitor of a comparison row) where the whole row would not read as one
 * statement.
 */
export type Basis = (ToolPrefill & { column?: number }) | { source: 'idea' };

/** A tool's answers to one field, as lines a person reads: a number with its label and the sheet's currency. */
function toolFieldLines(material: ToolMaterial, tool: ToolId, field: string, column: number | undefined): string[] {
  const ref = toolFieldOf(tool, toolFieldQuestionId(tool, field));
  if (!ref) return [];
  const of = (id: string) =>
    material.answers.find((a) => a.type === tool && a.questionId === toolFieldQuestionId(tool, id))?.answers ?? [];
  const values = of(field)
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
  switch (ref.field.kind) {
    case 'number': {
      const currency = ref.field.unit === 'currency' ? of('currency')[0] : undefined;
      return values.map((value) => `${ref.field.label}: ${currency ? `${currency} ` : ''}${value}`);
    }
    case 'choice':
      return values.map((value) => `${ref.field.label}: ${value}`);
    case 'rows':
      return values.flatMap((value) => {
        const cells = (parseRow(value) ?? []).map((cell) => cell.trim());
        const line = column === undefined ? cells.filter((cell) => cell).join(' · ') : (cells[column] ?? '');
        return line ? [line] : [];
      });
    default:
      return values;
  }
}

/** The founder's lines a basis holds, in the order they wrote them; empty when they have not written any. */
export function basisLines(material: ToolMaterial, basis: Basis): string[] {
  if ('source' in basis) {
    if (basis.source === 'idea') return material.idea?.trim() ? [material.idea.trim()] : [];
    return [...material.tests];
  }
  if ('type' in basis) {
    return basis.categories.flatMap((category) =>
      material.answers
        .filter((a) => a.type === basis.type && a.category === category)
        .flatMap((a) => a.answers.map((line) => line.trim()).filter((line) => line.length > 0)),
    );
  }
  return toolFieldLines(material, basis.tool, basis.field, basis.column);
}

/** Where a basis's lines come from, as the founder reads it: "Business Model · Channels". */
export function basisLabel(basis: Basis): string {
  if ('source' in basis) return basis.source === 'idea' ? 'your idea' : 'your completed validation tests';
  if ('type' in basis) return `${QUESTION_TYPE_LABELS[basis.type]} · ${basis.categories.join(', ')}`;
  const ref = toolFieldOf(basis.tool, toolFieldQuestionId(basis.tool, basis.field));
  return `${QUESTION_TYPE_LABELS[basis.tool]} · ${ref?.field.label ?? basis.field}`;
}
