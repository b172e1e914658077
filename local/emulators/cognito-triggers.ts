/**
 * Lambda triggers for cognito-local. cognito-local invokes a pool's triggers through the AWS SDK's Lambda `Invoke`
 * (`POST /2015-03-31/functions/<name>/invocations`) at the endpoint its config names; this answers that call on a
 * free 127.0.0.1 port by running the handler in this process, so offline Cognito runs the very trigger code the
 * cloud pool runs (today the CustomMessage trigger, functions/cognito/custom-message.ts).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A trigger handler: the event in, the event with its `response` filled out. */
export type TriggerHandler = (event: never) => Promise<unknown>;

/** The triggers this stack knows, by cognito-local's `TriggerFunctions` names. */
export interface CognitoTriggers {
  CustomMessage?: TriggerHandler;
}

export interface RunningTriggerEndpoint {
  /** Goes into cognito-local's config as `LambdaClient.endpoint`. */
  endpoint: string;
  /** `TriggerFunctions` for cognito-local's config: each trigger's function name (the trigger's own name here). */
  functions: Record<string, string>;
  stop(): Promise<void>;
}

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;
const MAX_EVENT_BYTES = 256 * 1024;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_EVENT_BYTES) throw new Error('event too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function startTriggerEndpoint(triggers: CognitoTriggers): Promise<RunningTriggerEndpoint> {
  const handlers = new Map(
    Object.entries(triggers).filter((entry): entry is [string, TriggerHandler] => typeof entry[1] === 'function'),
  );
  const server = createServer((req, res) => {
    const name = req.method === 'POST' ? INVOKE_PATH.exec(req.url ?? '')?.[1] : undefined;
    const handler = name ? handlers.get(decodeURIComponent(name)) : undefined;
    if (!handler) {
      res.writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'ResourceNotFoundException' });
      res.end(JSON.stringify({ message: `Function not found: ${name ?? req.url}` }));
      return;
    }
    void (async () => {
      try {
        const event = JSON.parse(await readBody(req)) as never;
        const result = await handler(event);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(result));
      } catch (error) {
        // Lambda's shape for a function that threw: 200 with X-Amz-Function-Error, which cognito-local reports.
        const message = error instanceof Error ? error.message : String(error);
        res.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
        res.end(JSON.stringify({ errorMessage: message, errorType: 'Error' }));
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    functions: Object.fromEntries([...handlers.keys()].map((name) => [name, name])),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
