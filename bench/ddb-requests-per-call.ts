/**
 * DynamoDB requests per API call, counted in the SDK's middleware of the one document
 * client every handler uses (functions/store/client.ts). The API server runs in this
 * process, so the middleware sees the handlers' requests. Consumers of the local event
 * bus use the same client and may run while a call is still being answered; their
 * requests are told apart by the call stack and reported separately.
 *
 * The same middleware can also record the API's requests themselves (the low-level command
 * and its input, as marshalled for the wire), which the overhead figures replay raw.
 */
import { ddb } from '../functions/store/client';
import type { BenchStack } from './bench-stack';
import { expectOk } from './bench-stack';
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

/**
 * Where a request comes from, read from its (async) stack: the local API router dispatches
 * handlers, the local bus delivers to consumers. Unknown origins count as API requests,
 * so an attribution failure can only make a figure larger, never hide a request.
 */
function originOf(stack: string): Origin {
  if (stack.includes('/infra/local/api-router.ts')) return 'api';
  if (stack.includes('/infra/local/event-bus.ts') || stack.includes('/functions/consumers/')) return 'consumers';
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
  }

  /** Counts one call from a quiet bus to a quiet bus again. */
  async count(bench: BenchStack, route: CountedRoute): Promise<RequestCount> {
    await bench.stack.bus.idle();
    this.counts = { api: 0, consumers: 0 };
    this.counting = true;
    try {
      await expectOk(bench.api.request(route.call()), route.name);
      await bench.stack.bus.idle();
      return { ...this.counts };
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
