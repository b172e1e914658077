/**
 * The local EventBridge: answers PutEvents (so publishers use the real SDK client
 * through AWS_ENDPOINT_URL_EVENTBRIDGE) and delivers each event asynchronously to
 * the consumers that shared/events.ts names, with the same retry rule as the
 * cloud. Deliveries that fail every attempt land in an in-memory dead-letter list.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventBridgeEvent } from 'aws-lambda';
import { COGNITO_SESSIONS_RULE, EVENT_SOURCE, matchesCognitoSessions, RETRY_POLICY, RULES } from '#shared/events';
import { type Logger, rootLogger } from '../functions/lib/logger';

type Consumer = (event: EventBridgeEvent<string, unknown>) => Promise<void>;

export interface DeadLetter {
  consumer: string;
  event: EventBridgeEvent<string, unknown>;
  error: string;
  failedAt: string;
}

export interface LocalEventBus {
  endpoint: string;
  /** Resolves once every delivery scheduled so far has finished (tests and the e2e helper wait on it). */
  idle(): Promise<void>;
  deadLetters(): readonly DeadLetter[];
  stop(): Promise<void>;
}

interface PutEventsEntry {
  Source?: string;
  DetailType?: string;
  Detail?: string;
  EventBusName?: string;
  Resources?: string[];
}

export async function startLocalEventBus(
  options: { port?: number; log?: Logger; loadConsumer?: (name: string) => Promise<Consumer> } = {},
): Promise<LocalEventBus> {
  const log = options.log ?? rootLogger.child({ component: 'local-event-bus' });
  const pending = new Set<Promise<void>>();
  const dead: DeadLetter[] = [];
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

  const deliver = async (name: string, event: EventBridgeEvent<string, unknown>) => {
    for (let attempt = 1; attempt <= RETRY_POLICY.maxAttempts; attempt++) {
      try {
        await (await consumer(name))(event);
        return;
      } catch (err) {
        const final = attempt === RETRY_POLICY.maxAttempts;
        log.warn('consumer failed', { consumer: name, eventId: event.id, attempt, final, err });
        if (final) {
          dead.push({ consumer: name, event, error: String(err), failedAt: new Date().toISOString() });
          return;
        }
        await new Promise((r) => setTimeout(r, RETRY_POLICY.backoffMs[attempt - 1] ?? 1000));
      }
    }
  };

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
      const p: Promise<void> = new Promise<void>((r) => setImmediate(r))
        .then(() => deliver(name, event))
        .finally(() => pending.delete(p));
      pending.add(p);
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

  return {
    endpoint: `http://127.0.0.1:${port}`,
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    deadLetters: () => dead,
    async stop() {
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
