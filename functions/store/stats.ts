/** Platform counters (PK STATS). Read with a few GetItems, never by scanning. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { keys } from './keys';
import { putItem, wroteIf } from './writes';

export async function getCounter(name: string): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.stat(name) }));
  return typeof out.Item?.value === 'number' ? out.Item.value : 0;
}

/**
 * Sets a counter recomputed from its source (e.g. a recount), so replays converge on the same value.
 * A recount that finds the value unchanged writes nothing: a coach's retried (or mistaken) delete of a
 * question that is not there triggers a recount, and a refused request must leave the table as it was.
 */
export async function setCounter(name: string, value: number): Promise<void> {
  await wroteIf(
    putItem({
      Item: { ...keys.stat(name), value, updatedAt: new Date().toISOString() },
      ConditionExpression: 'attribute_not_exists(#v) OR #v <> :v',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':v': value },
    }),
  );
}
