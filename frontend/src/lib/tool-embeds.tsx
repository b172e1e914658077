/**
 * What a Validate tool's page shows of other features: the export, the history, the drafted suggestions, the
 * proposals from earlier answers and Market Research's worked calculation. Each is optional — the page works
 * without any of them — and app/router.tsx hands in the ones that exist, so no feature imports another
 * (decision 019). The coach's review and feedback come through lib/phase-embeds.tsx, as on the canvases.
 */
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { ToolId } from '#shared/domain/validate-tools';

export interface ToolAnswer {
  questionId: string;
  answers: readonly string[];
}

export interface ToolEmbeds {
  /** The tool's PDF and PNG export, among the header's actions. */
  Export?: ComponentType<{ tool: ToolId }>;
  /** The tool's history (view, compare, restore), among the header's actions. */
  History?: ComponentType<{ tool: ToolId }>;
  /** Drafted suggestions for one section, in the section's header. */
  Suggestions?: ComponentType<{ tool: ToolId; section: string }>;
  /**
   * The proposal from the founder's earlier answers for one built-in field, under its label. `onUse` puts the
   * proposal into the field's editor unsaved: the founder then edits or saves it, nothing is written before.
   */
  Prefill?: ComponentType<{
    tool: ToolId;
    questionId: string;
    hasAnswer: boolean;
    onUse: (answers: string[]) => void;
  }>;
  /** Market Research's worked calculation and checks, beside its fields, from the saved answers. */
  SizingPanel?: ComponentType<{ answers: readonly ToolAnswer[] }>;
}

const NONE: ToolEmbeds = {};
const ToolEmbedsContext = createContext<ToolEmbeds>(NONE);

export function ToolEmbedsProvider({ embeds, children }: { embeds: ToolEmbeds; children: ReactNode }) {
  return <ToolEmbedsContext.Provider value={embeds}>{children}</ToolEmbedsContext.Provider>;
}

/** The embeds handed in by the router; none outside a provider (every slot is optional). */
export function useToolEmbeds(): ToolEmbeds {
  return useContext(ToolEmbedsContext);
}
