/**
 * A tool field's proposal from the founder's earlier work (validate-tools.ts `prefill`): what each source says, and,
 * when it fits the field's kind, the answers a save would store. The founder sees both and confirms or edits; nothing
 * is written until they do. The API computes it (GET /api/tools/{type}/prefill); this module decides the fit.
 */
import { ANSWER_LIMITS } from './answers';
import { TOOL_TEXT_MAX } from './tool-answers';
import type { ToolField } from './validate-tools';

export interface PrefillSource {
  /** Where the lines come from, as the founder reads it: "Business Model · Customer Segments". */
  from: string;
  lines: string[];
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * The answers the sources propose for the field, fitted to its kind: a paragraph joins the lines, a list keeps each
 * (distinct, at most the answer limit), a one-line text takes the first; null when no source has a line, or the kind
 * (a number, a choice, a table) cannot be filled from free text — the sources are then shown for reference only.
 */
export function fitProposal(field: Pick<ToolField, 'kind'>, sources: readonly PrefillSource[]): string[] | null {
  const lines = [...new Set(sources.flatMap((s) => s.lines.map((l) => l.trim())).filter((l) => l.length > 0))];
  if (lines.length === 0) return null;
  switch (field.kind) {
    case 'paragraph':
      return [clip(lines.join('\n'), ANSWER_LIMITS.maxLength)];
    case 'list':
      return lines.slice(0, ANSWER_LIMITS.maxAnswers).map((l) => clip(l, ANSWER_LIMITS.maxLength));
    case 'text':
      return [clip(lines[0] ?? '', TOOL_TEXT_MAX)];
    default:
      return null;
  }
}
