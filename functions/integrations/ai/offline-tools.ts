/**
 * The offline drafter for the Validate tools: no network, no model, so nothing is said that the founder did not say.
 * Each suggestion sets one of the founder's own statements, from what the section builds on (tool-basis.ts), into a
 * frame for that section's purpose: SWOT's Threats from the customers' pains and the alternatives they compared,
 * the Market Plan's rows from the Business Model's channels. The statement is set in as a clause, never quoted
 * (issue 36): a clause as the founder wrote it, a noun phrase after the verb its basis implies ("you work with cargo
 * bike workshops"). A section whose bases hold nothing yet says what to write first. Frames carry no figures, so a
 * number in a draft is always one the founder wrote.
 */
import { CATEGORIES } from '#shared/domain/questions';
import type { ToolId } from '#shared/domain/validate-tools';
import { MAX_SIMILARITY, similarity } from './eval/readability';
import { quotable } from './offline';
import { TOOL_BASIS } from './tool-basis';
import { type Basis, basisLabel, basisLines, type ToolMaterial } from './tool-material';
import { asClause, capitalised, statementOf } from './wording';

/** Suggestions per section: enough to choose from, few enough to read. */
export const OFFLINE_TOOL_ITEMS = 5;

export type ToolSuggestions = Record<string, string[]>;

function listed(labels: readonly string[]): string {
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

/** What a section with nothing to build on says: where the founder should write first. */
export function writeFirst(tool: ToolId, section: string): string {
  const labels = [...new Set((TOOL_BASIS[tool][section] ?? []).map((basis) => basisLabel(basis.from)))];
  return `${section} builds on ${listed(labels)}. None of it is written yet: start there, then draft again.`;
}

/**
 * What a noun phrase from a canvas box means as a clause: the box's own verb ("Key Partners" → "you work with …").
 * Trigger and value-proposition boxes of one name mean the same, so one entry serves both.
 */
const CATEGORY_LEADS: Readonly<Record<string, string>> = {
  'Customer Jobs': 'customers have a job to do around',
  'Customer Gains': 'customers want',
  'Customer Pains': 'customers struggle with',
  'Products & Services': 'you offer',
  'Pain Relievers': 'you relieve a pain with',
  'Gain Creators': 'you create a gain with',
  'Key Partners': 'you work with',
  'Key Activities': 'your team works on',
  'Key Resources': 'you rely on',
  'Value Propositions': 'you promise',
  'Customer Relationships': 'you keep customers through',
  Channels: 'you reach customers through',
  'Customer Segments': 'you serve',
  'Cost Structure': 'you pay for',
  'Revenue Streams': 'you earn from',
};

/** The verb a basis gives a noun phrase, so any statement from it reads as a clause inside a frame. */
export function leadOf(basis: Basis): string {
  if ('source' in basis) return basis.source === 'idea' ? 'your idea is' : 'your test showed that';
  if ('type' in basis) return CATEGORY_LEADS[basis.categories[0] ?? ''] ?? 'you wrote about';
  // A comparison's first column names the alternative customers have; a sizing line is the founder's figure.
  // A trend is a movement of the market, not something customers use.
  if (basis.tool === 'industry-insights')
    return basis.field === 'trends' ? 'the market shows' : 'customers already use';
  if (basis.tool === 'market-research') return 'your sizing gives';
  return 'you wrote about';
}

/** One statement set into a frame: `{c}` becomes it as a clause, capitalised when the frame opens with it. */
export function fillToolFrame(frame: string, raw: string, basis: Basis, context: string): string {
  const statement = statementOf(raw, context);
  const clause = asClause(statement) ?? `${leadOf(basis)} ${statement.text}`;
  return frame.startsWith('{c}') ? capitalised(frame.replace('{c}', clause)) : frame.replace('{c}', clause);
}

function draftSection(material: ToolMaterial, section: string): string[] {
  const bases = TOOL_BASIS[material.tool][section] ?? [];
  const quoted = bases.map((basis) => {
    const context = basisLines(material, basis.from).join('\n');
    return { basis: basis.from, frames: basis.frames, context, quotes: quotable(context) };
  });
  const drafts: string[] = [];
  const seen = new Set<string>();
  // One statement from each basis in turn, so a section draws on all it builds on, not only the first.
  const rounds = Math.max(0, ...quoted.map((q) => q.quotes.length));
  for (let round = 0; round < rounds && drafts.length < OFFLINE_TOOL_ITEMS; round++) {
    for (const { basis, frames, context, quotes } of quoted) {
      const quote = quotes[round];
      if (quote === undefined || drafts.length === OFFLINE_TOOL_ITEMS) continue;
      const draft = fillToolFrame(frames[round % frames.length] ?? frames[0], quote, basis, context);
      // A second statement of one basis may get the same frame as the first: when the two drafts then share most of
      // their words ("…through local retail associations…", "…through instagram ads…"), the later one is left out.
      if (seen.has(draft.toLowerCase())) continue;
      if (drafts.some((earlier) => similarity(earlier, draft) >= MAX_SIMILARITY)) continue;
      seen.add(draft.toLowerCase());
      drafts.push(draft);
    }
  }
  return drafts.length > 0 ? drafts : [writeFirst(material.tool, section)];
}

/** Every section of the tool, in sheet order. The same material always gives the same drafts. */
export function draftToolOffline(material: ToolMaterial): ToolSuggestions {
  return Object.fromEntries(CATEGORIES[material.tool].map((section) => [section, draftSection(material, section)]));
}
