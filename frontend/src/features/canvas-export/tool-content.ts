/**
 * What a Validate tool's export shows, as plain data: each section's built-in fields with the founder's answers (rows
 * parsed into their cells) and, after them, the answers to the coach's guidance questions of that section — the same
 * reading the tool's sheet on screen gives (ui/tool-sheet).
 */
import type { AnswerView } from '#shared/api-types';
import type { Question } from '#shared/domain/questions';
import { parseRow } from '#shared/domain/tool-answers';
import {
  type ToolColumn,
  type ToolDefinition,
  type ToolField,
  type ToolId,
  type ToolUnit,
  toolFieldOf,
  toolFieldQuestionId,
  toolOf,
} from '#shared/domain/validate-tools';
import type { Sheet } from './drawing';

export interface ExportField {
  /** The built-in field's id, or the guidance question's id. */
  id: string;
  label: string;
  kind: ToolField['kind'];
  /** The saved answers; for `rows` each row's cells are in `rows`. */
  values: readonly string[];
  rows: readonly (readonly string[])[];
  columns: readonly ToolColumn[];
  unit?: ToolUnit;
  /** A field of the tool's definition, rather than a coach's guidance question. */
  builtIn: boolean;
}

export interface ExportSection {
  title: string;
  fields: readonly ExportField[];
}

export interface ToolSheetContent {
  tool: ToolDefinition;
  startupName: string;
  /** As the sheet shows it ('November 25, 2026'). */
  date: string;
  sections: readonly ExportSection[];
}

/** A tool's export: its pages, and the sections cut short to fit (the One Pager only), as the sheet names them. */
export interface ToolPages {
  pages: Sheet[];
  shortened: string[];
}

/** The saved answers of each question id of one tool. */
export function answersById(answers: readonly Pick<AnswerView, 'questionId' | 'answers'>[]) {
  return new Map(answers.map((a) => [a.questionId, a.answers.map((v) => v.trim()).filter(Boolean)]));
}

function exportField(id: string, label: string, field: ToolField | null, values: readonly string[]): ExportField {
  const kind = field?.kind ?? 'list';
  const columns = field?.columns ?? [];
  const rows =
    kind === 'rows' ? values.map((v) => columns.map((_, i) => parseRow(v)?.[i]?.trim() ?? '')).filter(hasCell) : [];
  return {
    id,
    label,
    kind,
    values,
    rows,
    columns,
    builtIn: field !== null,
    ...(field?.unit ? { unit: field.unit } : {}),
  };
}

const hasCell = (cells: readonly string[]) => cells.some((c) => c !== '');

/**
 * The tool's sections for its export: every built-in field (answered or not, so the sheet shows what is missing),
 * then the answered guidance questions filed under the section, in the order the question list gives them.
 */
export function toolSections(
  toolId: ToolId,
  questions: readonly Question[],
  answers: readonly Pick<AnswerView, 'questionId' | 'answers'>[],
): ExportSection[] {
  const tool = toolOf(toolId);
  const byId = answersById(answers);
  return tool.sections.map((section) => {
    const builtIn = section.fields.map((field) => {
      const id = toolFieldQuestionId(toolId, field.id);
      return exportField(field.id, field.label, field, byId.get(id) ?? []);
    });
    const guidance = questions
      .filter((q) => q.category === section.title && toolFieldOf(toolId, q.id) === null)
      .map((q) => exportField(q.id, q.text, null, byId.get(q.id) ?? []))
      .filter((f) => f.values.length > 0);
    return { title: section.title, fields: [...builtIn, ...guidance] };
  });
}

/** A field of the content by its built-in id (for layouts that place fields by name). */
export function fieldOf(content: ToolSheetContent, id: string): ExportField | undefined {
  for (const section of content.sections) {
    const found = section.fields.find((f) => f.id === id);
    if (found) return found;
  }
  return undefined;
}

/** A one-answer field's value, or null while it is empty. */
export function singleValue(content: ToolSheetContent, id: string): string | null {
  return fieldOf(content, id)?.values[0] ?? null;
}
