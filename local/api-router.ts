/**
 * Dispatches `/api/*` requests through the route table to the same Lambda
 * handlers CDK deploys, after the same JWT check API Gateway would make.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { type Area, ROUTE_IDS, ROUTES, type RouteId, routeKey } from '#shared/routes';
import type { ErrorBody } from '../functions/lib/errors';
import type { JwtAuthorizer } from './jwt-authorizer';
import { buildLambdaEvent } from './lambda-event';

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** API Gateway's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  id: RouteId;
  method: string;
  pattern: RegExp;
  names: string[];
}

const compiled: CompiledRoute[] = ROUTE_IDS.map((id) => {
  const names: string[] = [];
  // Paths hold only letters, '/', '-' and `{name}` placeholders, so no other escaping is needed.
  const source = ROUTES[id].path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { id, method: ROUTES[id].method, pattern: new RegExp(`^${source}$`), names };
});

/** A path whose percent-encoding cannot be decoded (`%`, `%zz`, a cut-off or lone surrogate's UTF-8). */
export class MalformedPathError extends Error {
  override name = 'MalformedPathError';
}

/** Whether a request path has an escape no decoder accepts: API Gateway and CloudFront refuse such paths with a 400. */
export function isMalformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new MalformedPathError(`Cannot decode the path segment ${segment}`);
  }
}

export function matchRoute(method: string, pathname: string): { id: RouteId; params?: Record<string, string> } | null {
  // Anywhere in the path, not only in a parameter: `/api/%` is a bad address, not an unknown route.
  if (isMalformedPath(pathname)) throw new MalformedPathError(`Cannot decode the path ${pathname}`);
  for (const route of compiled) {
    if (route.method !== method) continue;
    const m = route.pattern.exec(pathname);
    if (!m) continue;
    if (route.names.length === 0) return { id: route.id };
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => {
      params[name] = decodeSegment(m[i + 1] ?? '');
    });
    return { id: route.id, params };
  }
  return null;
}

function lambdaContext(area: Area): Context {
  const requestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `preseed-local-${area}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:preseed-local-${area}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/preseed-local-${area}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function sendJson(res: ServerResponse, status: number, body: ErrorBody): void {
  // Like every answer of the handlers (functions/lib/middleware.ts): API answers are never cached.
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const EMPTY = Buffer.alloc(0);

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  // A request without Content-Length or Transfer-Encoding has no body (RFC 9112 §6.3): most GETs.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return EMPTY;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

export interface ApiRouter {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
}

export function createApiRouter(authorizer: JwtAuthorizer): ApiRouter {
  const handlers = new Map<Area, Promise<LambdaHandler>>();
  const load = (area: Area) => {
    let loaded = handlers.get(area);
    if (!loaded) {
      loaded = import(`../functions/http/${area}.ts`).then((m: { handler: LambdaHandler }) => m.handler);
      handlers.set(area, loaded);
    }
    return loaded;
  };

  return {
    async handle(req, res, url) {
      const method = req.method ?? 'GET';
      let match: ReturnType<typeof matchRoute>;
      try {
        match = matchRoute(method, url.pathname);
      } catch (err) {
        if (!(err instanceof MalformedPathError)) throw err;
        // API Gateway refuses such paths itself with a 400.
        sendJson(res, 400, {
          error: 'BadRequest',
          message: 'The address has a malformed percent-encoding (a % not followed by two hex digits of UTF-8).',
        });
        return;
      }
      if (!match) {
        sendJson(res, 404, { error: 'NotFound', message: `No such API route: ${method} ${url.pathname}.` });
        return;
      }
      const route = ROUTES[match.id];
      const body = await readBody(req);
      if (body === null) {
        sendJson(res, 413, { error: 'PayloadTooLarge', message: 'The request body is larger than 10 MB.' });
        return;
      }
      let claims = null;
      if (route.access !== 'public') {
        claims = await authorizer.verify(req.headers.authorization);
        if (!claims) {
          sendJson(res, 401, { error: 'Unauthorized', message: 'Please sign in to continue.' });
          return;
        }
      }
      const event = buildLambdaEvent({
        req,
        url,
        body,
        routeKey: routeKey(match.id),
        pathParameters: match.params,
        claims,
      });
      const handler = await load(route.area);
      const result = await handler(event, lambdaContext(route.area));
      const headers: Record<string, string | number | boolean> = { ...result.headers };
      if (result.cookies?.length) headers['set-cookie'] = result.cookies.join(', ');
      res.writeHead(result.statusCode ?? 200, headers as Record<string, string>);
      res.end(
        result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body,
      );
    },
  };
}
