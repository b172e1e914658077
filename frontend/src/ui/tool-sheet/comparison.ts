/**
 * Industry Insights' matrix: one row per competitor or alternative, one column per criterion. The criteria are the
 * criteria field's, in its order, then any criterion named only in comparison rows, in the order first named; names
 * match whatever their case and spacing. A comparison row is [option, criterion, how they do, how we do].
 */

export interface Verdict {
  they: string;
  we: string;
}

export interface ComparisonMatrix {
  criteria: string[];
  /** cells[i] holds what the rows say for criteria[i] (usually one verdict, none when not compared). */
  options: { name: string; cells: Verdict[][] }[];
}

/** A row that names no criterion compares the option as a whole. */
export const OVERALL = 'Overall';
export const UNNAMED_OPTION = 'Unnamed option';

const keyOf = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export function comparisonMatrix(criteriaAnswers: readonly string[], rows: readonly string[][]): ComparisonMatrix {
  const criteria: string[] = [];
  const criterionAt = new Map<string, number>();
  const addCriterion = (name: string) => {
    const key = keyOf(name);
    if (!criterionAt.has(key)) {
      criterionAt.set(key, criteria.length);
      criteria.push(name.trim());
    }
    return criterionAt.get(key) ?? 0;
  };
  for (const name of criteriaAnswers) if (name.trim() !== '') addCriterion(name);

  const options: { name: string; verdicts: { at: number; verdict: Verdict }[] }[] = [];
  const optionAt = new Map<string, number>();
  for (const [option = '', criterion = '', they = '', we = ''] of rows) {
    const name = option.trim() || UNNAMED_OPTION;
    const key = keyOf(name);
    if (!optionAt.has(key)) {
      optionAt.set(key, options.length);
      options.push({ name, verdicts: [] });
    }
    const at = addCriterion(criterion.trim() || OVERALL);
    options[optionAt.get(key) ?? 0]?.verdicts.push({ at, verdict: { they: they.trim(), we: we.trim() } });
  }
  return {
    criteria,
    options: options.map(({ name, verdicts }) => ({
      name,
      cells: criteria.map((_, i) => verdicts.filter((v) => v.at === i).map((v) => v.verdict)),
    })),
  };
}
