/**
 * Coaches' pages must stay fast with tens of thousands of founders: the statistics and
 * the first page of a review list make the same number of DynamoDB requests with 100
 * founders as with 5,000. Requests are counted in the SDK's middleware.
 */

import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger, setLogSink } from '../lib/logger';
import { ddb, tableName } from '../store/client';
import { keys } from '../store/keys';
import { reviewRoutes } from './review';

let requests = 0;
ddb().middlewareStack.add(
  (next) => async (args) => {
    requests++;
    return next(args);
  },
  { step: 'initialize', name: 'countDynamoDbRequests' },
);

const admin = { sub: 'admin', username: 'admin', groups: ['admin'], isAdmin: true };
const base = {
  query: {},
  event: {} as APIGatewayProxyEventV2,
  log: createLogger(),
  requestId: 'scale',
  principal: admin,
};

async function requestsFor(run: () => Promise<unknown>): Promise<number> {
  const before = requests;
  await run();
  return requests - before;
}

const stats = () =>
  reviewRoutes['review.stats'].handle({ ...base, routeId: 'review.stats', params: {}, body: undefined });
const firstPage = () =>
  reviewRoutes['review.list'].handle({
    ...base,
    routeId: 'review.list',
    params: { type: 'business-model' },
    query: { state: 'pending' },
    body: undefined,
  });

const seeded: { PK: string; SK: string }[] = [];

async function seedFounders(from: number, to: number): Promise<void> {
  const items: Record<string, unknown>[] = [];
  for (let i = from; i < to; i++) {
    const sub = `scale-founder-${String(i).padStart(5, '0')}`;
    const at = new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString();
    items.push({ ...keys.profile(sub), firstName: 'Scale', lastName: `Founder ${i}`, email: `${sub}@example.com` });
    items.push({
      ...keys.progress(sub, 'business-model'),
      answered: 18,
      completedAt: at,
      GSI1PK: keys.reviewPartition('business-model', 'PENDING'),
      GSI1SK: `${at}#${sub}`,
    });
  }
  await writeAll(items.map((Item) => ({ PutRequest: { Item } })));
  for (const item of items) seeded.push({ PK: String(item.PK), SK: String(item.SK) });
}

async function writeAll(requestsToWrite: Record<string, unknown>[]): Promise<void> {
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < requestsToWrite.length; i += 25) chunks.push(requestsToWrite.slice(i, i + 25));
  // A few writers at once: seeding stays a matter of seconds on DynamoDB Local.
  for (let i = 0; i < chunks.length; i += 8) {
    await Promise.all(
      chunks
        .slice(i, i + 8)
        .map((chunk) => ddb().send(new BatchWriteCommand({ RequestItems: { [tableName()]: chunk } }))),
    );
  }
}

afterAll(async () => {
  await writeAll(seeded.map((Key) => ({ DeleteRequest: { Key } })));
  setLogSink((line, level) => (level === 'error' ? process.stderr.write(`${line}\n`) : undefined));
});

describe('coach pages at scale', () => {
  it('make the same number of DynamoDB requests with 100 and with 5,000 founders', async () => {
    setLogSink(() => undefined);
    await seedFounders(0, 100);
    const small = { stats: await requestsFor(stats), list: await requestsFor(firstPage) };

    await seedFounders(100, 5000);
    const large = { stats: await requestsFor(stats), list: await requestsFor(firstPage) };

    expect(large).toEqual(small);
    // One BatchGet of counters; one Query, one BatchGet of the page's profiles and one of the two counts.
    expect(small).toEqual({ stats: 1, list: 3 });
    const page = (await firstPage()).body as { founders: unknown[]; nextCursor: string | null };
    expect(page.founders).toHaveLength(50);
    expect(page.nextCursor).not.toBeNull();
  }, 120_000);
});
