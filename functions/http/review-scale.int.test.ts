/**
 * Coaches' pages must stay fast with tens of thousands of founders: the statistics and
 * the first page of a review list make the same number of DynamoDB requests with 100
 * founders as with 5,000. Requests are counted in the SDK's middleware.
 */

import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { countDynamoDbRequests } from '../../test/dynamodb-requests';
import { deleteSeeded, seedFounders } from '../../test/seed-founders';
import { createLogger, setLogSink } from '../lib/logger';
import type { Key } from '../store/keys';
import { reviewRoutes } from './review';

const admin = { sub: 'admin', username: 'admin', groups: ['admin'], isAdmin: true, authTime: 1 };
const base = {
  query: {},
  event: {} as APIGatewayProxyEventV2,
  log: createLogger(),
  requestId: 'scale',
  principal: admin,
  caller: { profile: null, items: [] },
};

async function requestsFor(run: () => Promise<unknown>): Promise<number> {
  return (await countDynamoDbRequests(run)).requests;
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

const seeded: Key[] = [];

async function seed(from: number, to: number): Promise<void> {
  seeded.push(...(await seedFounders({ from, to, type: 'business-model' })));
}

afterAll(async () => {
  await deleteSeeded(seeded);
  setLogSink((line, level) => (level === 'error' ? process.stderr.write(`${line}\n`) : undefined));
});

describe('coach pages at scale', () => {
  it('make the same number of DynamoDB requests with 100 and with 5,000 founders', async () => {
    setLogSink(() => undefined);
    await seed(0, 100);
    const small = { stats: await requestsFor(stats), list: await requestsFor(firstPage) };

    await seed(100, 5000);
    const large = { stats: await requestsFor(stats), list: await requestsFor(firstPage) };

    expect(large).toEqual(small);
    // One BatchGet of counters; one Query, one BatchGet of the page's profiles and one of the two counts.
    expect(small).toEqual({ stats: 1, list: 3 });
    const page = (await firstPage()).body as { founders: unknown[]; nextCursor: string | null };
    expect(page.founders).toHaveLength(50);
    expect(page.nextCursor).not.toBeNull();
  }, 120_000);
});
