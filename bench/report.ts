/**
 * What the benchmark hands back: sections of figures for the printed tables, and one
 * budget check per figure that ARCHITECTURE.md §9 gives a budget. Both go to bench/results.json.
 */

export interface BudgetCheck {
  /** Which figure, readable on its own ("API p95, 50 founders, GET /api/me"). */
  figure: string;
  value: number | null;
  unit: string;
  /** The budget as written in §9, e.g. "≤ 25 ms". */
  budget: string;
  met: boolean;
  /** Why it is missed, or what the value is made of. */
  note?: string;
}

export interface Table {
  title: string;
  columns: string[];
  rows: Array<Array<string | number>>;
  /** Lines printed under the table. */
  notes?: string[];
}

/** Aligns a table in monospace: numbers to the right, text to the left. */
export function renderTable(table: Table): string {
  const cells = [table.columns, ...table.rows.map((r) => r.map(String))];
  const numeric = table.columns.map((_c, i) => table.rows.every((r) => typeof r[i] === 'number' || r[i] === '—'));
  const widths = table.columns.map((_c, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const out = [table.title, `  ${line(table.columns)}`, `  ${widths.map((w) => '─'.repeat(w)).join('  ')}`];
  for (const row of cells.slice(1)) out.push(`  ${line(row)}`);
  for (const note of table.notes ?? []) out.push(`  ${note}`);
  return out.join('\n');
}

export function budgetTable(checks: readonly BudgetCheck[]): Table {
  return {
    title: 'Budgets (ARCHITECTURE.md §9)',
    columns: ['figure', 'value', 'budget', 'met'],
    rows: checks.map((c) => [
      c.figure,
      c.value === null ? 'n/a' : `${round(c.value)} ${c.unit}`,
      c.budget,
      c.met ? 'yes' : `NO${c.note ? ` — ${c.note}` : ''}`,
    ]),
  };
}

/** Three significant figures at most, and never more than one decimal above 10: readable, not falsely precise. */
export function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  const abs = Math.abs(value);
  const decimals = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return Number(value.toFixed(decimals));
}

export const kb = (bytes: number): number => round(bytes / 1024);
