/**
 * The offline drafter for the Validate tools: no network, no model, so nothing is said that the founder did not say.
 * Each suggestion sets one of the founder's own statements, from what the section builds on (tool-basis.ts), into a
 * frame for that section's purpose: SWOT's Threats from the customers' pains and the alternatives they compared,
 * the Market Plan's rows from the Business Model's channels. A section whose bases hold nothing yet says what to
 * write first. Frames carry no figures, so a number in a draft is always one the founder wrote.
 */
import { CATEGORIES } from '#shared/domain/questions';
import type { ToolId } from '#shared/domain/validate-tools';
import { quotable } from './offline';
import { TOOL_BASIS } from './tool-basis';
import { basisLabel, basisLines, type ToolMaterial } from './tool-material';

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

function draftSection(material: ToolMaterial, section: string): string[] {
  const bases = TOOL_BASIS[material.tool][section] ?? [];
  const quoted = bases.map((basis) => ({
    frames: basis.frames,
    quotes: quotable(basisLines(material, basis.from).join('\n')),
  }));
  const drafts: string[] = [];
  const seen = new Set<string>();
  // One statement from each basis in turn, so a section draws on all it builds on, not only the first.
  const rounds = Math.max(0, ...quoted.map((q) => q.quotes.length));
  for (let round = 0; round < rounds && drafts.length < OFFLINE_TOOL_ITEMS; round++) {
    for (const { frames, quotes } of quoted) {
      const quote = quotes[round];
      if (quote === undefined || drafts.length === OFFLINE_TOOL_ITEMS) continue;
      const draft = (frames[round % frames.length] ?? frames[0]).replace('{q}', quote);
      if (seen.has(draft.toLowerCase())) continue;
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
