/** Stored AI suggestions per phase (USER#<sub> / SUGGEST#<type>), shown in the suggestion dialogs. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { QuestionType } from '#shared/domain/questions';
import { ddb, tableName } from './client';
import { keys } from './keys';
import { putItem } from './writes';

export interface StoredSuggestions {
  sections: Record<string, string[]>;
  source: 'webhook' | 'offline' | 'failed';
  createdAt: string;
}

export async function putSuggestions(sub: string, type: QuestionType, value: StoredSuggestions): Promise<void> {
  await putItem({ Item: { ...keys.suggestions(sub, type), ...value } });
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
