/** A founder's state per validation test (PK USER#<sub>, SK TEST#<testId>). */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EvaluationResult, TestStatus } from '#shared/domain/validation-tests';
import { ddb, tableName } from './client';
import { keys } from './keys';
import { queryAll } from './query';

export interface TestRun {
  testId: string;
  status: TestStatus;
  progress: number;
  evaluation: { result: EvaluationResult; notes: string | null } | null;
  deleted: boolean;
}

export async function listTestRuns(sub: string): Promise<Map<string, TestRun>> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': keys.profile(sub).PK, ':p': keys.testRunPrefix },
  });
  const runs = new Map<string, TestRun>();
  for (const item of items) {
    const testId = String(item.SK).slice(keys.testRunPrefix.length);
    runs.set(testId, {
      testId,
      status: (item.status as TestStatus) ?? 'not-started',
      progress: typeof item.progress === 'number' ? item.progress : 0,
      evaluation: (item.evaluation as TestRun['evaluation']) ?? null,
      deleted: item.deleted === true,
    });
  }
  return runs;
}

export interface TestRunChange {
  status?: TestStatus;
  progress?: number;
  evaluation?: TestRun['evaluation'];
  deleted?: boolean;
}

/** Applies the given fields only (a PUT of one field leaves the others alone). */
export async function updateTestRun(sub: string, testId: string, change: TestRunChange, now: string): Promise<void> {
  const sets = ['updatedAt = :now'];
  const values: Record<string, unknown> = { ':now': now };
  const names: Record<string, string> = {};
  for (const [field, value] of Object.entries(change)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.testRun(sub, testId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeValues: values,
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    }),
  );
}
