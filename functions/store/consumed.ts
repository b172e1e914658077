/**
 * Consumers' claims on outbox events (USER-independent keys CONSUMED#<consumer>#<id>): EventBridge and the stream
 * both deliver at least once, so the same announcement can reach a consumer twice, even at the same time. A
 * consumer claims the event before acting (one conditional Put), marks it done after, and gives the claim back
 * when it fails, so the retry acts. A claim whose holder died is taken over once its lease ends.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { keys } from './keys';
import { putItem, updateItem, wroteIf } from './writes';

/** How long a handled event is remembered: longer than EventBridge retries (1 h) and the stream (24 h). */
export const CONSUMED_RETENTION_SECONDS = 7 * 24 * 60 * 60;

/** True when this delivery may act; false when another delivery of the event acts or has acted. */
export function claimDelivery(
  consumer: string,
  eventId: string,
  leaseSeconds: number,
  nowMs = Date.now(),
): Promise<boolean> {
  const now = Math.floor(nowMs / 1000);
  return wroteIf(
    putItem({
      Item: {
        ...keys.consumed(consumer, eventId),
        state: 'working',
        leaseUntil: now + leaseSeconds,
        expiresAt: now + CONSUMED_RETENTION_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK) OR (#state = :working AND leaseUntil < :now)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':working': 'working', ':now': now },
    }),
  );
}

export async function finishDelivery(consumer: string, eventId: string): Promise<void> {
  await updateItem({
    Key: keys.consumed(consumer, eventId),
    UpdateExpression: 'SET #state = :done',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':done': 'done' },
  });
}

/** Gives a failed delivery's claim back, so the retry acts (a claim already done stays). */
export async function releaseDelivery(consumer: string, eventId: string): Promise<void> {
  await wroteIf(
    ddb().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.consumed(consumer, eventId),
        ConditionExpression: '#state = :working',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':working': 'working' },
      }),
    ),
  );
}
