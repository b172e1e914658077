/**
 * The states a restore goes through (CREATING for hours, a table not there yet, one deleted under the wait) are ones
 * DynamoDB Local never shows — its tables are ACTIVE at once — so DescribeTable is mocked here; the ACTIVE path and a
 * missing table run on DynamoDB Local in wait-table.int.test.ts.
 */
import { DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WAIT, TableWaitError, waitForTableActive } from './wait-table';

const ddb = mockClient(DynamoDBClient);
beforeEach(() => ddb.reset());

/** A clock the sleeps move forward: hours of waiting in no time. */
function clock() {
  let t = 0;
  return {
    now: () => t,
    sleep: async (ms: number) => {
      t += ms;
    },
  };
}

const status = (TableStatus: string) => ({ Table: { TableStatus } }) as never;
const missing = () => new ResourceNotFoundException({ message: 'not found', $metadata: {} });

describe('waitForTableActive', () => {
  it('waits through hours of CREATING, past the 10 minutes `aws dynamodb wait table-exists` allows', async () => {
    const c = clock();
    const seen: string[] = [];
    let calls = 0;
    ddb.on(DescribeTableCommand).callsFake(() => status(++calls > 300 ? 'ACTIVE' : 'CREATING'));
    const waited = await waitForTableActive({
      client: new DynamoDBClient({}),
      tableName: 'big',
      ...c,
      onPoll: (s) => seen.push(s),
    });
    expect(waited).toBe(300 * DEFAULT_WAIT.intervalMs);
    expect(waited).toBeGreaterThan(2 * 60 * 60_000);
    expect(seen.at(-1)).toBe('ACTIVE');
    expect(seen.filter((s) => s === 'CREATING')).toHaveLength(300);
  });

  it('waits for a table that appears a moment after the restore request', async () => {
    const c = clock();
    ddb.on(DescribeTableCommand).rejectsOnce(missing()).resolves(status('ACTIVE'));
    expect(await waitForTableActive({ client: new DynamoDBClient({}), tableName: 't', ...c })).toBe(
      DEFAULT_WAIT.intervalMs,
    );
  });

  it('gives up on a table still missing after missingForMs, with the name to check', async () => {
    const c = clock();
    ddb.on(DescribeTableCommand).rejects(missing());
    await expect(waitForTableActive({ client: new DynamoDBClient({}), tableName: 'typo', ...c })).rejects.toThrow(
      /Table typo does not exist \(waited 120 s\)/,
    );
  });

  it('fails at once on a table being deleted', async () => {
    const c = clock();
    ddb.on(DescribeTableCommand).resolves(status('DELETING'));
    await expect(waitForTableActive({ client: new DynamoDBClient({}), tableName: 't', ...c })).rejects.toThrow(
      new TableWaitError('Table t is DELETING: it will not become ACTIVE.'),
    );
    expect(c.now()).toBe(0);
  });

  it('stops at the timeout and says to run it again', async () => {
    const c = clock();
    ddb.on(DescribeTableCommand).resolves(status('CREATING'));
    await expect(
      waitForTableActive({ client: new DynamoDBClient({}), tableName: 't', timeoutMs: 60 * 60_000, ...c }),
    ).rejects.toThrow(/still CREATING after 60 min: run the command again/);
    expect(c.now()).toBeLessThanOrEqual(60 * 60_000);
  });

  it('passes on other errors (no credentials) as they are', async () => {
    ddb.on(DescribeTableCommand).rejects(new Error('Could not load credentials'));
    await expect(waitForTableActive({ client: new DynamoDBClient({}), tableName: 't', ...clock() })).rejects.toThrow(
      'Could not load credentials',
    );
  });
});
