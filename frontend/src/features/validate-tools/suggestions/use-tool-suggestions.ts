import { useState } from 'react';
import type { ToolId } from '#shared/domain/validate-tools';
import { useSuggestions } from '../../../data/journey/journey-api';
import { useDraftToolSuggestions } from '../../../data/journey/tool-suggestions-api';
import { errorMessage } from '../../../lib/error-message';

export const DRAFT_FAILED = 'The suggestions could not be drafted. Please try again.';

/**
 * A tool section's suggestions: those stored for the tool, a draft on request when the section has none (the
 * server's refusal — the AI limit's 429 among them — said in its own words), and copying one to the clipboard.
 * Nothing here writes an answer: the founder copies what helps into their own.
 */
export function useToolSuggestions(tool: ToolId, section: string) {
  const stored = useSuggestions(tool);
  const draft = useDraftToolSuggestions(tool);
  const [copied, setCopied] = useState<{ index: number; ok: boolean } | null>(null);
  const suggestions = (stored.data?.sections[section] ?? []).map((s) => s.trim()).filter(Boolean);

  const copy = async (index: number) => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available in this browser.');
      await navigator.clipboard.writeText(suggestions[index] ?? '');
      setCopied({ index, ok: true });
    } catch {
      setCopied({ index, ok: false });
    }
  };

  return {
    loading: stored.isPending,
    failed: stored.isError,
    retry: () => void stored.refetch(),
    suggestions,
    offline: stored.data?.source === 'offline',
    /** The last draft produced nothing usable (the AI service failed; the server stored the failure). */
    lastDraftFailed: stored.data?.source === 'failed',
    draft: () => draft.mutate(),
    drafting: draft.isPending,
    draftError: draft.isError ? errorMessage(draft.error, DRAFT_FAILED) : null,
    copied,
    copy: (index: number) => void copy(index),
  };
}

export type ToolSuggestionsState = ReturnType<typeof useToolSuggestions>;
