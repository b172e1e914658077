import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../lib/logger';
import { AI_WEBHOOK_TIMEOUT_MS, FUNCTION_TIMEOUT_SECONDS } from '../timeouts';
import type { AiOperation } from './port';
import { createWebhookAutomations, DEFAULT_TIMEOUT_MS } from './webhook';

interface LogLine {
  level: string;
  message: string;
  data?: Record<string, unknown>;
}

function fakeLogger(): { log: Logger; lines: LogLine[]; warns: () => LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: string) =>
    (message: string, data?: Record<string, unknown>): void => {
      lines.push({ level, message, ...(data ? { data } : {}) });
    };
  const log: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), child: () => log };
  return { log, lines, warns: () => lines.filter((line) => line.level === 'warn') };
}

interface Received {
  path: string;
  method: string;
  contentType: string | undefined;
  body: string;
}

type Reply = (res: ServerResponse) => void;

const json = (value: unknown, status = 200): Reply => text(JSON.stringify(value), status);
function text(body: string, status = 200, type = 'application/json'): Reply {
  return (res) => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  };
}

const timers = new Set<NodeJS.Timeout>();
function later(ms: number, fn: () => void): void {
  const timer = setTimeout(() => {
    timers.delete(timer);
    fn();
  }, ms);
  timers.add(timer);
}

/** Answers the way the hosted automations do, one canned answer per path. */
const REPLIES: Record<string, Reply> = {
  '/ideas': json({
    count: 4, // not a string: skipped
    '   ': 'a blank title is dropped',
    'Meal kits for busy parents': '  Weekly boxes planned around what is in the fridge.  ',
    'Fridge scanner': 'Scan the fridge, get recipes.',
    'Family planner': 'Shared weekly meal plans.',
    'Fourth idea': 'Never used: at most three.',
  }),
  '/ideas-fenced': text(
    'Here are your ideas:\n```json\n{"Grocery autopilot": "Orders what is missing.", "Cook club": "Neighbours cook together."}\n```\nGood luck!',
    200,
    'text/plain',
  ),
  '/ideas-long': json({ ['T'.repeat(300)]: 'D'.repeat(3000) }),
  '/ideas-empty': json({}),
  '/trigger-underscore': json({
    Customer_Jobs: ['  Plan meals  ', '', 'Buy groceries'],
    Customer_Gains: 'More free time, less waste , ',
    Customer_Pains: [],
  }),
  '/trigger-space': json({
    'Customer Jobs': 'Cook dinner',
    'Customer Gains': ['Healthy food'],
    'Customer Pains': 'Decision fatigue,Food waste',
  }),
  '/trigger-both': json({ Customer_Jobs: ['Plan meals'], 'Customer Jobs': ['plan meals', 'Shop'] }),
  '/trigger-long': json({ Customer_Jobs: Array.from({ length: 30 }, (_, i) => `${i}:${'x'.repeat(600)}`) }),
  '/vp': text(
    '"{\\"customerJobs\\": [\\"Feed the family\\"], \\"customerGains\\": \\"Time, Money\\", \\"customerPains\\": [\\"Waste\\"], \\"productsServices\\": [\\"App\\"], \\"painRelievers\\": \\"Auto lists\\", \\"gainCreators\\": [\\"Weekly plan\\"]}"',
  ),
  '/bmc': text(
    'Sure! {"customerSegments": ["Parents"], "valuePrepositions": "Less planning, less waste", "channels": ["App stores"], ' +
      '"customerRelationships": ["Self-service"], "revenueStreams": ["Subscription"], "keyResources": ["Recipe data"], ' +
      '"keyActivities": ["Development"], "keyPartners": ["Supermarkets"], "costStructure": ["Hosting", "Marketing"]}',
    200,
    'text/plain',
  ),
  '/not-json': text('Sorry, I cannot help with that.', 200, 'text/plain'),
  '/wrong-shape-array': json(['Plan meals', 'Cook']),
  '/wrong-shape-keys': json({ jobs: ['Plan meals'] }),
  '/numbers': json({ Customer_Jobs: [1, 2], Customer_Gains: [], Customer_Pains: [] }),
  '/error': text('<html><body>Internal Server Error</body></html>', 500, 'text/html'),
  '/slow': (res) => later(1_000, () => json({ a: 'b' })(res)),
  '/slow-body': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"Customer_Jobs": ');
    later(1_000, () => res.end('["late"]}'));
  },
};

let server: Server;
let base = '';
let received: Received[] = [];

function handle(req: IncomingMessage, res: ServerResponse): void {
  let body = '';
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString('utf8');
  });
  req.on('end', () => {
    const path = req.url ?? '/';
    received.push({ path, method: req.method ?? '', contentType: req.headers['content-type'], body });
    (REPLIES[path] ?? text('not found', 404, 'text/plain'))(res);
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const timer of timers) clearTimeout(timer);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
});
afterEach(() => {
  vi.useRealTimers();
});

/** Yields to real I/O (setImmediate is left real) until `ready` holds. */
async function untilReal(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs an automation call on a fake clock, so a timeout costs no real time: once the request has reached the server
 * (real sockets), the clock moves to 1 ms before the timeout — the call must still be waiting — and then past it.
 */
async function onFakeClock<T>(start: () => Promise<T>, arrived: () => boolean, timeoutMs: number): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  let settled = false;
  const pending = start().finally(() => {
    settled = true;
  });
  await untilReal(arrived);
  await vi.advanceTimersByTimeAsync(timeoutMs - 1);
  expect(settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  return pending;
}

function automations(urls: Partial<Record<AiOperation, string>>, timeoutMs = 2_000) {
  const logger = fakeLogger();
  const full = Object.fromEntries(Object.entries(urls).map(([op, path]) => [op, `${base}${path}`]));
  return { ai: createWebhookAutomations({ urls: full, timeoutMs, log: logger.log }), ...logger };
}

/** A port nothing listens on, for a refused connection. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('webhook automations: good answers', () => {
  it('POST {text} as JSON and read up to three ideas from title → description', async () => {
    const { ai, warns } = automations({ ideas: '/ideas' });
    const outcome = await ai.generateIdeas('Meal planning for parents');
    expect(outcome).toEqual({
      ok: true,
      source: 'webhook',
      value: [
        { title: 'Meal kits for busy parents', description: 'Weekly boxes planned around what is in the fridge.' },
        { title: 'Fridge scanner', description: 'Scan the fridge, get recipes.' },
        { title: 'Family planner', description: 'Shared weekly meal plans.' },
      ],
    });
    expect(received).toEqual([
      {
        path: '/ideas',
        method: 'POST',
        contentType: 'application/json',
        body: JSON.stringify({ text: 'Meal planning for parents' }),
      },
    ]);
    expect(warns()).toEqual([]);
  });

  it('read ideas from a ```json fence inside prose', async () => {
    const { ai } = automations({ ideas: '/ideas-fenced' });
    const outcome = await ai.generateIdeas('Groceries');
    expect(outcome.ok && outcome.value.map((idea) => idea.title)).toEqual(['Grocery autopilot', 'Cook club']);
  });

  it('cap idea titles at 200 and descriptions at 2000 characters', async () => {
    const { ai } = automations({ ideas: '/ideas-long' });
    const outcome = await ai.generateIdeas('Long');
    expect(outcome.ok && outcome.value[0]?.title.length).toBe(200);
    expect(outcome.ok && outcome.value[0]?.description.length).toBe(2000);
  });

  it('map Customer_Jobs-style keys, splitting comma-joined strings and dropping blanks', async () => {
    const { ai } = automations({ trigger: '/trigger-underscore' });
    expect(await ai.triggerSuggestions('Meal planning')).toEqual({
      ok: true,
      source: 'webhook',
      value: {
        'Customer Jobs': ['Plan meals', 'Buy groceries'],
        'Customer Gains': ['More free time', 'less waste'],
        'Customer Pains': [],
      },
    });
  });

  it('map "Customer Jobs"-style keys the same way', async () => {
    const { ai } = automations({ trigger: '/trigger-space' });
    expect(await ai.triggerSuggestions('Meal planning')).toEqual({
      ok: true,
      source: 'webhook',
      value: {
        'Customer Jobs': ['Cook dinner'],
        'Customer Gains': ['Healthy food'],
        'Customer Pains': ['Decision fatigue', 'Food waste'],
      },
    });
  });

  it('merge both spellings without duplicates', async () => {
    const { ai } = automations({ trigger: '/trigger-both' });
    const outcome = await ai.triggerSuggestions('Meal planning');
    expect(outcome.ok && outcome.value).toEqual({
      'Customer Jobs': ['Plan meals', 'Shop'],
      'Customer Gains': [],
      'Customer Pains': [],
    });
  });

  it('keep at most 20 items of at most 500 characters', async () => {
    const { ai } = automations({ trigger: '/trigger-long' });
    const outcome = await ai.triggerSuggestions('Meal planning');
    const jobs = outcome.ok ? outcome.value['Customer Jobs'] : [];
    expect(jobs).toHaveLength(20);
    expect(jobs.every((item) => item.length === 500)).toBe(true);
  });

  it('read the value-proposition keys, even from a JSON string holding JSON', async () => {
    const { ai } = automations({ valueProposition: '/vp' });
    expect(await ai.valuePropositionSuggestions('answer 1\nanswer 2')).toEqual({
      ok: true,
      source: 'webhook',
      value: {
        'Customer Jobs': ['Feed the family'],
        'Customer Pains': ['Waste'],
        'Customer Gains': ['Time', 'Money'],
        'Products & Services': ['App'],
        'Pain Relievers': ['Auto lists'],
        'Gain Creators': ['Weekly plan'],
      },
    });
    expect(received[0]?.body).toBe(JSON.stringify({ text: 'answer 1\nanswer 2' }));
  });

  it('read the business-model keys, including valuePrepositions, from JSON wrapped in text', async () => {
    const { ai } = automations({ businessModel: '/bmc' });
    expect(await ai.businessModelSuggestions('answers')).toEqual({
      ok: true,
      source: 'webhook',
      value: {
        'Key Partners': ['Supermarkets'],
        'Key Activities': ['Development'],
        'Key Resources': ['Recipe data'],
        'Value Propositions': ['Less planning', 'less waste'],
        'Customer Relationships': ['Self-service'],
        Channels: ['App stores'],
        'Customer Segments': ['Parents'],
        'Cost Structure': ['Hosting', 'Marketing'],
        'Revenue Streams': ['Subscription'],
      },
    });
  });
});

describe('webhook automations: failures', () => {
  const cases: { name: string; run: (ai: ReturnType<typeof automations>['ai']) => Promise<unknown>; path: string }[] = [
    { name: 'a body that is not JSON', path: '/not-json', run: (ai) => ai.triggerSuggestions('idea') },
    {
      name: 'a JSON array instead of an object',
      path: '/wrong-shape-array',
      run: (ai) => ai.triggerSuggestions('idea'),
    },
    { name: 'an object without any expected key', path: '/wrong-shape-keys', run: (ai) => ai.triggerSuggestions('i') },
    { name: 'arrays of numbers', path: '/numbers', run: (ai) => ai.triggerSuggestions('idea') },
    { name: 'ideas without any usable entry', path: '/ideas-empty', run: (ai) => ai.generateIdeas('idea') },
    { name: 'ideas as an array', path: '/wrong-shape-array', run: (ai) => ai.generateIdeas('idea') },
  ];

  for (const { name, path, run } of cases) {
    it(`report ${name} as malformed, with one warn line`, async () => {
      const { ai, warns, lines } = automations({ trigger: path, ideas: path });
      const outcome = await run(ai);
      expect(outcome).toMatchObject({ ok: false, reason: 'malformed' });
      expect(warns()).toHaveLength(1);
      expect(lines).toHaveLength(1);
      expect(warns()[0]).toMatchObject({ message: 'ai automation failed', data: { reason: 'malformed', status: 200 } });
    });
  }

  it('say which key was wrong', async () => {
    const { ai } = automations({ trigger: '/numbers' });
    const outcome = await ai.triggerSuggestions('idea');
    expect(!outcome.ok && outcome.detail).toContain('"Customer_Jobs" must be a string or an array of strings');
  });

  it('report an HTTP 500 as http-error with its status', async () => {
    const { ai, warns } = automations({ valueProposition: '/error' });
    const outcome = await ai.valuePropositionSuggestions('answers');
    expect(outcome).toMatchObject({ ok: false, reason: 'http-error' });
    expect(!outcome.ok && outcome.detail).toMatch(/^HTTP 500 Internal Server Error: ".*Internal Server Error/);
    expect(warns()).toEqual([
      {
        level: 'warn',
        message: 'ai automation failed',
        data: { automation: 'valueProposition', reason: 'http-error', detail: expect.any(String), status: 500 },
      },
    ]);
  });

  it('report an answer slower than the timeout as timeout', async () => {
    const { ai, warns } = automations({ businessModel: '/slow' }, 200);
    const outcome = await onFakeClock(
      () => ai.businessModelSuggestions('answers'),
      () => received.length > 0,
      200,
    );
    expect(outcome).toEqual({ ok: false, reason: 'timeout', detail: 'no complete answer within 200 ms' });
    expect(warns()).toHaveLength(1);
    expect(warns()[0]?.data).toMatchObject({ automation: 'businessModel', reason: 'timeout' });
  });

  it('report a body that stops streaming before the timeout as timeout', async () => {
    const { ai, warns } = automations({ trigger: '/slow-body' }, 200);
    const outcome = await onFakeClock(
      () => ai.triggerSuggestions('idea'),
      () => received.length > 0,
      200,
    );
    expect(outcome).toMatchObject({ ok: false, reason: 'timeout' });
    expect(warns()).toHaveLength(1);
  });

  it('report a refused connection as network', async () => {
    const logger = fakeLogger();
    const port = await closedPort();
    const ai = createWebhookAutomations({ urls: { ideas: `http://127.0.0.1:${port}/ideas` }, log: logger.log });
    const outcome = await ai.generateIdeas('idea');
    expect(outcome).toMatchObject({ ok: false, reason: 'network' });
    expect(!outcome.ok && outcome.detail).toContain('ECONNREFUSED');
    expect(logger.warns()).toHaveLength(1);
    expect(logger.warns()[0]?.data).toMatchObject({ automation: 'ideas', reason: 'network' });
  });

  it('never throw, even when an injected fetch throws something odd', async () => {
    const logger = fakeLogger();
    const ai = createWebhookAutomations({
      urls: { trigger: 'https://automation.invalid/hook' },
      fetch: () => Promise.reject('boom'),
      log: logger.log,
    });
    await expect(ai.triggerSuggestions('idea')).resolves.toEqual({ ok: false, reason: 'network', detail: 'boom' });
    expect(logger.warns()).toHaveLength(1);
  });
});

describe('webhook automations: fallbacks', () => {
  it('use the offline adapter for an operation without a URL, without calling anything', async () => {
    const { ai, lines } = automations({ ideas: '/ideas' });
    const outcome = await ai.businessModelSuggestions('We sell meal plans to parents.');
    expect(outcome.ok && outcome.source).toBe('offline');
    expect(received).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('do not call the automation for blank text', async () => {
    const { ai } = automations({ ideas: '/ideas', trigger: '/trigger-space' });
    expect(await ai.generateIdeas('   ')).toEqual({ ok: true, value: [], source: 'offline' });
    expect(await ai.triggerSuggestions('')).toMatchObject({
      ok: true,
      value: { 'Customer Jobs': [], 'Customer Gains': [], 'Customer Pains': [] },
    });
    expect(received).toEqual([]);
  });

  it('reject a URL that is not http(s) when built, without echoing it', () => {
    expect(() => createWebhookAutomations({ urls: { ideas: 'ftp://secret-token@host/x' } })).toThrow(
      /AI automation URL for "ideas" is not an http\(s\) URL$/,
    );
  });
});

describe('an automation that never answers (a black hole), with the default timeout', () => {
  it("gives up after the API's AI limit, well inside the journey function's 10 s, so the error answer goes out", async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(AI_WEBHOOK_TIMEOUT_MS.http);
    // Accepts the connection and the request, and never writes a byte back.
    const sockets = new Set<Socket>();
    let requested = false;
    const hole = createNetServer((socket) => {
      sockets.add(socket);
      socket.on('data', () => {
        requested = true;
      });
    });
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hole.address() as AddressInfo).port}/ideas`;
    try {
      const logger = fakeLogger();
      const ai = createWebhookAutomations({ urls: { ideas: url }, log: logger.log });
      // On a fake clock: the call is still waiting 1 ms before the API's AI limit and gives up at it.
      const outcome = await onFakeClock(
        () => ai.generateIdeas('a marketplace for used climbing gear'),
        () => requested,
        AI_WEBHOOK_TIMEOUT_MS.http,
      );
      expect(outcome).toEqual({
        ok: false,
        reason: 'timeout',
        detail: `no complete answer within ${AI_WEBHOOK_TIMEOUT_MS.http} ms`,
      });
      expect(AI_WEBHOOK_TIMEOUT_MS.http).toBeLessThan(FUNCTION_TIMEOUT_SECONDS.http * 1000 - 2_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => hole.close(() => resolve()));
    }
  });
});
