/** Stored AI suggestions per phase (USER#<sub> / SUGGEST#<type>), shown in the suggestion dialogs. */
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
export async function putSuggestions(sub: string, type: QuestionType, value: StoredSuggestions): Promise<boolean> {
  const refused = await transact(
    [{ Put: { TableName: tableName(), Item: { ...keys.suggestions(sub, type), ...value } } }, profileExists(sub)],
    (codes) => (codes[1] === CONDITION_FAILED ? true : undefined),
  );
  return refused !== true;
}

export async function getSuggestions(sub: string, type: QuestionType): Promise<StoredSuggestions | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.suggestions(sub, type) }));
  if (!out.Item) return null;
  return {
    sections: (out.Item.sections as Record<string, string[]>) ?? {},
    source: out.Item.source as StoredSuggestions['source'],
    createdAt: String(out.Item.createdAt ?? ''),
  };
}
