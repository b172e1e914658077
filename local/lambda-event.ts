/** Builds the APIGatewayProxyEventV2 (payload format 2.0) that API Gateway would send for a request. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { VIEWER_ADDRESS_HEADER } from '../functions/lib/http';
import type { FlatClaims } from './jwt-authorizer';

/** What CloudFront-Viewer-Address would say: the socket's address and port (IPv4-mapped IPv6 unwrapped). */
export function viewerAddress(req: IncomingMessage): string {
  const ip = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.)/, '');
  return `${ip}:${req.socket.remotePort ?? 0}`;
}

export interface EventInput {
  req: IncomingMessage;
  url: URL;
  body: Buffer;
  routeKey: string;
  pathParameters: Record<string, string> | undefined;
  claims: FlatClaims | null;
}

const TEXTUAL = /^(application\/(json|x-www-form-urlencoded|.*\+json|xml)|text\/)/i;

export function buildLambdaEvent({
  req,
  url,
  body,
  routeKey,
  pathParameters,
  claims,
}: EventInput): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (name === 'cookie') cookies.push(...String(value).split(/;\s*/));
    else headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // CloudFront writes the viewer's address itself; a client's own header of that name never passes.
  headers[VIEWER_ADDRESS_HEADER] = viewerAddress(req);
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;

  const contentType = headers['content-type'] ?? '';
  const textual = body.length === 0 || TEXTUAL.test(contentType);
  const now = new Date();
  const requestContext = {
    accountId: '000000000000',
    apiId: 'local',
    domainName: headers.host ?? 'localhost',
    domainPrefix: 'localhost',
    http: {
      method: req.method ?? 'GET',
      path: url.pathname,
      protocol: `HTTP/${req.httpVersion}`,
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      userAgent: headers['user-agent'] ?? '',
    },
    requestId: randomUUID(),
    routeKey,
    stage: '$default',
    time: now.toUTCString(),
    timeEpoch: now.getTime(),
    ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
  };
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(pathParameters ? { pathParameters } : {}),
    ...(body.length ? { body: textual ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !textual,
    requestContext,
  } as APIGatewayProxyEventV2;
}
