/**
 * The local bus's retries, parking and redrive, on fake timers: an hour of back-offs runs in milliseconds. The
 * consumers are stand-ins that fail on cue; the dead-letter store is a real folder.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventBridgeEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_SOURCE, RETRY_POLICY } from '#shared/events';
import { rootLogger, setLogSink } from '../functions/lib/logger';
import { deadLetterFileName } from './dead-letter-store';
import { type LocalEventBus, startLocalEventBus } from './event-bus';

type Event = EventBridgeEvent<string, unknown>;

/** A consumer that throws while `failing` says so, and counts what it was handed and what it took. */
function flakyConsumer() {
  const state = { failing: true, attempts: [] as { id: string; at: number }[], delivered: [] as Event[] };
  const handler = async (event: Event) => {
    state.attempts.push({ id: event.id, at: Date.now() });
    if (state.failing) throw new Error('connect ECONNREFUSED 127.0.0.1:8005');
    state.delivered.push(event);
  };
  return { state, handler };
}

// Each retry logs a warning; an hour of them would bury the test's own output.
setLogSink(() => undefined);
const quietLog = () => rootLogger.child({ component: 'event-bus-test' });

let dir: string;
let bus: LocalEventBus;
let shareNotices: ReturnType<typeof flakyConsumer>;
let questionStats: ReturnType<typeof flakyConsumer>;

async function publish(detailType: string, detail: unknown): Promise<string> {
  const res = await fetch(bus.endpoint, {
    method: 'POST',
    headers: { 'x-amz-target': 'AWSEvents.PutEvents', 'content-type': 'application/x-amz-json-1.1' },
    body: JSON.stringify({
      Entries: [{ Source: EVENT_SOURCE, DetailType: detailType, Detail: JSON.stringify(detail) }],
    }),
  });
  const body = (await res.json()) as { Entries: { EventId: string }[] };
  const id = body.Entries[0]?.EventId;
  if (!id) throw new Error('no event id');
  return id;
}

/** ShareLinkViewed goes to share-notices alone (shared/events.ts's RULES). */
const shareLinkViewed = () =>
  publish('ShareLinkViewed', { userId: 'u1', linkId: 'l1', linkLabel: 'Investors', viewerEmail: null, at: 'now' });

/** Lets the bus's promises and file writes run between fake-timer steps. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
}

beforeEach(async () => {
  // Only what the back-off uses: the HTTP client and the file system keep their real timers.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  dir = await mkdtemp(join(tmpdir(), 'preseed-bus-test-'));
  shareNotices = flakyConsumer();
  questionStats = flakyConsumer();
  questionStats.state.failing = false;
  const consumers: Record<string, (event: Event) => Promise<void>> = {
    'share-notices': shareNotices.handler,
    'question-stats': questionStats.handler,
  };
  bus = await startLocalEventBus({
    deadLetterDir: dir,
    log: quietLog(),
    loadConsumer: async (name) => {
      const consumer = consumers[name];
      if (!consumer) throw new Error(`unexpected consumer ${name}`);
      return consumer;
    },
  });
});

afterEach(async () => {
  await bus.stop();
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

const quickRetriesMs = RETRY_POLICY.backoffMs.slice(0, RETRY_POLICY.maxAttempts - 1).reduce((a, b) => a + b, 0);

describe('a consumer that fails for a while', () => {
  it('is tried again past the quick retries, without holding up other deliveries, and gets the event once', async () => {
    const id = await shareLinkViewed();
    await settle();
    // Past every quick retry, and a good deal longer: the bus has not given up.
    await vi.advanceTimersByTimeAsync(quickRetriesMs + 30_000);
    expect(shareNotices.state.attempts.length).toBeGreaterThan(RETRY_POLICY.maxAttempts);
    expect(bus.deadLetters()).toEqual([]);

    // Meanwhile another consumer's event goes straight through.
    await publish('QuestionSetChanged', { type: 'trigger', change: 'added', questionId: 'q1' });
    await settle();
    expect(questionStats.state.delivered).toHaveLength(1);

    shareNotices.state.failing = false;
    await vi.advanceTimersByTimeAsync(RETRY_POLICY.maxBackoffMs);
    await bus.idle();
    expect(shareNotices.state.delivered.map((e) => e.id)).toEqual([id]);
    expect(bus.deadLetters()).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('waits longer between later attempts, never longer than the policy allows', async () => {
    await shareLinkViewed();
    await settle();
    await vi.advanceTimersByTimeAsync(10 * RETRY_POLICY.maxBackoffMs);
    const gaps = shareNotices.state.attempts.slice(1).map((a, i) => a.at - (shareNotices.state.attempts[i]?.at ?? 0));
    expect(gaps.slice(0, RETRY_POLICY.backoffMs.length)).toEqual([...RETRY_POLICY.backoffMs]);
    for (const [i, gap] of gaps.entries()) {
      expect(gap).toBeLessThanOrEqual(RETRY_POLICY.maxBackoffMs);
      if (i > 0) expect(gap).toBeGreaterThanOrEqual(gaps[i - 1] ?? 0);
    }
    expect(gaps.at(-1)).toBe(RETRY_POLICY.maxBackoffMs);
  });
});

describe('a consumer that fails for longer than the policy allows', () => {
  async function parkOne(): Promise<{ id: string; file: string }> {
    const id = await shareLinkViewed();
    await settle();
    const publishedAt = Date.now();
    await vi.advanceTimersByTimeAsync(RETRY_POLICY.maxEventAgeSeconds * 1000 + RETRY_POLICY.maxBackoffMs);
    await bus.idle();
    // No attempt once the event was older than the cloud's rules keep one.
    const last = shareNotices.state.attempts.at(-1)?.at ?? 0;
    expect(last - publishedAt).toBeLessThanOrEqual(RETRY_POLICY.maxEventAgeSeconds * 1000);
    return { id, file: deadLetterFileName('share-notices', id) };
  }

  it('is parked in the data directory: one file naming the consumer and the event', async () => {
    const { id, file } = await parkOne();
    expect(shareNotices.state.delivered).toEqual([]);
    expect(await readdir(dir)).toEqual([file]);
    expect(file).toContain('share-notices');
    expect(file).toContain(id);
    const parked = JSON.parse(await readFile(join(dir, file), 'utf8')) as Record<string, unknown>;
    expect(parked).toMatchObject({
      consumer: 'share-notices',
      event: { id, 'detail-type': 'ShareLinkViewed', detail: { linkId: 'l1' } },
      error: expect.stringMatching(/ECONNREFUSED/),
      attempts: shareNotices.state.attempts.length,
    });
    expect(bus.deadLetters()).toEqual([expect.objectContaining({ consumer: 'share-notices', file })]);
  });

  it('is delivered once by a redrive, which empties the store; a second redrive does nothing', async () => {
    const { id } = await parkOne();
    shareNotices.state.failing = false;
    const before = shareNotices.state.attempts.length;

    const first = await bus.redrive();
    expect(first).toEqual([
      expect.objectContaining({
        consumer: 'share-notices',
        eventId: id,
        detailType: 'ShareLinkViewed',
        outcome: 'delivered',
      }),
    ]);
    expect(shareNotices.state.delivered.map((e) => e.id)).toEqual([id]);
    expect(await readdir(dir)).toEqual([]);
    expect(bus.deadLetters()).toEqual([]);

    expect(await bus.redrive()).toEqual([]);
    expect(shareNotices.state.attempts.length).toBe(before + 1);
    expect(shareNotices.state.delivered).toHaveLength(1);
  });

  it('stays parked when the redrive fails too, with the newer failure and one more attempt', async () => {
    const { id, file } = await parkOne();
    const attempts = shareNotices.state.attempts.length;
    const [result] = await bus.redrive();
    expect(result).toMatchObject({ eventId: id, outcome: 'failed', error: expect.stringMatching(/ECONNREFUSED/) });
    expect(await readdir(dir)).toEqual([file]);
    const parked = JSON.parse(await readFile(join(dir, file), 'utf8')) as { attempts: number };
    expect(parked.attempts).toBe(attempts + 1);
  });

  it('redrives only the consumer asked for', async () => {
    await parkOne();
    shareNotices.state.failing = false;
    expect(await bus.redrive({ consumer: 'email-sender' })).toEqual([]);
    expect(shareNotices.state.delivered).toEqual([]);
    expect(await bus.redrive({ consumer: 'share-notices' })).toHaveLength(1);
  });

  it('two redrives at once deliver it once', async () => {
    await parkOne();
    shareNotices.state.failing = false;
    const [a, b] = await Promise.all([bus.redrive(), bus.redrive()]);
    expect([...(a ?? []), ...(b ?? [])].map((r) => r.outcome)).toEqual(['delivered']);
    expect(shareNotices.state.delivered).toHaveLength(1);
  });
});

describe('stopping the bus', () => {
  it('parks a delivery waiting for its retry, so a restart loses nothing, and a new bus redrives it', async () => {
    const id = await shareLinkViewed();
    await settle();
    await vi.advanceTimersByTimeAsync(quickRetriesMs);
    await bus.stop();
    expect(await readdir(dir)).toEqual([deadLetterFileName('share-notices', id)]);

    shareNotices.state.failing = false;
    bus = await startLocalEventBus({
      deadLetterDir: dir,
      log: quietLog(),
      loadConsumer: async () => shareNotices.handler,
    });
    expect((await bus.redrive()).map((r) => r.outcome)).toEqual(['delivered']);
    expect(shareNotices.state.delivered.map((e) => e.id)).toEqual([id]);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('a crash (kill -9) while a delivery waits for its retry', () => {
  it('loses nothing: the next bus on the same data directory delivers it once and empties the retrying folder', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'preseed-bus-crash-'));
    const retryingDir = join(dataDir, 'retrying');
    const deadLetterDir = join(dataDir, 'dead-letters');
    const failing = flakyConsumer();
    const crashed = await startLocalEventBus({
      deadLetterDir,
      retryingDir,
      log: quietLog(),
      loadConsumer: async () => failing.handler,
    });
    const publisher = bus;
    let restarted: LocalEventBus | null = null;
    try {
      bus = crashed;
      const id = await shareLinkViewed();
      await settle();
      await crashed.idle();
      const file = deadLetterFileName('share-notices', id);
      expect(await readdir(retryingDir)).toEqual([file]);
      expect(JSON.parse(await readFile(join(retryingDir, file), 'utf8'))).toMatchObject({
        consumer: 'share-notices',
        event: { id, 'detail-type': 'ShareLinkViewed' },
        attempts: 1,
        firstFailedAt: expect.any(String),
        error: expect.stringMatching(/ECONNREFUSED/),
      });
      // A second failure rewrites the file with the newer count; the first failure's time stays.
      const { firstFailedAt } = JSON.parse(await readFile(join(retryingDir, file), 'utf8')) as {
        firstFailedAt: string;
      };
      await vi.advanceTimersByTimeAsync(RETRY_POLICY.backoffMs[0] ?? 0);
      await crashed.idle();
      await settle();
      expect(JSON.parse(await readFile(join(retryingDir, file), 'utf8'))).toMatchObject({ attempts: 2, firstFailedAt });

      // The crash: no stop(), so nothing is parked. Its timers would die with the process; clearing them is the
      // nearest a test gets (the server alone is closed, so the port goes).
      vi.clearAllTimers();
      const attemptsBeforeCrash = failing.state.attempts.length;

      const succeeding = flakyConsumer();
      succeeding.state.failing = false;
      restarted = await startLocalEventBus({
        deadLetterDir,
        retryingDir,
        log: quietLog(),
        loadConsumer: async () => succeeding.handler,
      });
      expect(succeeding.state.attempts).toEqual([]);
      expect((await restarted.resumeRetries()).map((r) => [r.eventId, r.attempts, r.firstFailedAt])).toEqual([
        [id, 2, firstFailedAt],
      ]);
      await vi.advanceTimersByTimeAsync(RETRY_POLICY.maxBackoffMs);
      await restarted.idle();
      await settle();
      expect(succeeding.state.delivered.map((e) => e.id)).toEqual([id]);
      expect(failing.state.attempts).toHaveLength(attemptsBeforeCrash);
      expect(restarted.retrying()).toEqual([]);
      expect(await readdir(retryingDir)).toEqual([]);
      expect(restarted.deadLetters()).toEqual([]);
      // A second resume finds nothing to do.
      expect(await restarted.resumeRetries()).toEqual([]);
      expect(succeeding.state.attempts).toHaveLength(1);
    } finally {
      bus = publisher;
      await restarted?.stop();
      await crashed.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('parks a delivery found on restart that is already older than the policy keeps an event', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'preseed-bus-crash-'));
    const retryingDir = join(dataDir, 'retrying');
    const deadLetterDir = join(dataDir, 'dead-letters');
    const crashed = await startLocalEventBus({
      deadLetterDir,
      retryingDir,
      log: quietLog(),
      loadConsumer: async () => shareNotices.handler,
    });
    const publisher = bus;
    let restarted: LocalEventBus | null = null;
    try {
      bus = crashed;
      const id = await shareLinkViewed();
      await settle();
      await crashed.idle();
      vi.clearAllTimers();
      // Down for longer than the event's maximum age.
      vi.setSystemTime(Date.now() + RETRY_POLICY.maxEventAgeSeconds * 1000 + 1);
      shareNotices.state.failing = false;
      restarted = await startLocalEventBus({
        deadLetterDir,
        retryingDir,
        log: quietLog(),
        loadConsumer: async () => shareNotices.handler,
      });
      expect(await restarted.resumeRetries()).toEqual([]);
      expect(await readdir(retryingDir)).toEqual([]);
      expect(await readdir(deadLetterDir)).toEqual([deadLetterFileName('share-notices', id)]);
      expect(restarted.deadLetters()).toEqual([expect.objectContaining({ consumer: 'share-notices', attempts: 1 })]);
      expect(shareNotices.state.delivered).toEqual([]);
      expect((await restarted.redrive()).map((r) => r.outcome)).toEqual(['delivered']);
    } finally {
      bus = publisher;
      await restarted?.stop();
      await crashed.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a normal stop parks the delivery and leaves the retrying folder empty', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'preseed-bus-crash-'));
    const retryingDir = join(dataDir, 'retrying');
    const stopped = await startLocalEventBus({
      deadLetterDir: join(dataDir, 'dead-letters'),
      retryingDir,
      log: quietLog(),
      loadConsumer: async () => shareNotices.handler,
    });
    const publisher = bus;
    try {
      bus = stopped;
      const id = await shareLinkViewed();
      await settle();
      await stopped.idle();
      expect(await readdir(retryingDir)).toHaveLength(1);
      await stopped.stop();
      expect(await readdir(retryingDir)).toEqual([]);
      expect(await readdir(join(dataDir, 'dead-letters'))).toEqual([deadLetterFileName('share-notices', id)]);
    } finally {
      bus = publisher;
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('idle()', () => {
  it('resolves while a delivery waits on its back-off timer, and retrying() names it', async () => {
    const id = await shareLinkViewed();
    await settle();
    await vi.advanceTimersByTimeAsync(quickRetriesMs);
    // Would hang for an hour (real timers) if idle() waited for retries: callers of /_dev/events/idle cannot.
    let resolved = false;
    const idle = bus.idle().then(() => {
      resolved = true;
    });
    await settle();
    expect(resolved).toBe(true);
    await idle;
    expect(bus.retrying()).toEqual([
      expect.objectContaining({
        consumer: 'share-notices',
        eventId: id,
        detailType: 'ShareLinkViewed',
        attempts: RETRY_POLICY.maxAttempts,
        error: expect.stringMatching(/ECONNREFUSED/),
      }),
    ]);
    const nextAt = Date.parse(bus.retrying()[0]?.nextAttemptAt ?? '');
    expect(nextAt).toBeGreaterThan(Date.now());

    shareNotices.state.failing = false;
    await vi.advanceTimersByTimeAsync(nextAt - Date.now());
    await bus.idle();
    expect(bus.retrying()).toEqual([]);
    expect(shareNotices.state.delivered.map((e) => e.id)).toEqual([id]);
  });

  it('waits for an attempt that is running', async () => {
    let finish: () => void = () => undefined;
    shareNotices.state.failing = false;
    const slow = startLocalEventBus({
      log: quietLog(),
      loadConsumer: async () => () => new Promise<void>((r) => (finish = r)),
    });
    const other = await slow;
    try {
      await fetch(other.endpoint, {
        method: 'POST',
        headers: { 'x-amz-target': 'AWSEvents.PutEvents' },
        body: JSON.stringify({ Entries: [{ Source: EVENT_SOURCE, DetailType: 'ShareLinkViewed', Detail: '{}' }] }),
      });
      let resolved = false;
      const idle = other.idle().then(() => {
        resolved = true;
      });
      await settle();
      expect(resolved).toBe(false);
      finish();
      await idle;
      expect(resolved).toBe(true);
    } finally {
      await other.stop();
    }
  });
});

describe('a shortened schedule (as the fault tests use) and no data directory', () => {
  it('parks in memory once the event is older than the policy allows, and a redrive delivers it once', async () => {
    const memoryBus = await startLocalEventBus({
      log: quietLog(),
      retryPolicy: { backoffMs: [10, 20], maxBackoffMs: 40, maxEventAgeSeconds: 0.2 },
      loadConsumer: async () => shareNotices.handler,
    });
    try {
      await fetch(memoryBus.endpoint, {
        method: 'POST',
        headers: { 'x-amz-target': 'AWSEvents.PutEvents' },
        body: JSON.stringify({ Entries: [{ Source: EVENT_SOURCE, DetailType: 'ShareLinkViewed', Detail: '{}' }] }),
      });
      await settle();
      await vi.advanceTimersByTimeAsync(250);
      await memoryBus.idle();
      expect(memoryBus.retrying()).toEqual([]);
      expect(memoryBus.deadLetters()).toEqual([expect.objectContaining({ consumer: 'share-notices' })]);
      // At 0, 10, 30, 70, 110, 150 and 190 ms: the next (230 ms) would come after the event's 200 ms.
      expect(shareNotices.state.attempts).toHaveLength(7);
      expect(await readdir(dir)).toEqual([]);

      shareNotices.state.failing = false;
      expect((await memoryBus.redrive()).map((r) => r.outcome)).toEqual(['delivered']);
      expect(await memoryBus.redrive()).toEqual([]);
      expect(memoryBus.deadLetters()).toEqual([]);
      expect(shareNotices.state.delivered).toHaveLength(1);
    } finally {
      await memoryBus.stop();
    }
  });
});
