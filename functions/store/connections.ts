/**
 * Open realtime (WebSocket) connections of each founder. Two items per connection in one
 * transaction: one under the founder, so a push finds every connection with one Query, and
 * one under the connection id, so `$disconnect` (which carries only that id) finds the founder.
 * Both expire after API Gateway's own 2-hour connection limit, so a lost `$disconnect` leaves no litter.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { AccountClosedError, profileExists } from './account-guard';
import { ddb, tableName } from './client';
import { CONDITION_FAILED } from './conditions';
import { keys } from './keys';
import { queryAll } from './query';
import { transact } from './writes';

/** API Gateway closes every WebSocket after 2 hours; a few minutes more covers clock skew. */
export const CONNECTION_TTL_SECONDS = 2 * 60 * 60 + 5 * 60;

export async function saveConnection(sub: string, connectionId: string, now: Date): Promise<void> {
  const expiresAt = Math.floor(now.getTime() / 1000) + CONNECTION_TTL_SECONDS;
  const connectedAt = now.toISOString();
  await transact(
    [
      { Put: { TableName: tableName(), Item: { ...keys.connection(sub, connectionId), connectedAt, expiresAt } } },
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.connectionOwner(connectionId), userId: sub, connectedAt, expiresAt },
        },
      },
      profileExists(sub),
    ],
    (codes) => {
      if (codes[2] === CONDITION_FAILED) throw new AccountClosedError(`No profile for ${sub}`);
      return undefined;
    },
  );
}

/** Forgets a connection by its id alone; returns the founder it belonged to, or null if it was unknown. */
export async function removeConnection(connectionId: string): Promise<string | null> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.connectionOwner(connectionId) }));
  const userId = out.Item?.userId;
  if (typeof userId !== 'string') return null;
  await dropConnection(userId, connectionId);
  return userId;
}

/** Deletes both items of a connection; deleting one that is already gone is not an error. */
export async function dropConnection(sub: string, connectionId: string): Promise<void> {
  await transact([
    { Delete: { TableName: tableName(), Key: keys.connection(sub, connectionId) } },
    { Delete: { TableName: tableName(), Key: keys.connectionOwner(connectionId) } },
  ]);
}

/** The founder's open connection ids (a founder has a handful: one per tab). */
export async function connectionsOf(sub: string): Promise<string[]> {
  const ids: string[] = [];
  const nowSeconds = Math.floor(Date.now() / 1000);
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.profile(sub).PK, ':prefix': keys.connectionPrefix },
  });
  for (const item of items) {
    // TTL deletes lazily (up to days later); an expired item is a connection API Gateway has closed.
    if (typeof item.expiresAt === 'number' && item.expiresAt < nowSeconds) continue;
    if (typeof item.SK === 'string') ids.push(item.SK.slice(keys.connectionPrefix.length));
  }
  return ids;
}
