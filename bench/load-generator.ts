/**
 * The load generator, run as its own process (forked by api-latency.ts): closed-loop
 * clients that each send their next request as soon as the last one is answered. Kept
 * out of the benchmark's main process because that process also runs the API server,
 * whose event loop must not share time with the clients measuring it.
 *
 * DynamoDB Local is called with hand-written JSON requests over the same cheap HTTP
 * client, not the SDK: it checks only that a SigV4 header is present, and a client that
 * spends no time signing and (un)marshalling measures the emulator, not itself. The
 * replays of an API call's own requests are the exception: they go through the handlers'
 * SDK client on purpose (bench/dynamodb-replay.ts), the floor our overhead is measured from.
 */
import '../local/quiet-warnings';
import { performance } from 'node:perf_hooks';
import { PROBE_AUTHORIZATION } from '../local/emulators/credentials';
import { replayer } from './dynamodb-replay';
import { createHttpClient, type HttpCall } from './http-client';
import type { LoadRequest, LoadResult, LoadTarget } from './load-plan';

type Operation = (client: number) => Promise<void>;

function dynamoDbCall(operation: 'GetItem' | 'PutItem', body: unknown): HttpCall {
  return {
    method: 'POST',
    path: '/',
    body: JSON.stringify(body),
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `DynamoDB_20120810.${operation}`,
      authorization: PROBE_AUTHORIZATION,
    },
  };
}

interface Prepared {
  op: Operation;
  close: () => void;
  refused?: () => number;
}

async function prepare(target: LoadTarget, clients: number): Promise<Prepared> {
  if (target.kind === 'dynamodb-replay') {
    const replay = replayer(target.requests);
    return { op: () => replay.run(), close: () => undefined, refused: replay.refused };
  }
  const baseUrl = target.kind === 'http' ? target.baseUrl : target.endpoint;
  const http = createHttpClient(baseUrl, clients);
  const send = async (call: HttpCall | undefined): Promise<string> => {
    if (!call) throw new Error('no request for this client');
    const reply = await http.request(call);
    if (reply.status >= 300) throw new Error(`${call.method} ${call.path}: ${reply.status} ${reply.body}`);
    return reply.body;
  };
  const close = () => http.close();
  if (target.kind === 'http') {
    return { op: async (i) => void (await send(target.calls[i % target.calls.length])), close };
  }
  const gets = target.keys.map((k) => ({ TableName: target.tableName, Key: { PK: { S: k.PK }, SK: { S: k.SK } } }));
  // Each client's own item, in DynamoDB's JSON, read once: GetItem needs the key, PutItem rewrites the
  // whole item with its own content (the size of a real item, and the table is left as it was).
  const items = await Promise.all(
    gets.slice(0, clients).map(async (get) => {
      const { Item } = JSON.parse(await send(dynamoDbCall('GetItem', get))) as { Item?: unknown };
      if (!Item) throw new Error(`no item ${JSON.stringify(get.Key)} to measure with`);
      return Item;
    }),
  );
  const calls =
    target.operation === 'GetItem'
      ? gets.slice(0, clients).map((get) => dynamoDbCall('GetItem', get))
      : items.map((Item) => dynamoDbCall('PutItem', { TableName: target.tableName, Item }));
  return { op: async (i) => void (await send(calls[i % calls.length])), close };
}

async function run(request: LoadRequest): Promise<LoadResult> {
  const { op, close, refused } = await prepare(request.target, request.clients);
  const latenciesMs: number[] = [];
  let answered = 0;
  let errors = 0;
  let firstError: string | undefined;
  let lastAnswer = 0;
  const start = performance.now();
  const measureFrom = start + request.warmupMs;
  const end = measureFrom + request.durationMs;
  const client = async (i: number) => {
    for (let sent = performance.now(); sent < end; sent = performance.now()) {
      try {
        await op(i);
        const at = performance.now();
        answered++;
        if (sent >= measureFrom) {
          latenciesMs.push(at - sent);
          lastAnswer = at;
        }
      } catch (err) {
        errors++;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: request.clients }, (_x, i) => client(i)));
  close();
  return {
    latenciesMs,
    answered,
    elapsedMs: Math.max(0, lastAnswer - measureFrom),
    errors,
    firstError,
    ...(refused ? { refused: refused() } : {}),
  };
}

process.on('message', (message: LoadRequest) => {
  run(message).then(
    (result) => process.send?.(result),
    (err: unknown) =>
      process.send?.({
        latenciesMs: [],
        answered: 0,
        elapsedMs: 0,
        errors: 1,
        firstError: err instanceof Error ? err.message : String(err),
      } satisfies LoadResult),
  );
});
// The parent's end is ours too.
process.on('disconnect', () => process.exit(0));
