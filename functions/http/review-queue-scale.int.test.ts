/**
 * The coaches' review queue must not grow with the founders: its first page and a later page make the same number of
 * DynamoDB requests with 100 founders waiting as with 10,000. Requests are counted in the SDK's middleware.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResponseBody } from '#shared/contract';
import { countDynamoDbRequests } from '../../test/dynamodb-requests';
import { eventsSettled } from '../../test/helpers';
import { deleteSeeded, seedFounders } from '../../test/seed-founders';
import { createLogger, setLogSink } from '../lib/logger';
import type { Key } from '../store/keys';
import { foundersRoutes } from './founders';

const admin = { sub: 'admin', username: 'admin', groups: ['admin'], isAdmin: true, authTime: 1 };

const queuePage = async (cursor?: string) =>
  (
    await foundersRoutes['founders.reviewQueue'].handle({
      query: cursor ? { cursor } : {},
      event: {} as APIGatewayProxyEventV2,
      log: createLogger(),
      requestId: 'queue-scale',
      principal: admin,
      caller: { profile: null, items: [] },
      routeId: 'founders.reviewQueue',
      params: {},
      body: undefined,
    })
  ).body as ResponseBody<'founders.reviewQueue'>;

async function requests(): Promise<{ first: number; next: number }> {
  const first = await countDynamoDbRequests(() => queuePage());
  const cursor = (await queuePage()).nextCursor ?? undefined;
  const next = await countDynamoDbRequests(() => queuePage(cursor));
  return { first: first.requests, next: next.requests };
}

const seeded: Key[] = [];

/**
 * Waits until the table's stream has carried every seeded write to the directory projection. One settle gives up
 * after 20 s of a busy stream (local/stack.ts), so it is asked again until one returns early: 20,000 seeded writes
 * left in the stream would otherwise slow the next test files on the shared stack past their timeouts.
 */
async function streamDrained(): Promise<void> {
  for (let round = 0; round < 40; round++) {
    const started = Date.now();
    await eventsSettled();
    if (Date.now() - started < 15_000) return;
  }
}

/** Founders [from, to) split over the three reviewed phases, as many again in each. */
async function seed(from: number, to: number): Promise<void> {
  const third = Math.floor((to - from) / 3);
  seeded.push(...(await seedFounders({ from, to: from + third, type: 'trigger', prefix: 'queue-scale' })));
  seeded.push(
    ...(await seedFounders({
      from: from + third,
      to: from + 2 * third,
      type: 'value-proposition',
      prefix: 'queue-scale',
    })),
  );
  seeded.push(...(await seedFounders({ from: from + 2 * third, to, type: 'business-model', prefix: 'queue-scale' })));
}

afterAll(async () => {
  await deleteSeeded(seeded);
  await streamDrained();
  setLogSink((line, level) => (level === 'error' ? process.stderr.write(`${line}\n`) : undefined));
}, 900_000);

describe('the review queue at scale', () => {
  it('makes the same number of DynamoDB requests with 100 and with 10,000 founders waiting', async () => {
    setLogSink(() => undefined);
    await seed(0, 100);
    const small = await requests();
    await seed(100, 10_000);
    // Measured with the stream quiet, as the benchmark does: the projection's reads are not the queue's.
    await streamDrained();
    const large = await requests();

    expect(large).toEqual(small);
    // One Query per reviewed phase, one BatchGet of the pending counters, one of the page's profiles.
    expect(small).toEqual({ first: 5, next: 5 });
    const page = await queuePage();
    expect(page.founders).toHaveLength(20);
    expect(page.founders[0]?.userId).toBe('queue-scale-00000');
    expect(page.nextCursor).not.toBeNull();
  }, 900_000);
});
