/**
 * What a save of a tool's built-in field may hold, by the field's kind (shared/domain/validate-tools.ts). The API
 * refuses anything else with the sentence returned here; the worksheet's editors check with the same function.
 * Every answer list also passes answerListProblem (shared/domain/answers.ts) first.
 */
import type { ToolColumn, ToolField } from './validate-tools';

/** Text fields are one answer: a name, a tagline, a paragraph. */
const SINGLE: ReadonlySet<ToolField['kind']> = new Set(['text', 'paragraph', 'number', 'choice']);
export const TOOL_TEXT_MAX = 200;

/** A non-negative decimal: digits, an optional fraction, no grouping (the editor strips spaces and commas). */
const NUMBER = /^\d{1,15}(\.\d{1,4})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseToolNumber(value: string): number | null {
  const trimmed = value.trim();
  return NUMBER.test(trimmed) ? Number(trimmed) : null;
}

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The cells of a stored row, or null when the answer is not a JSON array of texts. */
export function parseRow(answer: string): string[] | null {
  try {
    const cells: unknown = JSON.parse(answer);
    return Array.isArray(cells) && cells.every((c) => typeof c === 'string') ? cells : null;
  } catch {
    return null;
  }
}

export function formatRow(cells: readonly string[]): string {
  return JSON.stringify(cells.map((c) => c.trim()));
}

function cellProblem(column: ToolColumn, cell: string, row: number): string | null {
  const where = `Row ${row}, ${column.label}`;
  if (column.kind === 'text')
    return cell.length > TOOL_TEXT_MAX ? `${where}: at most ${TOOL_TEXT_MAX} characters.` : null;
  if (cell === '') return null;
  if (column.kind === 'number')
    return parseToolNumber(cell) === null ? `${where}: enter a number such as 1200 or 0.5.` : null;
  if (column.kind === 'date') return isRealDate(cell) ? null : `${where}: enter a date as YYYY-MM-DD.`;
  return column.options?.includes(cell) ? null : `${where}: choose one of ${column.options?.join(', ')}.`;
}

/** The first problem with a save of this field's answers, as a sentence a founder can act on; null when it is acceptable. */
export function toolAnswerProblem(field: ToolField, answers: readonly string[]): string | null {
  const values = answers.map((a) => a.trim());
  if (SINGLE.has(field.kind) && values.length > 1) return `${field.label} takes one answer.`;
  const [value = ''] = values;
  switch (field.kind) {
    case 'text':
      return value.length > TOOL_TEXT_MAX ? `${field.label} must be at most ${TOOL_TEXT_MAX} characters.` : null;
    case 'number':
      return parseToolNumber(value) === null
        ? `${field.label} must be a number such as 1200000 or 12.5 (no spaces, commas or currency signs).`
        : null;
    case 'choice':
      return field.options?.includes(value) ? null : `${field.label} must be one of: ${field.options?.join(', ')}.`;
    case 'rows': {
      const columns = field.columns ?? [];
      for (const [i, answer] of values.entries()) {
        const cells = parseRow(answer);
        if (!cells || cells.length !== columns.length) {
          return `Each row of ${field.label} must have ${columns.length} cells: ${columns.map((c) => c.label).join(', ')}.`;
        }
        if (cells.every((c) => c.trim() === '')) return `Row ${i + 1} of ${field.label} is empty.`;
        for (const [c, column] of columns.entries()) {
          const problem = cellProblem(column, (cells[c] ?? '').trim(), i + 1);
          if (problem) return problem;
        }
      }
      return null;
    }
    default:
      return null;
  }
}
