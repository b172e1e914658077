/**
 * Serves the built frontend as CloudFront does in the cloud: the SPA fallback of its viewer-request function,
 * the caching the site deployment writes on each object, and gzip/Brotli compression (./compression.ts).
 */
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, extname, join, normalize, sep } from 'node:path';
import { chooseEncoding, compress, type Encoding, isCompressible } from './compression';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The same security headers CloudFront's response headers policy adds. */
export const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** What infra/constructs/site.ts writes on the `assets/*` objects: Vite names them by content hash. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** …and on everything else (index.html, config.json, favicon): revalidate on every use. */
export const REVALIDATE = 'no-cache';

/** Vite's output names: `<name>-<8-character content hash>.<ext>` (and the source map beside each). */
const HASHED_NAME = /-[\w-]{8}\.[a-z\d]+(?:\.map)?$/i;

export function cacheControlFor(relativePath: string): string {
  const [dir, ...rest] = relativePath.split('/');
  return dir === 'assets' && rest.length === 1 && HASHED_NAME.test(rest[0] ?? '') ? IMMUTABLE : REVALIDATE;
}

interface CachedFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
  /** Each encoding is made once per version of the file, on its first request. */
  encoded: Map<Encoding, Promise<Buffer>>;
}

/**
 * Built files by path, kept while their mtime and size are unchanged: a rebuild (`npm run build` while the
 * server runs) replaces them, and compression is not paid again on every request.
 */
const files = new Map<string, CachedFile>();

async function load(path: string, mtimeMs: number, size: number): Promise<CachedFile> {
  const cached = files.get(path);
  if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached;
  const entry: CachedFile = { mtimeMs, size, body: await readFile(path), encoded: new Map() };
  files.set(path, entry);
  return entry;
}

function encodedBody(file: CachedFile, encoding: Encoding): Promise<Buffer> {
  let pending = file.encoded.get(encoding);
  if (!pending) {
    pending = compress(file.body, encoding);
    file.encoded.set(encoding, pending);
    // A failure is not kept: the next request tries again.
    pending.catch(() => file.encoded.delete(encoding));
  }
  return pending;
}

async function fileStats(path: string): Promise<{ mtimeMs: number; size: number } | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS });
  res.end('Not found.\n');
}

export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  distDir: string,
  pathname: string,
): Promise<void> {
  const root = normalize(distDir + sep);
  let file = normalize(join(root, decodeURIComponent(pathname)));
  if (!file.startsWith(root)) file = join(root, 'index.html');
  let info = await fileStats(file);
  if (!info) {
    // CloudFront's SPA rewrite: only a last segment without a dot is a client-side route. A missing
    // file (an old chunk after a rebuild) is a 404, never index.html served as JavaScript.
    if (basename(pathname).includes('.')) return notFound(res);
    file = join(root, 'index.html');
    info = await fileStats(file);
    if (!info) return notFound(res);
  }
  const cached = await load(file, info.mtimeMs, info.size);
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  const headers: Record<string, string | number> = {
    'content-type': type,
    'cache-control': cacheControlFor(file.slice(root.length).split(sep).join('/')),
    ...SECURITY_HEADERS,
  };
  let body = cached.body;
  if (isCompressible(type, body.length)) {
    // Caches between here and the browser must keep the encodings apart.
    headers.vary = 'Accept-Encoding';
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (encoding) {
      body = await encodedBody(cached, encoding);
      headers['content-encoding'] = encoding;
    }
  }
  headers['content-length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
