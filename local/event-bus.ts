/**
 * The local EventBridge: answers PutEvents (so publishers use the real SDK client through
 * AWS_ENDPOINT_URL_EVENTBRIDGE) and delivers each event asynchronously to the consumers that
 * shared/events.ts names.
 *
 * A failed delivery is retried on its own timer, so one failing consumer holds up no other delivery, for as long
 * as the cloud's rules keep an event (RETRY_POLICY, local/retry-schedule.ts): an emulator down for minutes delays
 * its events and loses none. What still fails then is parked in the dead-letter store (local/dead-letter-store.ts:
 * `<data dir>/dead-letters/`, or memory for a stack without a data directory), from which redrive() — `npm run
 * events:redrive` — sends each parked event once more (decision 038). With a `retryingDir` (`<data dir>/retrying/`,
 * local/retrying-store.ts) a delivery waiting for its retry is on disk too, from its first failure until it is
 * delivered or parked, so a crash (`kill -9`) loses none: resumeRetries() schedules them again at the next start.
 *
 * idle() waits only for work that is due: attempts running now, or about to. A delivery waiting on its back-off
 * timer does not hold it, or every caller of `/_dev/events/idle` would wait out an outage of up to an hour;
 * retrying() says what waits, and callers that need retries to finish poll it.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventBridgeEvent } from 'aws-lambda';
import { COGNITO_SESSIONS_RULE, EVENT_SOURCE, matchesCognitoSessions, RETRY_POLICY, RULES } from '#shared/events';
import { type Logger, rootLogger } from '../functions/lib/logger';
import { type DeadLetterStore, deadLetterStore, memoryDeadLetterStore, type ParkedDelivery } from './dead-letter-store';
import { nextRetryDelayMs, type RetryPolicy } from './retry-schedule';
import { type RetryRecord, type RetryStore, retryStore } from './retrying-store';

type Consumer = (event: EventBridgeEvent<string, unknown>) => Promise<void>;

export interface DeadLetter extends ParkedDelivery {
  /** The delivery's name in the dead-letter store, or null when it could not be written (the log says why). */
  file: string | null;
}

/** A delivery whose last attempt failed and whose next one waits on a timer. */
export interface RetryingDelivery {
  consumer: string;
  eventId: string;
  detailType: string;
  /** Attempts made so far. */
  attempts: number;
  firstFailedAt: string;
  error: string;
  nextAttemptAt: string;
}

export interface RedriveResult {
  consumer: string;
  eventId: string;
  detailType: string;
  file: string;
  /** delivered: sent and removed from the store; failed: still parked (error says why). */
  outcome: 'delivered' | 'failed';
  error?: string;
}

export interface LocalEventBus {
  endpoint: string;
  /**
   * Resolves once no delivery is running or due: each is delivered, parked, or waiting on its back-off timer
   * (see retrying()). Tests and `/_dev/events/idle` wait on it.
   */
  idle(): Promise<void>;
  /** Deliveries waiting on a back-off timer for their next attempt. */
  retrying(): readonly RetryingDelivery[];
  /** What this bus parked since it started and no redrive has delivered since. */
  deadLetters(): readonly DeadLetter[];
  /** Sends every parked delivery (or one consumer's) once more, one at a time; see RedriveResult. */
  redrive(options?: { consumer?: string }): Promise<RedriveResult[]>;
  /**
   * Schedules again the deliveries a previous bus on the same `retryingDir` left waiting for a retry (it crashed,
   * or was killed): each at its saved time, or parked if the event is already older than the policy keeps one.
   * Not done by startLocalEventBus itself, because the consumers need the stack's environment (table, pool, mail
   * sender), which is set after the bus starts. Returns what now waits; without a `retryingDir`, nothing.
   */
  resumeRetries(): Promise<readonly RetryingDelivery[]>;
  /** Stops taking events; deliveries waiting for a retry are parked at once, so a restart loses none. */
  stop(): Promise<void>;
}

export interface LocalEventBusOptions {
  /** The dead-letter store's folder (`<data dir>/dead-letters`); without one, parked deliveries live in memory. */
  deadLetterDir?: string;
  /**
   * Where deliveries waiting for a retry are kept from their first failure (`<data dir>/retrying`), so a crash
   * loses none (resumeRetries()); without one, they live in memory only.
   */
  retryingDir?: string;
  /** RETRY_POLICY unless a test shortens it; the default is the one the cloud's rules are built from. */
  retryPolicy?: RetryPolicy;
  port?: number;
  log?: Logger;
  loadConsumer?: (name: string) => Promise<Consumer>;
}

interface PutEventsEntry {
  Source?: string;
  DetailType?: string;
  Detail?: string;
  EventBusName?: string;
  Resources?: string[];
}

interface Waiting extends RetryingDelivery {
  event: EventBridgeEvent<string, unknown>;
  timer: NodeJS.Timeout;
}

const CONSUMERS: ReadonlySet<string> = new Set([...RULES.map((r) => r.consumer), COGNITO_SESSIONS_RULE.consumer]);

export async function startLocalEventBus(options: LocalEventBusOptions = {}): Promise<LocalEventBus> {
  const log = options.log ?? rootLogger.child({ component: 'local-event-bus' });
  const policy = options.retryPolicy ?? RETRY_POLICY;
  const store: DeadLetterStore = options.deadLetterDir
    ? deadLetterStore(options.deadLetterDir)
    : memoryDeadLetterStore();
  const retries: RetryStore | null = options.retryingDir ? retryStore(options.retryingDir) : null;
  /** Attempts running or about to run (and the parking that may follow): what idle() waits for. */
  const pending = new Set<Promise<void>>();
  /** Keyed by consumer and event: one delivery has at most one timer. */
  const waiting = new Map<string, Waiting>();
  let dead: DeadLetter[] = [];
  let stopping = false;
  const consumers = new Map<string, Promise<Consumer>>();
  const load =
    options.loadConsumer ??
    ((name: string) => import(`../functions/consumers/${name}.ts`).then((m: { handler: Consumer }) => m.handler));
  const consumer = (name: string) => {
    let c = consumers.get(name);
    if (!c) {
      c = load(name);
      consumers.set(name, c);
    }
    return c;
  };

  const track = (work: () => Promise<void>) => {
    const p: Promise<void> = work().finally(() => pending.delete(p));
    pending.add(p);
  };

  /** One delivery's file operations run in order, so a slow write never brings back a file removed after it. */
  const fileOps = new Map<string, Promise<void>>();
  const onFile = (key: string, op: () => Promise<void>): Promise<void> => {
    const next = (fileOps.get(key) ?? Promise.resolve()).then(op);
    fileOps.set(key, next);
    void next.then(() => {
      if (fileOps.get(key) === next) fileOps.delete(key);
    });
    return next;
  };

  /** Done with the delivery's file in `retryingDir`, if it has one: delivered or parked. */
  const forget = async (name: string, eventId: string) => {
    if (!retries) return;
    const dir = retries.dir;
    await onFile(`${name}\u0000${eventId}`, async () => {
      try {
        await retries.remove(name, eventId);
      } catch (err) {
        // A file left behind costs one more attempt at the next start, which the consumers' claims absorb.
        log.warn('could not remove a retrying delivery', { consumer: name, eventId, dir, err });
      }
    });
  };

  /** Written while the attempt still counts as running (idle() waits for it), so a crash after that loses nothing. */
  const remember = async (record: RetryRecord) => {
    if (!retries) return;
    const files = retries;
    await onFile(`${record.consumer}\u0000${record.event.id}`, async () => {
      try {
        await files.save(record);
      } catch (err) {
        log.error('could not save a delivery waiting for its retry: a crash now would lose it', {
          consumer: record.consumer,
          eventId: record.event.id,
          dir: files.dir,
          err,
        });
      }
    });
  };

  const park = async (name: string, event: EventBridgeEvent<string, unknown>, error: string, attempts: number) => {
    const delivery: ParkedDelivery = { consumer: name, event, error, attempts, parkedAt: new Date().toISOString() };
    let file: string | null = null;
    try {
      file = await store.park(delivery);
      log.error('delivery parked', { consumer: name, eventId: event.id, attempts, file, dir: store.dir });
    } catch (err) {
      // Kept in memory at least, and said loudly: this is the one place an event can still be lost offline.
      log.error('could not park a failed delivery', { consumer: name, eventId: event.id, dir: store.dir, err });
    }
    dead.push({ ...delivery, file });
    // Only once it is parked: a crash in between leaves both files, and the next start parks it again (same name).
    if (file !== null) await forget(name, event.id);
  };

  /** Sets the timer of the delivery's next attempt. */
  const wait = (record: RetryRecord, delayMs: number) => {
    const { consumer: name, event, attempts, firstFailedAt, error, nextAttemptAt } = record;
    const key = `${name}\u0000${event.id}`;
    const timer = setTimeout(() => {
      waiting.delete(key);
      track(() => attempt(name, event, attempts + 1, firstFailedAt));
    }, delayMs);
    waiting.set(key, {
      consumer: name,
      eventId: event.id,
      detailType: event['detail-type'],
      attempts,
      firstFailedAt,
      error,
      nextAttemptAt,
      event,
      timer,
    });
  };

  /** One attempt; a failure either sets the next one's timer or parks the delivery. */
  const attempt = async (
    name: string,
    event: EventBridgeEvent<string, unknown>,
    number: number,
    firstFailedAt?: string,
  ): Promise<void> => {
    try {
      await (await consumer(name))(event);
      if (number > 1) {
        log.info('consumer succeeded after retries', { consumer: name, eventId: event.id, attempt: number });
        await forget(name, event.id);
      }
      return;
    } catch (err) {
      const error = String(err);
      const delay = stopping ? null : nextRetryDelayMs(number, Date.parse(event.time), Date.now(), policy);
      log.warn('consumer failed', {
        consumer: name,
        eventId: event.id,
        attempt: number,
        final: delay === null,
        retryInMs: delay,
        err,
      });
      if (delay === null) {
        await park(name, event, error, number);
        return;
      }
      const record: RetryRecord = {
        consumer: name,
        event,
        attempts: number,
        firstFailedAt: firstFailedAt ?? new Date().toISOString(),
        error,
        nextAttemptAt: new Date(Date.now() + delay).toISOString(),
      };
      // Waiting at once (retrying() names it as soon as the failure is logged; a stop() meanwhile parks it, after
      // this write), and on disk before the attempt is done.
      wait(record, delay);
      await remember(record);
    }
  };

  const resumeRetries = async (): Promise<void> => {
    if (!retries || stopping) return;
    const { records, unreadable } = await retries.list();
    for (const file of unreadable) log.warn('not a retrying delivery, left alone', { file, dir: retries.dir });
    let resumed = 0;
    for (const record of records) {
      const { consumer: name, event } = record;
      if (waiting.has(`${name}\u0000${event.id}`)) continue;
      const now = Date.now();
      const deadline = Date.parse(event.time) + policy.maxEventAgeSeconds * 1000;
      // Older than the cloud's rules keep an event (or no readable time): parked, as a retry would have left it.
      if (!(now <= deadline)) {
        log.warn('retrying delivery from before a restart is too old: parked', { consumer: name, eventId: event.id });
        await park(name, event, record.error, record.attempts);
        continue;
      }
      const due = Date.parse(record.nextAttemptAt);
      const delay = Number.isFinite(due) ? Math.min(Math.max(0, due - now), deadline - now) : 0;
      wait(record, delay);
      resumed++;
    }
    if (records.length > 0) log.info('resumed retries from before a restart', { resumed, dir: retries.dir });
  };

  const redriveOnce = async (only: string | undefined): Promise<RedriveResult[]> => {
    const { deliveries, unreadable } = await store.list();
    for (const file of unreadable) log.warn('not a parked delivery, left alone', { file, dir: store.dir });
    const results: RedriveResult[] = [];
    for (const { file, ...parked } of deliveries) {
      if (only !== undefined && parked.consumer !== only) continue;
      const about = {
        consumer: parked.consumer,
        eventId: parked.event.id,
        detailType: parked.event['detail-type'],
        file,
      };
      try {
        if (!CONSUMERS.has(parked.consumer)) throw new Error(`no consumer named ${parked.consumer} (shared/events.ts)`);
        await (await consumer(parked.consumer))(parked.event);
      } catch (err) {
        // Stays parked, with the newer failure: a redrive that fails is not lost either.
        await store.park({ ...parked, error: String(err), attempts: parked.attempts + 1 });
        log.warn('redrive failed', { ...about, err });
        results.push({ ...about, outcome: 'failed', error: String(err) });
        continue;
      }
      await store.remove(file);
      dead = dead.filter((d) => d.file !== file);
      log.info('redriven', about);
      results.push({ ...about, outcome: 'delivered' });
    }
    return results;
  };
  // One redrive at a time, so two at once cannot deliver the same parked event twice.
  let redriving: Promise<unknown> = Promise.resolve();

  const schedule = (entry: PutEventsEntry): string => {
    const id = randomUUID();
    let detail: unknown;
    try {
      detail = JSON.parse(entry.Detail ?? '{}');
    } catch {
      detail = {};
    }
    const event: EventBridgeEvent<string, unknown> = {
      version: '0',
      id,
      'detail-type': entry.DetailType ?? '',
      source: entry.Source ?? '',
      account: '000000000000',
      time: new Date().toISOString(),
      region: process.env.AWS_REGION ?? 'us-east-1',
      // The outbox id travels here (functions/integrations/events.ts); consumers recognise a redelivery by it.
      resources: entry.Resources ?? [],
      detail,
    };
    const consumersOf = RULES.filter(
      (rule) => event.source === EVENT_SOURCE && (rule.events as readonly string[]).includes(event['detail-type']),
    ).map((rule): string => rule.consumer);
    // Cognito's calls, as the cognito-local wrapper reports them; the pool is known once the stack is bootstrapped.
    if (matchesCognitoSessions(event, process.env.USER_POOL_ID ?? '')) consumersOf.push(COGNITO_SESSIONS_RULE.consumer);
    for (const name of consumersOf) {
      // Asynchronous like EventBridge: the publisher's request does not wait for consumers.
      track(() => new Promise<void>((r) => setImmediate(r)).then(() => attempt(name, event, 1)));
    }
    return id;
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      if (req.method !== 'POST' || target !== 'AWSEvents.PutEvents') {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify({ __type: 'UnknownOperationException', message: `Not supported locally: ${target}` }));
        return;
      }
      let entries: PutEventsEntry[] = [];
      try {
        entries = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { Entries?: PutEventsEntry[] }).Entries ?? [];
      } catch {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify({ __type: 'ValidationException', message: 'Malformed JSON' }));
        return;
      }
      const results = entries.map((e) => ({ EventId: schedule(e) }));
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ FailedEntryCount: 0, Entries: results }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const retrying = () => [...waiting.values()].map(({ event: _event, timer: _timer, ...about }) => about);

  return {
    endpoint: `http://127.0.0.1:${port}`,
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    retrying,
    async resumeRetries() {
      await resumeRetries();
      return retrying();
    },
    deadLetters: () => dead,
    redrive(redriveOptions = {}) {
      const run = redriving.then(() => redriveOnce(redriveOptions.consumer));
      redriving = run.catch(() => undefined);
      return run;
    },
    async stop() {
      stopping = true;
      // Taken off their timers at once, so none fires into emulators about to stop; parked rather than dropped,
      // so an outage's events survive Ctrl+C for a redrive.
      const cutShort = [...waiting.values()];
      for (const w of cutShort) clearTimeout(w.timer);
      waiting.clear();
      await new Promise<void>((r) => server.close(() => r()));
      // An attempt under way finishes (or fails and is parked: stopping leaves it no retry) first.
      while (pending.size > 0) await Promise.allSettled([...pending]);
      for (const w of cutShort) await park(w.consumer, w.event, w.error, w.attempts);
    },
  };
}
