/**
 * A tool's fields written into a page flow as its kind reads best: a paragraph as text, a list as bullets, a number
 * with its unit and currency, a table of rows with its columns. The document layouts are these alone; the other
 * layouts use them for whatever their figure does not show.
 */
import { formatAmount } from '#shared/domain/market-sizing';
import { formatMoney, formatQuotedAmounts } from '#shared/domain/money';
import { parseToolNumber } from '#shared/domain/tool-answers';
import type { ToolUnit } from '#shared/domain/validate-tools';
import { INK, MUTED } from './canvas-layout';
import type { Entry, PageFlow, TableColumn } from './page-flow';
import type { ExportField, ExportSection } from './tool-content';

export const NOT_FILLED = 'Not filled in yet';

/**
 * A number as the sheet prints it: an amount by the documents' one rule (shared/domain/money.ts), a count with
 * 'customers' or '%'; as typed when it is no number.
 */
export function formatNumber(value: string, unit: ToolUnit | undefined, currency: string | null): string {
  const n = parseToolNumber(value);
  if (n === null) return value;
  if (unit === 'currency') return formatMoney(n, currency);
  const plain = formatAmount(n, null);
  if (unit === 'customers') return `${plain} customers`;
  if (unit === 'percent') return `${plain} %`;
  return plain;
}

const linesOf = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * A field's answers as entries: one bullet per answer of a list; a paragraph as written, or, when its lines are
 * several (as "Use these" fills one from a list), one bullet per line, so two never run together. Amounts quoted in
 * the text ("GBP 71400000") print by the documents' rule.
 */
export function valueEntries(field: ExportField, currency: string | null): Entry[] {
  if (field.values.length === 0) return [{ runs: [{ text: NOT_FILLED, colour: MUTED }] }];
  if (field.kind === 'number') return [{ runs: [{ text: formatNumber(field.values[0] ?? '', field.unit, currency) }] }];
  const lines = field.values.flatMap(linesOf);
  const bullets = field.kind === 'list' || lines.length > 1;
  return lines.map((line) => ({ runs: [{ text: formatQuotedAmounts(line) }], ...(bullets ? { bullet: true } : {}) }));
}

/** A rows field's cells, numbers printed with their unit. */
export function rowCells(field: ExportField, currency: string | null): string[][] {
  return field.rows.map((row) =>
    field.columns.map((column, i) => {
      const cell = row[i] ?? '';
      return column.kind === 'number' && cell ? formatNumber(cell, column.unit, currency) : cell;
    }),
  );
}

/** Columns share the width by how much their longest cell says, each at least a sixth of an even share. */
export function tableColumns(labels: readonly string[], rows: readonly (readonly string[])[]): TableColumn[] {
  const longest = labels.map((label, i) => Math.max(label.length, ...rows.map((r) => (r[i] ?? '').length), 4));
  const sum = longest.reduce((a, b) => a + b, 0);
  return labels.map((label, i) => ({ label, share: Math.max(longest[i] ?? 0, sum / labels.length / 6) }));
}

/** One field: its label, then its answers (or a table of its rows). */
export function writeField(flow: PageFlow, field: ExportField, currency: string | null): void {
  flow.ensure(11 * 2.6 * 2);
  flow.entries([{ runs: [{ text: field.label, weight: 'bold', colour: INK }] }]);
  if (field.kind === 'rows' && field.rows.length > 0) {
    const cells = rowCells(field, currency);
    flow.table(
      tableColumns(
        field.columns.map((c) => c.label),
        cells,
      ),
      cells,
    );
    return;
  }
  flow.entries(valueEntries(field, currency));
  flow.gap(4);
}

/** Sections in order, each a heading and its fields. */
export function writeSections(flow: PageFlow, sections: readonly ExportSection[], currency: string | null): void {
  for (const section of sections) {
    flow.heading(section.title);
    for (const field of section.fields) writeField(flow, field, currency);
  }
}
