import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDist, TEST_SITE_CONFIG } from './serve-dist-for-tests';
import { cacheControlFor, IMMUTABLE, REVALIDATE } from './static-site';

const INDEX_HTML = `<!doctype html><title>Preseed</title>${'<p>landing copy</p>'.repeat(100)}`;
const ENTRY_JS = 'export const entry = () => "the entry chunk";\n'.repeat(200);
const ENTRY = 'assets/index-AbCd12_-.js';

let distDir: string;
let port: number;
let close: () => Promise<void>;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'preseed-static-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(join(distDir, ENTRY), ENTRY_JS);
  await writeFile(join(distDir, 'assets', 'tiny-Zz99Yy88.js'), 'export {};\n');
  await writeFile(join(distDir, 'assets', 'logo-Qq11Ww22.png'), Buffer.alloc(5000, 7));
  ({ port, close } = await serveDist(distDir));
});

afterAll(async () => {
  await close();
  await rm(distDir, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as received (still encoded). */
  raw: Buffer;
  /** The body decoded by its content-encoding. */
  text: string;
}

function get(path: string, acceptEncoding?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: decoded.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the local static site compresses like CloudFront', () => {
  it('sends Brotli when the browser accepts it, gzip otherwise, and says so in Vary', async () => {
    const br = await get(`/${ENTRY}`, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.text).toBe(ENTRY_JS);
    expect(Number(br.headers['content-length'])).toBe(br.raw.length);
    expect(br.raw.length).toBeLessThan(ENTRY_JS.length / 5);

    const gzip = await get(`/${ENTRY}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(ENTRY_JS);

    const plain = await get(`/${ENTRY}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.text).toBe(ENTRY_JS);
  });

  it('compresses pages (the SPA fallback included) and leaves small files and images alone', async () => {
    const page = await get('/signup', 'gzip, br');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.text).toBe(INDEX_HTML);

    const tiny = await get('/assets/tiny-Zz99Yy88.js', 'gzip, br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary).toBeUndefined();

    const png = await get('/assets/logo-Qq11Ww22.png', 'gzip, br');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.raw.length).toBe(5000);
  });

  it('leaves API answers uncompressed, as CloudFront passes them on (CachingDisabled)', async () => {
    const api = await get('/api/nothing-here', 'gzip, br');
    expect(api.status).toBe(404);
    expect(api.headers['content-encoding']).toBeUndefined();
  });

  it('serves a rebuilt file anew (cached by path, mtime and size)', async () => {
    const path = join(distDir, 'assets', 'changing-Ab12Cd34.js');
    await writeFile(path, 'a'.repeat(2000));
    expect((await get('/assets/changing-Ab12Cd34.js', 'br')).text).toBe('a'.repeat(2000));
    await writeFile(path, 'b'.repeat(2000));
    // Same size: only the mtime tells the versions apart.
    const later = new Date(Date.now() + 5000);
    await utimes(path, later, later);
    expect((await get('/assets/changing-Ab12Cd34.js', 'br')).text).toBe('b'.repeat(2000));
  });
});

describe('the local static site caches like the site deployment', () => {
  it('keeps hashed assets for a year and revalidates the page and /config.json', async () => {
    expect((await get(`/${ENTRY}`)).headers['cache-control']).toBe(IMMUTABLE);
    expect((await get('/')).headers['cache-control']).toBe(REVALIDATE);
    expect((await get('/login')).headers['cache-control']).toBe(REVALIDATE);
    const configReply = await get('/config.json');
    expect(configReply.headers['cache-control']).toBe(REVALIDATE);
    expect(JSON.parse(configReply.text)).toEqual(TEST_SITE_CONFIG);
  });

  it('gives only content-hashed files under assets/ the long cache', () => {
    expect(cacheControlFor('assets/index-CYSuRhnD.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('assets/index-DwCKmnBG.css')).toBe(IMMUTABLE);
    expect(cacheControlFor('assets/index-CYSuRhnD.js.map')).toBe(IMMUTABLE);
    expect(cacheControlFor('assets/readme.txt')).toBe(REVALIDATE);
    expect(cacheControlFor('index.html')).toBe(REVALIDATE);
    expect(cacheControlFor('favicon.svg')).toBe(REVALIDATE);
  });

  it('answers a missing file with 404, not with the page, as the SPA rewrite leaves files to S3', async () => {
    const missing = await get('/assets/index-OldHash1.js', 'br');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/plain/);
  });
});
