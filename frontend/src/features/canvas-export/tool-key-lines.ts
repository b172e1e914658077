/**
 * What the founder brief says of each completed Validate tool, in one line: the fields an investor looks at first
 * (the One Pager's problem and solution, Market Research's TAM, SAM and SOM with the currency, …).
 */
import { formatMoney, formatQuotedAmounts } from '#shared/domain/money';
import { parseRow, parseToolNumber } from '#shared/domain/tool-answers';
import { type ToolId, toolFieldOf, toolFieldQuestionId, toolOf } from '#shared/domain/validate-tools';
import { formatNumber } from './tool-blocks';

/** The fields each tool's line shows, in order. */
const KEY_FIELDS: Record<ToolId, readonly string[]> = {
  branding: ['name', 'tagline'],
  'industry-insights': ['criteria', 'trends'],
  swot: ['strengths', 'weaknesses', 'opportunities', 'threats'],
  pestel: ['political', 'economic', 'social', 'technological', 'environmental', 'legal'],
  'market-research': ['tam', 'sam', 'som'],
  'one-pager': ['problem', 'solution'],
  'product-requirements': ['problem', 'must-haves'],
  'path-to-mvp': ['mvp', 'milestones'],
  'market-plan': ['segments', 'channels'],
  'go-to-market': ['beachhead', 'pricing'],
};

type Answers = ReadonlyMap<string, readonly string[]>;

function fieldText(tool: ToolId, field: string, answers: Answers): string | null {
  const id = toolFieldQuestionId(tool, field);
  const ref = toolFieldOf(tool, id);
  // A paragraph's lines are its entries as much as a list's answers are: each is one item of the line.
  const values = (answers.get(id) ?? [])
    .flatMap((v) => v.split('\n'))
    .map((v) => v.trim())
    .filter(Boolean);
  if (!ref || values.length === 0) return null;
  const currency = answers.get(toolFieldQuestionId(tool, 'currency'))?.[0] ?? null;
  const { field: def } = ref;
  if (def.kind === 'number') return formatNumber(values[0] ?? '', def.unit, currency);
  // A row by its first cell, with a date when it has one ('Public launch (2027-06-01)').
  if (def.kind === 'rows') {
    const dateAt = (def.columns ?? []).findIndex((c) => c.kind === 'date');
    return values
      .map((v) => parseRow(v) ?? [])
      .map((cells) => (dateAt > 0 && cells[dateAt] ? `${cells[0]} (${cells[dateAt]})` : (cells[0] ?? '')))
      .filter(Boolean)
      .join(', ');
  }
  return values.join(', ');
}

/** Market Research: 'TAM €120 M · SAM €30 M · SOM €1.5 M a year'. */
function sizingLine(answers: Answers): string | null {
  const value = (field: string) => answers.get(toolFieldQuestionId('market-research', field))?.[0] ?? null;
  const currency = value('currency');
  const parts = (['tam', 'sam', 'som'] as const).flatMap((key) => {
    const n = parseToolNumber(value(key) ?? '');
    return n === null ? [] : [`${key.toUpperCase()} ${formatMoney(n, currency)}`];
  });
  return parts.length > 0 ? `${parts.join(' · ')} a year` : null;
}

/** The tool's line for the brief, or null when none of its key fields has an answer. */
export function toolKeyLine(tool: ToolId, answers: Answers): string | null {
  if (tool === 'market-research') return sizingLine(answers);
  const { sections } = toolOf(tool);
  const labelOf = (field: string) => sections.flatMap((s) => s.fields).find((f) => f.id === field)?.label ?? field;
  const parts = KEY_FIELDS[tool].flatMap((field) => {
    const value = fieldText(tool, field, answers);
    return value ? [`${labelOf(field)}: ${value}`] : [];
  });
  return parts.length > 0 ? formatQuotedAmounts(parts.join(' · ')) : null;
}
