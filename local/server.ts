/**
 * The one local origin (http://localhost:3000 by default): `/api/*` through the
 * route table, `/config.json`, the realtime WebSocket (`/ws`), the mail viewer, inline reads of the data room
 * (`/_files/*`, local/inline-reads.ts), and the frontend (built files, or Vite's dev middleware with hot reload).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { LOCAL_REALTIME_PATH } from '#shared/realtime-messages';
import type { RuntimeConfig } from '#shared/runtime-config';
import { rootLogger } from '../functions/lib/logger';
import { createApiRouter, isMalformedPath } from './api-router';
import type { LocalEventBus } from './event-bus';
import { isInlineRead, serveInlineRead } from './inline-reads';
import type { JwtAuthorizer } from './jwt-authorizer';
import { type SentEmail, serveMail } from './mail-viewer';
import type { LocalRealtime } from './realtime';
import { REVALIDATE, SECURITY_HEADERS, serveStatic } from './static-site';

export type FrontendMode =
  | { mode: 'static'; distDir: string }
  | { mode: 'vite'; handle: (req: IncomingMessage, res: ServerResponse, next: () => void) => void }
  | { mode: 'none' };

export interface LocalServerOptions {
  config: RuntimeConfig;
  authorizer: JwtAuthorizer;
  bus: LocalEventBus;
  realtime: LocalRealtime;
  listEmails: () => Promise<SentEmail[]>;
  frontend: FrontendMode;
  /** The local store (s3rver) inline reads are passed to; without one they are not found. */
  storageEndpoint?: string;
}

function json(res: ServerResponse, status: number, body: unknown, cacheControl = 'no-store'): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': cacheControl });
  res.end(JSON.stringify(body));
}

/** A page address that cannot be decoded: 400 in words, as CloudFront answers; decoding it to serve a file would throw. */
const isJson = (contentType: string | undefined) => (contentType ?? '').split(';')[0]?.trim() === 'application/json';

function badPageAddress(res: ServerResponse): void {
  res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS });
  res.end('Bad request: the address has a malformed percent-encoding (a % not followed by two hex digits of UTF-8).\n');
}

export interface LocalServer {
  server: Server;
  /** Vite's dev middleware needs the HTTP server for hot reload, so it is attached after creation. */
  setFrontend(frontend: FrontendMode): void;
}

export function createLocalServer(options: LocalServerOptions): LocalServer {
  const api = createApiRouter(options.authorizer);
  const log = rootLogger.child({ component: 'local-server' });
  let frontend = options.frontend;

  const server = createServer((req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return badPageAddress(res);
    }
    const path = url.pathname;
    const respond = async () => {
      if (path === '/api' || path.startsWith('/api/')) return api.handle(req, res, url);
      if (isMalformedPath(path)) return badPageAddress(res);
      if (isInlineRead(path) && options.storageEndpoint) {
        return serveInlineRead(req, res, url, options.storageEndpoint);
      }
      // Written beside index.html at deploy time, with the same caching (revalidate on every use).
      if (path === '/config.json') return json(res, 200, options.config, REVALIDATE);
      if (path === '/_dev/mail' || path === '/_dev/mail.json') return serveMail(res, path, options.listEmails);
      if (path === '/_dev/events/idle') {
        // Resolves while deliveries wait on a back-off timer (an outage may last an hour); `retrying` counts them,
        // so a caller that needs them done asks again.
        await options.bus.idle();
        return json(res, 200, {
          idle: true,
          deadLetters: options.bus.deadLetters().length,
          retrying: options.bus.retrying().length,
        });
      }
      // `npm run events:redrive` (local/redrive-events.ts): the running stack has the consumers and their emulators.
      // JSON only: a page elsewhere cannot send that without a CORS preflight, which this server never grants.
      if (path === '/_dev/events/redrive' && req.method === 'POST' && isJson(req.headers['content-type'])) {
        const consumer = url.searchParams.get('consumer') ?? undefined;
        return json(res, 200, { results: await options.bus.redrive(consumer === undefined ? {} : { consumer }) });
      }
      if (path === '/_dev/realtime/stop' && req.method === 'POST') {
        await options.realtime.stop();
        return json(res, 200, { running: false });
      }
      if (path === '/_dev/realtime/start' && req.method === 'POST') {
        options.realtime.start();
        return json(res, 200, { running: true });
      }
      if (frontend.mode === 'static') return serveStatic(req, res, frontend.distDir, path);
      if (frontend.mode === 'vite') {
        for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
        return frontend.handle(req, res, () => json(res, 404, { error: 'NotFound', message: 'Not found.' }));
      }
      return json(res, 404, { error: 'NotFound', message: 'Not found.' });
    };
    respond().catch((err: unknown) => {
      log.error('local server error', { err, path });
      if (!res.headersSent)
        json(res, 500, { error: 'InternalError', message: 'The local server failed; see its log.' });
      else res.end();
    });
  });
  // Other upgrades (Vite's hot reload in `npm run dev`) are left to their own listeners.
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname === LOCAL_REALTIME_PATH) {
      options.realtime.handleUpgrade(req, socket, head);
    }
  });
  return {
    server,
    setFrontend: (next) => {
      frontend = next;
    },
  };
}
