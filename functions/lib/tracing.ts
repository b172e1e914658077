/**
 * AWS X-Ray tracing through Powertools Tracer: every function's invocations (the stack turns on active tracing) with
 * a subsegment per AWS SDK call of the clients passed through `traced`, and per outgoing HTTPS request (Stripe, the AI
 * webhooks), which Tracer captures by itself.
 *
 * Offline there is no X-Ray daemon: Tracer is off outside Lambda (it reads AWS_EXECUTION_ENV), and the local stack
 * also sets POWERTOOLS_TRACE_ENABLED=false. Then `traced` returns the client as it is and the middleware does nothing.
 */

import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { METRICS_SERVICE } from '#shared/business-metrics';

export const tracer = new Tracer({ serviceName: METRICS_SERVICE });

/** An AWS SDK v3 client whose calls appear in the invocation's trace. */
export function traced<T>(client: T): T {
  return tracer.captureAWSv3Client(client);
}

/**
 * The handler's segment for a middy chain. Responses are not recorded: they carry founders' answers and tokens'
 * effects, and a trace is readable by anyone who may read X-Ray.
 */
export function traceInvocation<E, R>(): middy.MiddlewareObj<E, R> {
  return captureLambdaHandler(tracer, { captureResponse: false }) as middy.MiddlewareObj<E, R>;
}

/**
 * A handler with its invocation traced, for the functions that are not an HTTP area (those are wrapped in
 * lambda.ts's chain): consumers, the table's stream, the WebSocket routes and the Cognito trigger. The context is
 * optional because the local stack and tests call these handlers with the event alone.
 */
export function instrumented<E, R>(
  handler: (event: E, context: Context) => Promise<R>,
): (event: E, context?: Context) => Promise<R> {
  const chain = middy<E, R, Error, Context>().use(traceInvocation<E, R>()).handler(handler);
  return (event, context) => chain(event, context ?? ({} as Context));
}
