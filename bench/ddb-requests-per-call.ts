/**
 * DynamoDB requests per API call, counted in the SDK's middleware of the one document
 * client every handler uses (functions/store/client.ts). The API server runs in this
 * process, so the middleware sees the handlers' requests. Consumers of the local event
 * bus use the same client and may run while a call is still being answered; their
 * requests are told apart by the call stack and reported separately.
 */
import { ddb } from '../functions/store/client';
import type { BenchStack } from './bench-stack';
import { expectOk } from './bench-stack';
import type { HttpCall } from './http-client';

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

export class RequestCounter {
  private counting = false;
  private counts: RequestCount = { api: 0, consumers: 0 };

  /** Adds the counting step to the document client; call after the stack has (re)built it. */
  install(): void {
    ddb().middlewareStack.add(
      (next) => async (args) => {
        if (this.counting) {
          const limit = Error.stackTraceLimit;
          Error.stackTraceLimit = 200; // the SDK's own frames come first; the origin is further down
          const stack = new Error().stack ?? '';
          Error.stackTraceLimit = limit;
          this.counts[originOf(stack)]++;
        }
        return next(args);
      },
      { step: 'initialize', name: 'benchCountDynamoDbRequests' },
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
}
