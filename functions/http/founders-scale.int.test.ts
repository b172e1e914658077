/**
 * The founder directory must stay fast with thousands of founders: its first page, a searched page and a
 * filtered page each make the same number of DynamoDB requests with 100 founders as with 5,000 (one Query per
 * directory shard and one BatchGet of counters). Requests are counted in the SDK's middleware.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import type { ParsedQuery } from '#shared/contract';
import { countDynamoDbRequests } from '../../test/dynamodb-requests';
import { deleteSeeded, seedFounders } from '../../test/seed-founders';
import { createLogger, setLogSink } from '../lib/logger';
import { DIRECTORY_SHARDS, type Key } from '../store/keys';
import { foundersRoutes } from './founders';

const admin = { sub: 'admin', username: 'admin', groups: ['admin'], isAdmin: true, authTime: 1 };

async function requestsFor(query: ParsedQuery<'founders.list'>): Promise<{ requests: number; founders: number }> {
  const { requests, result } = await countDynamoDbRequests(() =>
    foundersRoutes['founders.list'].handle({
      routeId: 'founders.list',
      params: {},
      query,
      body: undefined,
      principal: admin,
      caller: { profile: null, items: [] },
      event: {} as APIGatewayProxyEventV2,
      log: createLogger(),
      requestId: 'directory-scale',
    }),
  );
  return { requests, founders: result.body.founders.length };
}

const seeded: Key[] = [];
const PREFIX = 'dirscale';

async function measure() {
  return {
    first: await requestsFor({ q: undefined }),
    searched: await requestsFor({ q: `${PREFIX}-00042` }),
    filtered: await requestsFor({ q: undefined, phase: 'generate-idea', status: 'in-progress' }),
  };
}

afterAll(async () => {
  await deleteSeeded(seeded);
  setLogSink((line, level) => (level === 'error' ? process.stderr.write(`${line}\n`) : undefined));
});

describe('founder directory at scale', () => {
  it('makes the same number of DynamoDB requests per page with 100 and with 5,000 founders', async () => {
    setLogSink(() => undefined);
    seeded.push(...(await seedFounders({ from: 0, to: 100, type: 'trigger', prefix: PREFIX })));
    const small = await measure();
    seeded.push(...(await seedFounders({ from: 100, to: 5000, type: 'trigger', prefix: PREFIX })));
    const large = await measure();

    const counts = (m: typeof small) => ({
      first: m.first.requests,
      searched: m.searched.requests,
      filtered: m.filtered.requests,
    });
    expect(counts(large)).toEqual(counts(small));
    // One Query per directory shard and one BatchGet of the counters, whatever the page.
    expect(counts(small)).toEqual({
      first: DIRECTORY_SHARDS + 1,
      searched: DIRECTORY_SHARDS + 1,
      filtered: DIRECTORY_SHARDS + 1,
    });
    expect(large.first.founders).toBe(25);
    expect(large.filtered.founders).toBe(25);
  }, 180_000);
});
