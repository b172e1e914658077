/**
 * The offline stand-in for the API Gateway WebSocket API. Browsers connect on the app's
 * own origin (`/ws`); each connection runs the same `$connect` / `$disconnect` handler the
 * cloud runs, and a small management endpoint on 127.0.0.1 answers the management API's
 * `POST|GET|DELETE /@connections/{id}`, so the push consumer's SDK client only changes address.
 * As API Gateway does, the handshake's headers reach `$connect`, and the subprotocol its answer names
 * (`Sec-WebSocket-Protocol`) is the one the handshake selects; when it names none, none is selected,
 * and a client that offered some fails the handshake.
 *
 * `stop()` drops every socket without a goodbye and refuses new ones, like a crashed
 * server; `start()` accepts again. The browser tests use both to prove the client reconnects.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Logger } from '../functions/lib/logger';
import type { WebSocketEvent, WebSocketResult } from '../functions/realtime/handler';

type RealtimeHandler = (event: WebSocketEvent) => Promise<WebSocketResult>;

export interface LocalRealtime {
  /** What REALTIME_ENDPOINT is set to: where the management API is answered. */
  readonly managementEndpoint: string;
  /** Takes over an HTTP upgrade request for the realtime path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  stop(): Promise<void>;
  start(): void;
  close(): Promise<void>;
}

interface Connection {
  socket: WebSocket;
  connectedAt: string;
  lastActiveAt: string;
  sourceIp: string;
  userAgent: string;
}

/** API Gateway's connection ids look like `L0SM9cOFvHcCIhw=`: 12 random bytes in base64. */
const newConnectionId = () => randomBytes(12).toString('base64');

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden' };

function refuse(socket: Duplex, status: number, body = ''): void {
  const reason = STATUS_TEXT[status] ?? (status >= 500 ? 'Service Unavailable' : 'Error');
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Node joins repeated headers with ', ' (as API Gateway does) except set-cookie, which a handshake does not carry. */
function handshakeHeaders(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(req.headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
    ),
  );
}

function headerOf(headers: Record<string, string> | undefined, name: string): string | undefined {
  return Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
}

export async function startLocalRealtime(options: { handler: RealtimeHandler; log: Logger }): Promise<LocalRealtime> {
  const { log } = options;
  // The subprotocol each accepted handshake selects, as its $connect answer named it.
  const selected = new WeakMap<IncomingMessage, string>();
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered, req) => {
      const protocol = selected.get(req);
      return protocol !== undefined && offered.has(protocol) ? protocol : false;
    },
  });
  const connections = new Map<string, Connection>();
  let running = true;

  const invoke = async (routeKey: '$connect' | '$disconnect', connectionId: string, req?: IncomingMessage) => {
    const query = req ? new URL(req.url ?? '/', 'http://localhost').searchParams : undefined;
    return options.handler({
      requestContext: { routeKey, connectionId, requestId: randomUUID() },
      queryStringParameters: query ? Object.fromEntries(query) : null,
      headers: req ? handshakeHeaders(req) : null,
    });
  };

  const disconnect = (connectionId: string) => {
    if (!connections.delete(connectionId)) return;
    invoke('$disconnect', connectionId).catch((err: unknown) => log.error('$disconnect failed', { err }));
  };

  const handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!running) return refuse(socket, 503, JSON.stringify({ message: 'The local realtime side is stopped.' }));
    const connectionId = newConnectionId();
    invoke('$connect', connectionId, req)
      .then((result) => {
        // API Gateway completes the handshake only when $connect answers 2xx.
        if (result.statusCode < 200 || result.statusCode > 299) return refuse(socket, result.statusCode, result.body);
        if (!running) return refuse(socket, 503);
        const protocol = headerOf(result.headers, 'sec-websocket-protocol');
        if (protocol !== undefined) selected.set(req, protocol);
        wss.handleUpgrade(req, socket, head, (ws) => {
          const now = new Date().toISOString();
          connections.set(connectionId, {
            socket: ws,
            connectedAt: now,
            lastActiveAt: now,
            sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
            userAgent: req.headers['user-agent'] ?? '',
          });
          ws.on('message', () => {
            const c = connections.get(connectionId);
            if (c) c.lastActiveAt = new Date().toISOString();
          });
          ws.on('close', () => disconnect(connectionId));
          ws.on('error', () => disconnect(connectionId));
        });
      })
      .catch((err: unknown) => {
        log.error('$connect failed', { err });
        refuse(socket, 500);
      });
  };

  const management = createServer((req, res) => answerManagement(req, res));
  const answerManagement = (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/@connections\/([^/?]+)/.exec(req.url ?? '');
    const send = (status: number, body?: unknown, errorType?: string) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
      });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    if (!match?.[1]) return send(404, { message: 'Not found' }, 'NotFoundException');
    const connectionId = decodeURIComponent(match[1]);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const connection = connections.get(connectionId);
      if (!connection || connection.socket.readyState !== connection.socket.OPEN) {
        return send(410, { message: `Connection ${connectionId} is gone` }, 'GoneException');
      }
      if (req.method === 'POST') {
        connection.socket.send(Buffer.concat(chunks).toString('utf8'));
        return send(200);
      }
      if (req.method === 'DELETE') {
        connection.socket.close(1000);
        return send(204);
      }
      if (req.method === 'GET') {
        return send(200, {
          ConnectedAt: connection.connectedAt,
          LastActiveAt: connection.lastActiveAt,
          Identity: { SourceIp: connection.sourceIp, UserAgent: connection.userAgent },
        });
      }
      return send(405, { message: 'Method not allowed' }, 'BadRequestException');
    });
  };
  await new Promise<void>((resolve, reject) => {
    management.once('error', reject);
    management.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = management.address() as AddressInfo;

  const stop = async () => {
    running = false;
    const closing = [...connections.values()].map(
      (c) =>
        new Promise<void>((resolve) => {
          c.socket.once('close', () => resolve());
          // No close frame: the browser sees an abnormal closure, as when a server dies.
          c.socket.terminate();
        }),
    );
    await Promise.all(closing);
  };

  return {
    managementEndpoint: `http://127.0.0.1:${port}`,
    handleUpgrade,
    stop,
    start: () => {
      running = true;
    },
    close: async () => {
      await stop();
      wss.close();
      management.closeAllConnections();
      await new Promise<void>((resolve) => management.close(() => resolve()));
    },
  };
}
