/**
 * An API call's Lambda handler invoked directly in this process, with the event the local router
 * would build and the claims its JWT check would pass: no HTTP, no router, no token check. Its p50
 * sits between the API's and the replay's, which tells our handler code (middy, logging, dispatch,
 * the route) apart from the local server's part (HTTP, JWT check, event building: API Gateway's
 * in the cloud); its CPU time per invocation is the handler's CPU per request.
 */
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { ROUTES, routeKey } from '#shared/routes';
import { ENV_NAMES } from '../functions/lib/env';
import { matchRoute } from '../local/api-router';
import { createJwtAuthorizer } from '../local/jwt-authorizer';
import { buildLambdaEvent } from '../local/lambda-event';
import type { LatencyTiming } from './api-latency';
import type { BenchStack } from './bench-stack';
import type { HttpCall } from './http-client';
import { summarise } from './latency-stats';

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export interface HandlerFigure {
  p50: number;
  p95: number;
  count: number;
  /** This process's CPU time across the invocations ÷ invocations. */
  cpuMsPerRequest: number;
}

function context(): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'bench',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:bench',
    memoryLimitInMB: '512',
    awsRequestId: 'bench',
    logGroupName: '/aws/lambda/bench',
    logStreamName: 'bench',
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Builds the call's event once (the router builds one per request; that part is the local server's). */
async function prepare(
  bench: BenchStack,
  call: HttpCall,
): Promise<{ handler: Handler; event: () => APIGatewayProxyEventV2 }> {
  const url = new URL(call.path, 'http://localhost');
  const match = matchRoute(call.method, url.pathname);
  if (!match) throw new Error(`no route for ${call.method} ${url.pathname}`);
  const route = ROUTES[match.id];
  const { handler } = (await import(`../functions/http/${route.area}.ts`)) as { handler: Handler };
  const authorizer = createJwtAuthorizer(
    process.env[ENV_NAMES.tokenIssuer] ?? '',
    bench.stack.resources.userPoolClientId,
  );
  const claims = call.token ? await authorizer.verify(`Bearer ${call.token}`) : null;
  const req = Object.assign(new IncomingMessage(new Socket()), {
    method: call.method,
    httpVersion: '1.1',
    headers: {
      host: 'localhost',
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...call.headers,
    },
  });
  const body = Buffer.from(call.body ?? '');
  return {
    handler,
    // Fresh each time: middleware keeps per-request state keyed on the event object.
    event: () =>
      buildLambdaEvent({ req, url, body, routeKey: routeKey(match.id), pathParameters: match.params, claims }),
  };
}

/** Invokes one call's handler in rounds (see api-latency.ts's afterRound) and sums them up. */
export interface HandlerSampler {
  /** Warms up, then invokes the handler one call after another for the round's share of the measured time. */
  round(): Promise<void>;
  figure(): HandlerFigure;
}

export async function handlerSampler(
  bench: BenchStack,
  call: HttpCall,
  timing: LatencyTiming,
): Promise<HandlerSampler> {
  const { handler, event } = await prepare(bench, call);
  const latenciesMs: number[] = [];
  let cpuMs = 0;
  const invoke = async (): Promise<{ ms: number; cpu: number }> => {
    const e = event();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = await handler(e, context());
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    if ((result.statusCode ?? 200) >= 300)
      throw new Error(`${call.method} ${call.path}: ${result.statusCode} ${result.body}`);
    // Consumers the call set off run now, outside the measurement, as they do in their own functions.
    await bench.stack.bus.idle();
    return { ms, cpu: (used.user + used.system) / 1000 };
  };
  return {
    async round() {
      for (const warmEnd = performance.now() + timing.warmupMs; performance.now() < warmEnd; ) await invoke();
      const end = performance.now() + timing.durationMs / timing.rounds;
      while (performance.now() < end) {
        const { ms, cpu } = await invoke();
        latenciesMs.push(ms);
        cpuMs += cpu;
      }
    },
    figure() {
      const summary = summarise(latenciesMs);
      return {
        p50: summary.p50,
        p95: summary.p95,
        count: summary.count,
        cpuMsPerRequest: cpuMs / Math.max(1, summary.count),
      };
    },
  };
}
