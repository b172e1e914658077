/**
 * Sits between the publishers and the local bus and keeps a copy of every PutEvents
 * entry, so a test can count how often an event was published (the bus itself only
 * keeps what its consumers failed to handle).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedEvent {
  detailType: string;
  detail: Record<string, unknown>;
}

export interface EventRecorder {
  endpoint: string;
  published: RecordedEvent[];
  /** Events of one type whose detail has these fields. */
  count(detailType: string, fields: Record<string, unknown>): number;
  stop(): Promise<void>;
}

interface PutEventsBody {
  Entries?: { DetailType?: string; Detail?: string }[];
}

export async function startEventRecorder(busEndpoint: string): Promise<EventRecorder> {
  const published: RecordedEvent[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        for (const entry of (JSON.parse(body) as PutEventsBody).Entries ?? []) {
          published.push({
            detailType: entry.DetailType ?? '',
            detail: JSON.parse(entry.Detail ?? '{}') as Record<string, unknown>,
          });
        }
      } catch {
        // The bus answers malformed bodies itself.
      }
      try {
        const forwarded = await fetch(busEndpoint, {
          method: 'POST',
          headers: {
            'content-type': String(req.headers['content-type'] ?? 'application/x-amz-json-1.1'),
            'x-amz-target': String(req.headers['x-amz-target'] ?? ''),
          },
          body,
        });
        res.writeHead(forwarded.status, { 'content-type': forwarded.headers.get('content-type') ?? '' });
        res.end(await forwarded.text());
      } catch (err) {
        res.writeHead(502);
        res.end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    published,
    count: (detailType, fields) =>
      published.filter(
        (e) => e.detailType === detailType && Object.entries(fields).every(([k, v]) => e.detail[k] === v),
      ).length,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
