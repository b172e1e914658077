/** Serves the built frontend with an SPA fallback, as CloudFront does in the cloud. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

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

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export async function serveStatic(res: ServerResponse, distDir: string, pathname: string): Promise<void> {
  const root = normalize(distDir + sep);
  let file = normalize(join(root, decodeURIComponent(pathname)));
  if (!file.startsWith(root)) file = join(root, 'index.html');
  if (!(await isFile(file))) file = join(root, 'index.html');
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  // Hashed assets never change; the page itself must always be fresh.
  const cache = file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
  res.writeHead(200, { 'content-type': type, 'cache-control': cache, ...SECURITY_HEADERS });
  createReadStream(file).pipe(res);
}
