/**
 * DynamoDB requests per API call, counted in the SDK's middleware of the one document
 * client every handler uses (functions/store/client.ts). The API server runs in this
 * process, so the middleware sees the handlers' requests. Consumers of the local event
 * bus use the same client and may run while a call is still being answered; their
 * requests are told apart by the call stack and reported separately.
 *
 * The same middleware can also record the API's requests themselves (the low-level command
 * and its input, as marshalled for the wire), which the overhead figures replay raw.
 *
 * While counting it also measures what the call costs in capacity (capacity-units.ts): the partitions each write
 * touches, in the table and in GSI1, and the read units of each read. A write's item is read just before and just
 * after it, with a client of its own (not counted), so its size and index keys are what DynamoDB would bill.
 */
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { ddb } from '../functions/store/client';
import type { BenchStack } from './bench-stack';
import { expectOk } from './bench-stack';
import { itemWrite, type PartitionWrite, plainItemBytes, readUnits, type WireItem } from './capacity-units';
import type { HttpCall } from './http-client';
import type { RecordedRequest } from './load-plan';

export interface CountedRoute {
  name: string;
  /** Built per measurement: a call may need a target of its own each time (an unlock unlocks once). */
  call: () => HttpCall;
}

export interface RequestCount {
  api: number;
  /** Requests of the event consumers the call set off, once the bus is idle again. */
  consumers: number;
}

type Origin = keyof RequestCount;

/** What one call cost in capacity: each write's partitions (table and GSI1) and the read units, by origin. */
export interface CallCapacity {
  writes: Array<PartitionWrite & { origin: Origin }>;
  readUnits: Record<Origin, number>;
}

/** The wire item a low-level write request names, with its table. */
interface WriteTarget {
  table: string;
  key: WireItem;
  /** A ConditionCheck writes nothing but is billed as a write of the item. */
  check: boolean;
  transactional: boolean;
}

type WireInput = Record<string, unknown>;

function keyOf(item: WireItem): WireItem {
  const key: WireItem = {};
  for (const a of ['PK', 'SK']) if (item[a]) key[a] = item[a];
  return key;
}

function writeTargets(command: string, input: WireInput): WriteTarget[] {
  const table = String(input.TableName ?? '');
  switch (command) {
    case 'PutItemCommand':
      return [{ table, key: keyOf(input.Item as WireItem), check: false, transactional: false }];
    case 'UpdateItemCommand':
    case 'DeleteItemCommand':
      return [{ table, key: input.Key as WireItem, check: false, transactional: false }];
    case 'TransactWriteItemsCommand':
      return (input.TransactItems as WireInput[]).map((t) => {
        const [kind, op] = Object.entries(t)[0] as [string, WireInput];
        const key = kind === 'Put' ? keyOf(op.Item as WireItem) : (op.Key as WireItem);
        return { table: String(op.TableName), key, check: kind === 'ConditionCheck', transactional: true };
      });
    case 'BatchWriteItemCommand':
      return Object.entries(input.RequestItems as Record<string, WireInput[]>).flatMap(([name, requests]) =>
        requests.map((r) => {
          const put = r.PutRequest as WireInput | undefined;
          const key = put ? keyOf(put.Item as WireItem) : ((r.DeleteRequest as WireInput).Key as WireItem);
          return { table: name, key, check: false, transactional: false };
        }),
      );
    default:
      return [];
  }
}

type PlainItem = Record<string, unknown>;

/** Read units of a read's answer (as the document client unmarshalled it); 0 for anything that is not a read. */
function readUnitsOf(command: string, input: WireInput, output: WireInput): number {
  const consistent = input.ConsistentRead === true;
  switch (command) {
    case 'GetItemCommand':
      return readUnits(plainItemBytes(output.Item as PlainItem | undefined), consistent);
    case 'QueryCommand':
      return readUnits(
        ((output.Items as PlainItem[] | undefined) ?? []).reduce((n, i) => n + plainItemBytes(i), 0),
        consistent,
      );
    case 'BatchGetItemCommand': {
      const asked = Object.values(input.RequestItems as Record<string, WireInput>)[0];
      const items = Object.values((output.Responses as Record<string, PlainItem[]> | undefined) ?? {}).flat();
      // Each key of a batch is its own read, found or not.
      const keys = ((asked?.Keys as unknown[] | undefined) ?? []).length;
      const found = items.reduce((n, i) => n + readUnits(plainItemBytes(i), asked?.ConsistentRead === true), 0);
      return found + Math.max(0, keys - items.length) * readUnits(0, asked?.ConsistentRead === true);
    }
    default:
      return 0;
  }
}

/**
 * Where a request comes from, read from its (async) stack: the local API router dispatches
 * handlers, the local bus delivers to consumers and the stream poller to the stream consumer. Unknown origins count as API requests,
 * so an attribution failure can only make a figure larger, never hide a request.
 */
function originOf(stack: string): Origin {
  if (stack.includes('/local/api-router.ts')) return 'api';
  // The table's stream consumer (events from the outbox, the directory projection) is work a call sets off too.
  const consumers = ['/local/event-bus.ts', '/functions/consumers/', '/local/stream-poller.ts', '/functions/streams/'];
  if (consumers.some((path) => stack.includes(path))) return 'consumers';
  return 'api';
}

function currentOrigin(): Origin {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 200; // the SDK's own frames come first; the origin is further down
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return originOf(stack);
}

export class RequestCounter {
  private counting = false;
  private recording = false;
  private counts: RequestCount = { api: 0, consumers: 0 };
  private recorded: RecordedRequest[] = [];
  private capacity: CallCapacity = { writes: [], readUnits: { api: 0, consumers: 0 } };
  /** Reads items around a measured write; its requests are not the app's, so it has a client of its own. */
  private probe: DynamoDBClient | undefined;

  private async itemAt(target: WriteTarget): Promise<WireItem | undefined> {
    this.probe ??= new DynamoDBClient({ maxAttempts: 3 });
    const out = await this.probe.send(
      new GetItemCommand({ TableName: target.table, Key: target.key as never, ConsistentRead: true }),
    );
    return out.Item as WireItem | undefined;
  }

  private async measured<T>(command: string, input: WireInput, send: () => Promise<T>): Promise<T> {
    const origin = currentOrigin();
    const targets = writeTargets(command, input);
    const before = await Promise.all(targets.map((t) => this.itemAt(t)));
    const result = await send();
    try {
      await this.tally(origin, command, input, targets, before, result);
    } catch (err) {
      // A measurement must never fail the call it measures; the figure is then short, and says why.
      this.failures.push(`${command}: ${err instanceof Error ? err.message : String(err)}`);
    }
    return result;
  }

  private async tally(
    origin: Origin,
    command: string,
    input: WireInput,
    targets: WriteTarget[],
    before: Array<WireItem | undefined>,
    result: unknown,
  ): Promise<void> {
    const after = await Promise.all(targets.map((t, i) => (t.check ? before[i] : this.itemAt(t))));
    for (const [i, target] of targets.entries()) {
      const pk = target.key.PK?.S;
      if (typeof pk !== 'string') continue;
      const writes = itemWrite({ PK: pk }, before[i], after[i], target.transactional);
      this.capacity.writes.push(...writes.map((w) => ({ ...w, origin })));
    }
    const output = (result as { output?: WireInput }).output ?? {};
    this.capacity.readUnits[origin] += readUnitsOf(command, input, output);
  }

  /** Measurements that failed (they never fail the call): empty when every figure is whole. */
  readonly failures: string[] = [];

  /** Adds the counting and recording steps to the document client; call after the stack has (re)built it. */
  install(): void {
    const stack = ddb().middlewareStack;
    stack.add(
      (next) => async (args) => {
        if (this.counting) this.counts[currentOrigin()]++;
        return next(args);
      },
      { step: 'initialize', name: 'benchCountDynamoDbRequests' },
    );
    // After serialisation the input is the low-level one (the document client marshalled it just
    // before), and the context names the low-level command: what a raw replay must send.
    stack.add(
      (next, context) => async (args) => {
        if (this.recording && currentOrigin() === 'api') {
          this.recorded.push({ command: context.commandName ?? '', input: structuredClone(args.input) });
        }
        return next(args);
      },
      { step: 'build', name: 'benchRecordDynamoDbRequests' },
    );
    stack.add(
      (next, context) => async (args) =>
        this.counting
          ? this.measured(context.commandName ?? '', args.input as WireInput, () => next(args))
          : next(args),
      { step: 'build', name: 'benchMeasureCapacity' },
    );
  }

  /** Counts one call from a quiet bus to a quiet bus again, and what it cost in capacity. */
  async count(bench: BenchStack, route: CountedRoute): Promise<RequestCount & { capacity: CallCapacity }> {
    await bench.stack.bus.idle();
    this.counts = { api: 0, consumers: 0 };
    this.capacity = { writes: [], readUnits: { api: 0, consumers: 0 } };
    this.counting = true;
    try {
      await expectOk(bench.api.request(route.call()), route.name);
      await bench.stack.bus.idle();
      return { ...this.counts, capacity: this.capacity };
    } finally {
      this.counting = false;
    }
  }

  /** The DynamoDB requests one API call makes, in the order it makes them (consumers' left out). */
  async record(bench: BenchStack, name: string, call: HttpCall): Promise<RecordedRequest[]> {
    await bench.stack.bus.idle();
    this.recorded = [];
    this.recording = true;
    try {
      await expectOk(bench.api.request(call), name);
      await bench.stack.bus.idle();
      return this.recorded;
    } finally {
      this.recording = false;
      this.recorded = [];
    }
  }
}
