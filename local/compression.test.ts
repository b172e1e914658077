import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compress, isCompressible } from './compression';

describe('chooseEncoding', () => {
  it('prefers Brotli whenever the viewer accepts it, as CloudFront does', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, br;q=0.1')).toBe('br');
    expect(chooseEncoding(['gzip', 'br'])).toBe('br');
  });

  it('falls back to gzip, and to no coding', () => {
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('gzip;q=0')).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe('isCompressible', () => {
  it('takes the text types CloudFront compresses, from 1,000 bytes to 10 MB', () => {
    expect(isCompressible('text/javascript; charset=utf-8', 1000)).toBe(true);
    expect(isCompressible('text/html; charset=utf-8', 50_000)).toBe(true);
    expect(isCompressible('image/svg+xml', 2000)).toBe(true);
    expect(isCompressible('application/json; charset=utf-8', 999)).toBe(false);
    expect(isCompressible('text/css', 10_000_001)).toBe(false);
  });

  it('leaves already-compressed formats alone', () => {
    expect(isCompressible('image/png', 50_000)).toBe(false);
    expect(isCompressible('font/woff2', 50_000)).toBe(false);
    expect(isCompressible('application/octet-stream', 50_000)).toBe(false);
  });
});

describe('compress', () => {
  const body = Buffer.from('const answer = 42;\n'.repeat(500));

  it('round-trips both encodings and shrinks repetitive text', async () => {
    const br = await compress(body, 'br');
    const gz = await compress(body, 'gzip');
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gz).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(body.length / 10);
    expect(gz.length).toBeLessThan(body.length / 10);
  });
});
