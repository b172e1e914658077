/**
 * Response compression as CloudFront applies it to the site's default behaviour (compress: true with the
 * CachingOptimized policy, which enables gzip and Brotli): Brotli when the viewer accepts it, else gzip; only
 * for the content types CloudFront compresses, and only for bodies of 1,000 bytes to 10 MB.
 *
 * The API behaviour (/api/*) uses CachingDisabled, whose compression settings are off, and API Gateway HTTP
 * APIs do not compress either, so API answers reach the browser uncompressed in the cloud; the local server
 * leaves them alone too rather than hide their real size.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** CloudFront compresses objects from 1,000 bytes to 10,000,000 bytes. */
export const MIN_COMPRESSED_BYTES = 1000;
export const MAX_COMPRESSED_BYTES = 10_000_000;

/** The types of CloudFront's list that this app serves (its full list also has fonts, XML feeds and more). */
const COMPRESSIBLE_TYPES: ReadonlySet<string> = new Set([
  'text/html',
  'text/css',
  'text/javascript',
  'application/javascript',
  'application/json',
  'image/svg+xml',
  'image/x-icon',
  'text/plain',
  'text/xml',
  'application/xml',
]);

export function isCompressible(contentType: string, bytes: number): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return COMPRESSIBLE_TYPES.has(type) && bytes >= MIN_COMPRESSED_BYTES && bytes <= MAX_COMPRESSED_BYTES;
}

/** The q-value a header gives a coding (`br;q=0.5`), 1 when it has none, 0 when it is absent or refused. */
function qualityOf(accepted: ReadonlyMap<string, number>, coding: string): number {
  return accepted.get(coding) ?? accepted.get('*') ?? 0;
}

/**
 * The coding to send for an Accept-Encoding header: Brotli before gzip when both are accepted, as CloudFront
 * chooses (whatever their q-values, unless one is refused with q=0); null for the identity.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    accepted.set(name, Number.isFinite(quality) ? quality : 0);
  }
  if (qualityOf(accepted, 'br') > 0) return 'br';
  if (qualityOf(accepted, 'gzip') > 0) return 'gzip';
  return null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses off the event loop (zlib's thread pool). Brotli at quality 5 and gzip at zlib's default level 6:
 * what a CDN affords when it compresses on the fly, so sizes match the cloud's rather than a build-time
 * maximum; the static site caches each result per file, so the cost is paid once.
 */
export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: 6 });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
