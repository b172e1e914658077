/**
 * Drafting a Validate tool's suggestions on the founder's request (POST /api/suggestions/{type}): the server drafts
 * every section from the founder's earlier work and stores them, so the answer replaces the tool's cached
 * suggestions (read with useSuggestions in journey-api.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuggestionsResponse } from '#shared/api-types';
import type { ToolId } from '#shared/domain/validate-tools';
import { useAccountSub } from '../../lib/account-query';
import { apiFetch } from '../../lib/api';
import { journeyKeys } from './journey-api';

export function draftToolSuggestions(tool: ToolId): Promise<SuggestionsResponse> {
  return apiFetch('journey.draftToolSuggestions', { params: { type: tool } });
}

export function useDraftToolSuggestions(tool: ToolId) {
  const client = useQueryClient();
  const sub = useAccountSub();
  return useMutation({
    mutationFn: () => draftToolSuggestions(tool),
    onSuccess: (result) => client.setQueryData(journeyKeys.suggestions(sub, tool), result.suggestions),
  });
}
