/**
 * How a field's editor holds its draft and what a save sends. Every editor keeps a list of strings: one value for
 * text, paragraph, number and choice; one item per line of a list; one JSON array of cells per row of a table. What is
 * sent is the draft made tidy (trimmed, blank items and rows left out) and checked with the server's own rules.
 */
import { answerListProblem } from '#shared/domain/answers';
import { formatRow, parseRow, toolAnswerProblem } from '#shared/domain/tool-answers';
import type { ToolField, ToolUnit } from '#shared/domain/validate-tools';

/** A row's cells as the editor holds them: untrimmed, so a space typed at the end of a cell stays while typing. */
export function draftRow(cells: readonly string[]): string {
  return JSON.stringify(cells);
}

export function cellsOf(row: string, columns: number): string[] {
  const cells = parseRow(row) ?? [];
  return Array.from({ length: columns }, (_, i) => cells[i] ?? '');
}

/**
 * The answers a save of this draft sends. A number loses its spaces (1 200 000 is 1200000); a comma is kept, since
 * it is a decimal mark in half of Europe and a thousands mark in the rest, and the check says what to write instead.
 */
export function tidyAnswers(field: ToolField | null, draft: readonly string[]): string[] {
  if (field?.kind === 'rows') {
    const width = field.columns?.length ?? 0;
    return draft
      .map((row) => cellsOf(row, width))
      .filter((cells) => cells.some((c) => c.trim() !== ''))
      .map(formatRow);
  }
  const tidy = draft.map((value) => (field?.kind === 'number' ? value.replace(/\s+/g, '') : value.trim()));
  return tidy.filter((value) => value !== '');
}

/** The first problem with a save of these (tidy, non-empty) answers, as the server words it; null when it will pass. */
export function answersProblem(field: ToolField | null, answers: readonly string[]): string | null {
  return answerListProblem(answers) ?? (field ? toolAnswerProblem(field, answers) : null);
}

/** What follows a number: the sheet's currency (or a note that it is not chosen yet), customers, or a percent sign. */
export function unitText(unit: ToolUnit | undefined, currency: string | null): string | null {
  if (unit === 'currency') return currency ?? 'in the currency chosen above';
  if (unit === 'customers') return 'customers';
  if (unit === 'percent') return '%';
  return null;
}

export function sameAnswers(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
