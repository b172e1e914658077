/** `npm run restore:wait` on DynamoDB Local: an ACTIVE table ends the wait; a table never made fails it with exit 1. */
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { waitCli } from './cli';
import { waitForTableActive } from './wait-table';

const client = () => new DynamoDBClient({ endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB, region: 'us-east-1' });

describe('restore:wait', () => {
  it('returns once the table is ACTIVE, and the CLI says so', async () => {
    const name = `wait-${randomUUID().slice(0, 8)}`;
    await client().send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }],
      }),
    );
    try {
      expect(await waitForTableActive({ client: client(), tableName: name, intervalMs: 10 })).toBeLessThan(5_000);
      const lines: string[] = [];
      expect(await waitCli(['--stage', 'dev', '--table', name], { print: (l) => lines.push(l) })).toBe(0);
      expect(lines.at(-1)).toMatch(new RegExp(`^${name} is ACTIVE after \\d+ s\\.$`));
    } finally {
      await client().send(new DeleteTableCommand({ TableName: name }));
    }
  });

  it('fails on a table that does not exist, and refuses a command without a table', async () => {
    await expect(
      waitForTableActive({ client: client(), tableName: 'never-made', intervalMs: 10, missingForMs: 50 }),
    ).rejects.toThrow(/never-made does not exist/);
    const lines: string[] = [];
    expect(await waitCli(['--stage', 'dev'], { print: (l) => lines.push(l) })).toBe(2);
    expect(lines[0]).toBe('Name the table to wait for: --table <name>.');
    expect(
      await waitCli(['--stage', 'dev', '--table', 't', '--timeout-hours', '0'], { print: (l) => lines.push(l) }),
    ).toBe(2);
  });
});
