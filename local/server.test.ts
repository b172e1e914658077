import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDist } from './serve-dist-for-tests';

let distDir: string;
let port: number;
let close: () => Promise<void>;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'preseed-dist-'));
  await writeFile(join(distDir, 'index.html'), '<!doctype html><title>Preseed</title>');
  ({ port, close } = await serveDist(distDir));
});

afterAll(async () => {
  await close();
  await rm(distDir, { recursive: true, force: true });
});

/** Sends the path exactly as written (fetch and URL would normalize or refuse it). */
function get(path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type']),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the local server and malformed addresses', () => {
  it.each(['/%', '/%E0%A4%A', '/%zz', '/data-room/%E0%A4', '/assets/%'])(
    'answers the page address %s with 400 in words',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(400);
      expect(res.type).toMatch(/^text\/plain/);
      expect(res.body).toContain('malformed percent-encoding');
    },
  );

  it.each(['/api/%', '/api/%E0%A4%A', '/api/questions/%zz', '/api/files/%E0%A4/download'])(
    'answers the API address %s with 400 JSON',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(400);
      expect(res.type).toMatch(/^application\/json/);
      expect(JSON.parse(res.body)).toEqual({
        error: 'BadRequest',
        message: expect.stringContaining('percent-encoding'),
      });
    },
  );

  it('still serves pages, encoded ones too, and answers an unknown API path with 404 JSON', async () => {
    expect((await get('/data-room')).status).toBe(200);
    expect((await get('/%64ata-room')).status).toBe(200);
    const unknown = await get('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ error: 'NotFound' });
  });

  it('answers a request target that is no URL at all with 400 and keeps serving', async () => {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.end('GET http://[ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    await once(socket, 'close');
    expect(Buffer.concat(chunks).toString('utf8')).toMatch(/^HTTP\/1\.1 400 /);
    expect((await get('/')).status).toBe(200);
  });
});
