/**
 * Fixed-window counters (PK RATE#<name>#<window>), one conditional update per hit
 * and removed by TTL. Used to limit how often codes are emailed.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { keys } from './keys';

export interface RateVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

export async function hitRateLimit(
  name: string,
  limit: number,
  windowSeconds: number,
  now: number,
): Promise<RateVerdict> {
  const window = Math.floor(now / windowSeconds);
  const windowEnd = (window + 1) * windowSeconds;
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rateLimit(name, window),
        UpdateExpression: 'ADD hits :one SET expiresAt = :end',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':end': windowEnd + 60 },
      }),
    );
    return { allowed: true, retryAfterSeconds: 0 };
  } catch (err) {
    if (err instanceof Error && err.name === 'ConditionalCheckFailedException') {
      return { allowed: false, retryAfterSeconds: Math.max(1, windowEnd - now) };
    }
    throw err;
  }
}
