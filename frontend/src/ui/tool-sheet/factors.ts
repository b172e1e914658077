/**
 * PESTEL's factors ranked by impact. A factors field is rows whose first text column names the factor and whose
 * choice column rates it; the choice's options are in rank order (High, Medium, Low), so the definition decides it.
 */
import type { ToolField } from '#shared/domain/validate-tools';

export interface Factor {
  name: string;
  /** The rating as the founder chose it, or null when not rated yet. */
  impact: string | null;
  details: { label: string; text: string }[];
}

export function factorsByImpact(field: ToolField, rows: readonly string[][]): Factor[] {
  const columns = field.columns ?? [];
  const impactAt = columns.findIndex((c) => c.kind === 'choice');
  const nameAt = columns.findIndex((c) => c.kind === 'text');
  const options = columns[impactAt]?.options ?? [];
  const rank = (impact: string | null) => {
    const at = impact === null ? -1 : options.indexOf(impact);
    return at === -1 ? options.length : at;
  };
  const factors = rows.map((row) => ({
    name: row[nameAt] ?? '',
    impact: row[impactAt] || null,
    details: columns.flatMap((c, i) =>
      i === impactAt || i === nameAt || !row[i] ? [] : [{ label: c.label, text: row[i] ?? '' }],
    ),
  }));
  // Array.prototype.sort is stable: factors of one rating keep the founder's order.
  return factors.sort((a, b) => rank(a.impact) - rank(b.impact));
}
