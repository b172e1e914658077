/**
 * A cheap HTTP/1.1 client for the local API: node:http with a keep-alive agent, so the
 * load generator spends its time waiting for answers, not building requests or sockets.
 */
import http from 'node:http';

export interface HttpCall {
  method: string;
  path: string;
  token?: string;
  /** JSON text. */
  body?: string;
  /** Sent as they are (a `content-type` here wins over the JSON default). */
  headers?: Record<string, string>;
}

export interface HttpReply {
  status: number;
  body: string;
}

export interface HttpClient {
  request(call: HttpCall): Promise<HttpReply>;
  close(): void;
}

export function createHttpClient(baseUrl: string, maxSockets: number): HttpClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const { hostname, port } = new URL(baseUrl);
  return {
    request: (call) =>
      new Promise<HttpReply>((resolve, reject) => {
        const headers: http.OutgoingHttpHeaders = {};
        if (call.token) headers.authorization = `Bearer ${call.token}`;
        if (call.body !== undefined) {
          headers['content-type'] = 'application/json';
          headers['content-length'] = Buffer.byteLength(call.body);
        }
        Object.assign(headers, call.headers);
        const req = http.request({ agent, hostname, port, method: call.method, path: call.path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(call.body);
      }),
    close: () => agent.destroy(),
  };
}
