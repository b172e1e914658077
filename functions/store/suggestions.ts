/**
 * Stored AI suggestions per phase or Validate tool (USER#<sub> / SUGGEST#<type>), shown in the suggestion dialogs and
 * panels. A tool's draft also keeps the fingerprint of what it was drafted from (`basis`), so a repeated request for
 * the same material returns it instead of paying for another (functions/http/tool-suggestions.ts).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { QuestionType } from '#shared/domain/questions';
import { profileExists } from './account-guard';
import { ddb, tableName } from './client';
import { CONDITION_FAILED } from './conditions';
import { keys } from './keys';
import { transact } from './writes';

export interface StoredSuggestions {
  sections: Record<string, string[]>;
  source: 'bedrock' | 'webhook' | 'offline' | 'failed';
  createdAt: string;
}

/** Stores the suggestions; false when the founder's account is gone (a late event after a deletion writes nothing). */
export async function putSuggestions(
  sub: string,
  type: QuestionType,
  value: StoredSuggestions,
  basis?: string,
): Promise<boolean> {
  const item = { ...keys.suggestions(sub, type), ...value, ...(basis ? { basis } : {}) };
  const refused = await transact([{ Put: { TableName: tableName(), Item: item } }, profileExists(sub)], (codes) =>
    codes[1] === CONDITION_FAILED ? true : undefined,
  );
  return refused !== true;
}

/** The stored suggestions as served, from their item (null when there is none). */
export function suggestionsOf(item: Record<string, unknown> | undefined): StoredSuggestions | null {
  if (!item) return null;
  return {
    sections: (item.sections as Record<string, string[]>) ?? {},
    source: item.source as StoredSuggestions['source'],
    createdAt: String(item.createdAt ?? ''),
  };
}

/** The fingerprint of the material a tool's draft was built from, when it has one. */
export function basisOf(item: Record<string, unknown> | undefined): string | null {
  return typeof item?.basis === 'string' ? item.basis : null;
}

export async function getSuggestions(sub: string, type: QuestionType): Promise<StoredSuggestions | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.suggestions(sub, type) }));
  return suggestionsOf(out.Item);
}
