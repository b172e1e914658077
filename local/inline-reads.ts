/**
 * Inline reads offline, as CloudFront serves them in the cloud (infra/constructs/inline-reads.ts): a GET under
 * INLINE_READ_PATH is the presigned GET of the local store (path and signed query) passed on to s3rver, answered
 * with its status, body and content headers plus INLINE_READ_HEADERS — which s3rver, like S3, cannot set.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { INLINE_READ_HEADERS, INLINE_READ_PATH } from '#shared/deploy-names';

/** What CloudFront passes back of S3's answer that a reader needs (its own headers are added on top). */
const PASSED_ON = [
  'content-type',
  'content-length',
  'content-disposition',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'cache-control',
];

export const isInlineRead = (path: string): boolean => path.startsWith(`${INLINE_READ_PATH}/`);

export async function serveInlineRead(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  storageEndpoint: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', ...INLINE_READ_HEADERS });
    res.end();
    return;
  }
  const upstream = await fetch(`${storageEndpoint}${url.pathname.slice(INLINE_READ_PATH.length)}${url.search}`, {
    method: req.method,
    ...(req.headers.range ? { headers: { range: req.headers.range } } : {}),
  });
  const headers: Record<string, string> = {};
  for (const name of PASSED_ON) {
    const value = upstream.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  res.writeHead(upstream.status, { ...headers, ...INLINE_READ_HEADERS });
  if (!upstream.body || req.method === 'HEAD') {
    res.end();
    return;
  }
  Readable.fromWeb(upstream.body as ReadableStream<Uint8Array>).pipe(res);
}
