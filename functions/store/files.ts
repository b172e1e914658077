/** Data-room file records (PK USER#<sub>, SK FILE#<uploadedAt>#<id>): newest first by key order. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { keys } from './keys';

export async function newestFileUploadedAt(sub: string): Promise<string | null> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': keys.profile(sub).PK, ':p': keys.filePrefix },
      ScanIndexForward: false,
      Limit: 1,
      ProjectionExpression: 'uploadedAt',
    }),
  );
  const uploadedAt = out.Items?.[0]?.uploadedAt;
  return typeof uploadedAt === 'string' ? uploadedAt : null;
}
