/**
 * The data-room bucket: presigned POST for uploads (straight from the browser),
 * HeadObject checks, a ranged read of an upload's first bytes, a move out of staging, presigned GET for
 * downloads — and purges: the bucket is versioned, so a plain delete would leave the object recoverable as a
 * non-current version for 30 days; whatever goes (a deleted file, a deleted account's files, a refused upload, an
 * upload's staged copy once moved) has every version and delete marker deleted.
 * Offline, AWS_ENDPOINT_URL_S3 points at s3rver, which needs path-style URLs.
 */
import { INLINE_READ_PATH } from '#shared/deploy-names';
import { env } from '../lib/env';
import { traced } from '../lib/tracing';
import { loadOnce } from './load-once';
import { sdkClientOptions } from './timeouts';

/**
 * The client's and the presigners' modules are loaded on the first call, not with the Lambda
 * (see load-once.ts): S3's client is the largest the data room carries, and listing files needs none.
 */
const s3 = loadOnce(async () => {
  const sdk = await import('./sdk/s3');
  // Presigned URLs stay valid with the trace header X-Ray adds: SigV4 never signs X-Amzn-Trace-Id.
  const client = traced(
    new sdk.S3Client({
      ...sdkClientOptions('s3'),
      forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
    }),
  );
  return { sdk, client };
});

export async function presignUpload(key: string, contentType: string, maxBytes: number) {
  const { sdk, client } = await s3();
  return sdk.createPresignedPost(client, {
    Bucket: env('dataBucket'),
    Key: key,
    // Each field is also a policy condition, so S3 refuses a form with another Content-Type. s3rver ignores
    // the policy; the API checks the stored object's size and Content-Type itself on confirm.
    Conditions: [['content-length-range', 1, maxBytes]],
    Fields: { 'Content-Type': contentType, 'Cache-Control': 'max-age=3600' },
    Expires: 600,
  });
}

export async function headObject(key: string): Promise<{ size: number; contentType: string } | null> {
  const { sdk, client } = await s3();
  try {
    const out = await client.send(new sdk.HeadObjectCommand({ Bucket: env('dataBucket'), Key: key }));
    return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
  } catch (err) {
    if (err instanceof Error && (err.name === 'NotFound' || err.name === 'NoSuchKey')) return null;
    throw err;
  }
}

export async function moveObject(from: string, to: string): Promise<void> {
  const bucket = env('dataBucket');
  const { sdk, client } = await s3();
  await client.send(
    new sdk.CopyObjectCommand({
      Bucket: bucket,
      Key: to,
      CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
    }),
  );
  // Every version: a staged copy left as a non-current version would outlive the file's deletion by 30 days.
  await purge(from, true);
}

/**
 * A one-minute link to the bucket that downloads the object under its original name (`inline`: the signed link
 * presignInlineRead passes on).
 */
export async function presignDownload(
  key: string,
  fileName: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): Promise<string> {
  const { sdk, client } = await s3();
  return sdk.getSignedUrl(
    client,
    new sdk.GetObjectCommand({
      Bucket: env('dataBucket'),
      Key: key,
      ResponseContentDisposition: `${disposition}; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    }),
    { expiresIn: 60 },
  );
}

/**
 * A one-minute link that opens the object in the page (`inline`), as an address on the site's own origin:
 * INLINE_READ_PATH followed by the presigned GET's path and signed query, which CloudFront (offline: the local
 * server) passes to the bucket, answering with INLINE_READ_HEADERS. The page fetches it; a browser sent there
 * itself runs nothing of the file.
 */
export async function presignInlineRead(key: string, fileName: string): Promise<string> {
  const url = new URL(await presignDownload(key, fileName, 'inline'));
  return `${INLINE_READ_PATH}${url.pathname}${url.search}`;
}

/** DeleteObjects' per-key error codes that pass with time. */
const TRANSIENT_DELETE_ERRORS = new Set(['InternalError', 'SlowDown', 'ServiceUnavailable']);

/** S3's limit of keys per DeleteObjects call. */
const MAX_DELETES = 1000;

type ObjectVersion = { Key: string; VersionId?: string };

/** s3rver keeps no versions and answers ListObjectVersions 405: there, the current objects are all there is. */
const versionsUnsupported = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === 'MethodNotAllowed' ||
    err.name === 'NotImplemented' ||
    (err as Error & { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 405);

/** Every version and delete marker under `prefix` (with `exact`, of that one key). */
async function listVersions(prefix: string, exact: boolean): Promise<ObjectVersion[]> {
  const { sdk, client } = await s3();
  const found: ObjectVersion[] = [];
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  do {
    const out = await client.send(
      new sdk.ListObjectVersionsCommand({
        Bucket: env('dataBucket'),
        Prefix: prefix,
        KeyMarker: keyMarker,
        VersionIdMarker: versionIdMarker,
      }),
    );
    for (const v of [...(out.Versions ?? []), ...(out.DeleteMarkers ?? [])]) {
      if (v.Key && (!exact || v.Key === prefix)) found.push({ Key: v.Key, VersionId: v.VersionId });
    }
    keyMarker = out.IsTruncated ? out.NextKeyMarker : undefined;
    versionIdMarker = out.IsTruncated ? out.NextVersionIdMarker : undefined;
  } while (keyMarker);
  return found;
}

/** The current objects under `prefix`, for a store without versions. */
async function listCurrent(prefix: string, exact: boolean): Promise<ObjectVersion[]> {
  const { sdk, client } = await s3();
  const found: ObjectVersion[] = [];
  let token: string | undefined;
  do {
    const out = await client.send(
      new sdk.ListObjectsV2Command({ Bucket: env('dataBucket'), Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of out.Contents ?? []) if (o.Key && (!exact || o.Key === prefix)) found.push({ Key: o.Key });
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return found;
}

async function purge(prefix: string, exact: boolean): Promise<number> {
  const { sdk, client } = await s3();
  let versions: ObjectVersion[];
  try {
    versions = await listVersions(prefix, exact);
  } catch (err) {
    if (!versionsUnsupported(err)) throw err;
    versions = await listCurrent(prefix, exact);
  }
  for (let i = 0; i < versions.length; i += MAX_DELETES) {
    const out = await client.send(
      new sdk.DeleteObjectsCommand({
        Bucket: env('dataBucket'),
        Delete: { Objects: versions.slice(i, i + MAX_DELETES), Quiet: true },
      }),
    );
    const failed = out.Errors ?? [];
    if (failed.length > 0) {
      const err = new Error(
        `S3 kept ${failed.length} of ${prefix}'s versions: ${failed[0]?.Code} ${failed[0]?.Message}`,
      );
      // Per-key errors S3 says pass with time: the API answers 503 and the caller's retry purges again.
      if (failed.every((f) => TRANSIENT_DELETE_ERRORS.has(f.Code ?? ''))) err.name = 'ServiceUnavailable';
      throw err;
    }
  }
  return versions.length;
}

/** Deletes every version and delete marker of every object under `prefix`; how many it deleted. */
export function purgePrefix(prefix: string): Promise<number> {
  if (!prefix.endsWith('/')) throw new Error(`purgePrefix wants a folder, not ${prefix}`);
  return purge(prefix, false);
}

/** Deletes every version and delete marker of one object (a key that is a prefix of another is not touched). */
export function purgeObject(key: string): Promise<number> {
  return purge(key, true);
}

/**
 * The object's first `bytes` bytes (fewer when it is shorter): a ranged GET, so checking an upload's content
 * reads a few kilobytes, not the 10 MB it may hold.
 */
export async function readFirstBytes(key: string, bytes: number): Promise<Uint8Array> {
  const { sdk, client } = await s3();
  const out = await client.send(
    new sdk.GetObjectCommand({ Bucket: env('dataBucket'), Key: key, Range: `bytes=0-${bytes - 1}` }),
  );
  const body = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  // A store that ignores Range (or a short object) still gives no more than asked for.
  return body.subarray(0, bytes);
}
