/**
 * What every layout of a tool's sheet reads: the answers by question id, a field's answers and table rows, the
 * sheet's currency, and the guidance answers filed under a section. Pure, so the layouts stay markup.
 */

import { formatAmount } from '#shared/domain/market-sizing';
import type { Question } from '#shared/domain/questions';
import { parseRow, parseToolNumber } from '#shared/domain/tool-answers';
import {
  type ToolColumn,
  type ToolDefinition,
  type ToolField,
  type ToolUnit,
  toolFieldOf,
  toolFieldQuestionId,
} from '#shared/domain/validate-tools';

export interface SheetAnswer {
  questionId: string;
  answers: readonly string[];
}

export interface SheetData {
  tool: ToolDefinition;
  byId: ReadonlyMap<string, readonly string[]>;
  guidance: readonly Question[];
}

export function sheetData(
  tool: ToolDefinition,
  answers: readonly SheetAnswer[],
  guidance: readonly Question[] = [],
): SheetData {
  return { tool, byId: new Map(answers.map((a) => [a.questionId, a.answers])), guidance };
}

/** A built-in field's answers, blank lines left out. */
export function fieldAnswers(sheet: SheetData, fieldId: string): readonly string[] {
  return (sheet.byId.get(toolFieldQuestionId(sheet.tool.id, fieldId)) ?? []).filter((a) => a.trim() !== '');
}

/** A one-answer field's value, or null when it is not filled in. */
export function firstAnswer(sheet: SheetData, fieldId: string): string | null {
  return fieldAnswers(sheet, fieldId)[0]?.trim() ?? null;
}

/** A rows field's rows as cells, one per column; an answer that is not a row (never saved by the API) is skipped. */
export function fieldRows(sheet: SheetData, field: ToolField): string[][] {
  const width = field.columns?.length ?? 0;
  return fieldAnswers(sheet, field.id).flatMap((answer) => {
    const cells = parseRow(answer);
    return cells ? [Array.from({ length: width }, (_, i) => (cells[i] ?? '').trim())] : [];
  });
}

/** Every amount of a tool is in the currency its `currency` field names (Market Research, Market Plan). */
export function sheetCurrency(sheet: SheetData): string | null {
  return firstAnswer(sheet, 'currency');
}

/** A number as the sheet prints it: grouped, with its currency or unit. */
export function formatNumber(value: number, unit: ToolUnit | undefined, currency: string | null): string {
  if (unit === 'currency') return formatAmount(value, currency);
  const number = formatAmount(value, null);
  if (unit === 'customers') return `${number} customers`;
  if (unit === 'percent') return `${number} %`;
  return number;
}

export interface GuidanceAnswer {
  question: Question;
  answers: readonly string[];
}

/**
 * The answered guidance questions of a section, in the order given. A built-in field's question is drawn as its
 * field, so it is never repeated here even when the caller passes the whole question list.
 */
export function guidanceOf(sheet: SheetData, sectionTitle: string): GuidanceAnswer[] {
  return sheet.guidance.flatMap((question) => {
    if (question.category !== sectionTitle || toolFieldOf(sheet.tool.id, question.id)) return [];
    const answers = (sheet.byId.get(question.id) ?? []).filter((a) => a.trim() !== '');
    return answers.length > 0 ? [{ question, answers }] : [];
  });
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A stored YYYY-MM-DD as a reader says it, '12 Mar 2027'; the text itself when it is no date. */
export function formatDay(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) ? DAY.format(date) : value;
}

/** A cell as the table prints it: numbers grouped (their currency named in the column's header), dates spelled. */
export function formatCell(column: ToolColumn, cell: string): string {
  if (cell === '') return '';
  if (column.kind === 'number') {
    const value = parseToolNumber(cell);
    return value === null ? cell : formatNumber(value, column.unit === 'currency' ? undefined : column.unit, null);
  }
  return column.kind === 'date' ? formatDay(cell) : cell;
}

/** The sum of each currency column over the rows (null for other columns); empty cells count as nothing. */
export function currencyTotals(columns: readonly ToolColumn[], rows: readonly string[][]): (number | null)[] {
  return columns.map((column, i) =>
    column.kind === 'number' && column.unit === 'currency'
      ? rows.reduce((sum, row) => sum + (parseToolNumber(row[i] ?? '') ?? 0), 0)
      : null,
  );
}
