/**
 * A Validate tool's proposals from the founder's earlier work (GET /api/tools/{type}/prefill): one query per tool,
 * shared by every field of its page, each field reading its own entry.
 */
import type { ToolPrefillResponse } from '#shared/api-types';
import type { ToolId } from '#shared/domain/validate-tools';
import { useAccountQuery } from '../../lib/account-query';
import { apiFetch } from '../../lib/api';

export type FieldPrefill = ToolPrefillResponse['fields'][number];

export const toolPrefillKeys = {
  /** Every tool's proposals: a save anywhere can change what another tool proposes. */
  all: (sub: string) => ['tool-prefill', sub] as const,
  tool: (sub: string, tool: ToolId) => ['tool-prefill', sub, tool] as const,
};

export function fetchToolPrefill(tool: ToolId, signal?: AbortSignal): Promise<ToolPrefillResponse> {
  return apiFetch('journey.toolPrefill', { params: { type: tool }, ...(signal ? { signal } : {}) });
}

/** One field's sources and proposal (null when the tool proposes nothing for it); asks only while `enabled`. */
export function useFieldPrefill(tool: ToolId, questionId: string, enabled = true) {
  return useAccountQuery({
    enabled,
    key: (sub) => toolPrefillKeys.tool(sub, tool),
    fetch: (signal) => fetchToolPrefill(tool, signal),
    select: (data): FieldPrefill | null => data.fields.find((f) => f.questionId === questionId) ?? null,
  });
}
