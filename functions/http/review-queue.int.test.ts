/**
 * The coaches' "waiting for review" queue against the real emulators: a founder joins it when they answer a phase's
 * last question, leaves it when a coach asks for changes or unlocks, comes back on a resave; pages run oldest first
 * without gaps or repeats; the total is every founder waiting; a cursor the queue did not hand out is a 400.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ResponseBody } from '#shared/contract';
import { adminToken, api, founderWithTriggerDone } from '../../test/helpers';
import { deleteSeeded, seededSub, seedFounders } from '../../test/seed-founders';
import { encodeCursor } from '../store/cursor';
import { DIRECTORY_CURSOR } from '../store/directory';
import { type Key, keys } from '../store/keys';

type Queue = ResponseBody<'founders.reviewQueue'>;
type Queued = Queue['founders'][number];

const QUEUE = '/api/admin/review-queue';

async function page(token: string, cursor?: string | null) {
  return api<Queue>('GET', cursor ? `${QUEUE}?cursor=${encodeURIComponent(cursor)}` : QUEUE, { token });
}

/** The whole queue, following cursors to the end, with the total every page reported. */
async function wholeQueue(token: string): Promise<{ founders: Queued[]; totals: number[] }> {
  const founders: Queued[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 1000; n++) {
    const res = await page(token, cursor);
    expect(res.status).toBe(200);
    expect(res.body.founders.length).toBeLessThanOrEqual(20);
    founders.push(...res.body.founders);
    totals.push(res.body.total);
    cursor = res.body.nextCursor;
    if (!cursor) return { founders, totals };
  }
  throw new Error('the queue did not end');
}

const entriesOf = (queue: Queued[], userId: string) => queue.filter((f) => f.userId === userId);

const seeded: Key[] = [];
afterAll(async () => {
  await deleteSeeded(seeded);
});

describe('GET /api/admin/review-queue', () => {
  it('holds each founder waiting in a phase, oldest first, from completion until a coach acts, and again after a resave', async () => {
    const coach = await adminToken();
    const before = Date.now();
    const first = await founderWithTriggerDone();
    const second = await founderWithTriggerDone();
    const after = Date.now();

    let { founders: queue, totals } = await wholeQueue(coach);
    const [a] = entriesOf(queue, first.sub);
    const [b] = entriesOf(queue, second.sub);
    expect(a).toMatchObject({ phase: 'trigger', email: first.email, answered: expect.any(Number) });
    expect(entriesOf(queue, first.sub)).toHaveLength(1);
    expect(Date.parse(a?.waitingSince ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(b?.waitingSince ?? '')).toBeLessThanOrEqual(after + 1000);
    // Oldest first, no founder-phase twice, and the total is every entry the pages held.
    const times = queue.map((f) => f.waitingSince);
    expect(times).toEqual([...times].sort());
    expect(new Set(queue.map((f) => `${f.phase}#${f.userId}`)).size).toBe(queue.length);
    expect(new Set(totals)).toEqual(new Set([queue.length]));
    expect(queue.indexOf(a as Queued)).toBeLessThan(queue.indexOf(b as Queued));

    const changes = await api('POST', `/api/admin/founders/${first.sub}/request-changes`, {
      token: coach,
      body: { phase: 'trigger', message: 'Name your first customer.' },
    });
    expect(changes.status).toBe(200);
    ({ founders: queue } = await wholeQueue(coach));
    expect(entriesOf(queue, first.sub)).toEqual([]);
    expect(entriesOf(queue, second.sub)).toHaveLength(1);

    // The founder answers the request: back in the queue.
    const { questions } = (
      await api<{ questions: { id: string }[] }>('GET', '/api/questions/trigger', { token: first.token })
    ).body;
    const resave = await api('PUT', `/api/answers/trigger/${questions[0]?.id}`, {
      token: first.token,
      body: { answers: ['Nina, who runs a bakery'] },
    });
    expect(resave.status).toBe(200);
    ({ founders: queue, totals } = await wholeQueue(coach));
    expect(entriesOf(queue, first.sub)).toHaveLength(1);
    expect(totals.every((t) => t === queue.length)).toBe(true);

    const unlock = await api('POST', `/api/admin/founders/${second.sub}/unlock`, {
      token: coach,
      body: { phase: 'trigger' },
    });
    expect(unlock.status).toBe(200);
    ({ founders: queue } = await wholeQueue(coach));
    expect(entriesOf(queue, second.sub)).toEqual([]);
  }, 120_000);

  it('merges the reviewed phases oldest first and pages on without gaps or repeats', async () => {
    const coach = await adminToken();
    // Seeded founders completed in 2025 (test/seed-founders.ts), before anyone this run: the queue starts with them.
    seeded.push(...(await seedFounders({ from: 0, to: 15, type: 'business-model', prefix: 'queue-founder' })));
    seeded.push(...(await seedFounders({ from: 15, to: 30, type: 'trigger', prefix: 'queue-founder' })));
    seeded.push(...(await seedFounders({ from: 30, to: 45, type: 'value-proposition', prefix: 'queue-founder' })));
    // Interleave the phases: founders 45–59 wait in business-model, completing between the others.
    seeded.push(...(await seedFounders({ from: 45, to: 60, type: 'business-model', prefix: 'queue-founder' })));

    const firstPage = await page(coach);
    expect(firstPage.status).toBe(200);
    expect(firstPage.body.founders.map((f) => f.userId)).toEqual(
      Array.from({ length: 20 }, (_, i) => seededSub(i, 'queue-founder')),
    );
    expect(firstPage.body.founders.slice(14, 16).map((f) => f.phase)).toEqual(['business-model', 'trigger']);
    expect(firstPage.body.founders[0]).toMatchObject({
      name: 'Scale Founder 0',
      email: `${seededSub(0, 'queue-founder')}@example.com`,
      startupName: null,
      waitingSince: '2025-01-01T00:00:00.000Z',
      answered: 18,
    });
    const second = await page(coach, firstPage.body.nextCursor);
    const third = await page(coach, second.body.nextCursor);
    const sixty = [...firstPage.body.founders, ...second.body.founders, ...third.body.founders];
    expect(sixty.map((f) => f.userId)).toEqual(Array.from({ length: 60 }, (_, i) => seededSub(i, 'queue-founder')));
    expect(sixty.slice(30, 45).every((f) => f.phase === 'value-proposition')).toBe(true);
    expect(sixty.slice(45, 60).every((f) => f.phase === 'business-model')).toBe(true);
  }, 60_000);

  it('refuses a cursor it did not hand out with a 400 that says to start again', async () => {
    const coach = await adminToken();
    const message = 'The cursor is not valid for the review queue. Start again from the first page.';
    const directoryCursor = Buffer.from(JSON.stringify(Array(DIRECTORY_CURSOR.shards).fill(0))).toString('base64url');
    const position = Buffer.from(JSON.stringify(['2025-01-01T00:00:00.000Z#x', 0, 0])).toString('base64url');
    // Not JSON, the directory's, a plain key (a profile's), a position with no founder in it, too few phases.
    for (const cursor of [
      'garbage',
      directoryCursor,
      encodeCursor({ ...keys.profile('x'), GSI1PK: 'a', GSI1SK: 'b' }) ?? '',
      Buffer.from(JSON.stringify(['not a time or sub', 0, 0])).toString('base64url'),
      Buffer.from(JSON.stringify([0, 0])).toString('base64url'),
    ]) {
      const res = await api<{ message: string }>('GET', `${QUEUE}?cursor=${encodeURIComponent(cursor)}`, {
        token: coach,
      });
      expect(res.status, cursor).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // A well-formed position goes on from there.
    expect((await page(coach, position)).status).toBe(200);
  });
});
