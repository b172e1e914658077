/** Reads a founder's progress: answered counts per type (PROGRESS items) against the question counts (STATS). */
import { BatchGetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { QUESTION_TYPES, type QuestionType } from '../domain/questions';
import { ddb, tableName } from './client';
import { keys, stats } from './keys';

export interface ProgressCounts {
  answered: Record<QuestionType, number>;
  totals: Record<QuestionType, number>;
}

const zeroByType = (): Record<QuestionType, number> => ({ trigger: 0, 'value-proposition': 0, 'business-model': 0 });

export async function getProgressCounts(sub: string): Promise<ProgressCounts> {
  const progressKeys = QUESTION_TYPES.map((t) => keys.progress(sub, t));
  const statKeys = QUESTION_TYPES.map((t) => keys.stat(stats.questionCount(t)));
  const out = await ddb().send(
    new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: [...progressKeys, ...statKeys] } } }),
  );
  const items = out.Responses?.[tableName()] ?? [];
  const answered = zeroByType();
  const totals = zeroByType();
  for (const type of QUESTION_TYPES) {
    const progress = items.find((i) => i.PK === keys.progress(sub, type).PK && i.SK === keys.progress(sub, type).SK);
    const stat = items.find((i) => i.PK === 'STATS' && i.SK === stats.questionCount(type));
    answered[type] = typeof progress?.answered === 'number' ? progress.answered : 0;
    totals[type] = typeof stat?.value === 'number' ? stat.value : 0;
  }
  return { answered, totals };
}

/** Counts a founder's items under one sort-key prefix (files, test runs) without reading them. */
export async function countUserItems(sub: string, prefix: string): Promise<number> {
  let count = 0;
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': keys.profile(sub).PK, ':p': prefix },
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}
