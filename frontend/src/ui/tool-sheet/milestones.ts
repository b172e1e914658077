/**
 * Path To MVP's milestones in date order, undated ones last in the founder's order. A milestones field is rows whose
 * first text column names the milestone and whose date column (YYYY-MM-DD, so text order is date order) dates it.
 */
import type { ToolField } from '#shared/domain/validate-tools';

export interface Milestone {
  name: string;
  /** YYYY-MM-DD, or null when not dated yet. */
  date: string | null;
  details: { label: string; text: string }[];
}

export function milestonesInOrder(field: ToolField, rows: readonly string[][]): Milestone[] {
  const columns = field.columns ?? [];
  const dateAt = columns.findIndex((c) => c.kind === 'date');
  const nameAt = columns.findIndex((c) => c.kind === 'text');
  const milestones = rows.map((row) => ({
    name: row[nameAt] ?? '',
    date: row[dateAt] || null,
    details: columns.flatMap((c, i) =>
      i === dateAt || i === nameAt || !row[i] ? [] : [{ label: c.label, text: row[i] ?? '' }],
    ),
  }));
  // A stable sort: milestones of one date, and all undated ones, keep the founder's order.
  return milestones.sort((a, b) => {
    if (a.date === b.date) return 0;
    if (a.date === null) return 1;
    if (b.date === null) return -1;
    return a.date < b.date ? -1 : 1;
  });
}

/** A field drawn as a timeline: rows with a date column. */
export const isTimelineField = (field: ToolField) =>
  field.kind === 'rows' && (field.columns ?? []).some((c) => c.kind === 'date');
