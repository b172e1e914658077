/**
 * The data-room bucket: presigned POST for uploads (straight from the browser),
 * HeadObject checks, a move out of staging, presigned GET for downloads, deletes.
 * Offline, AWS_ENDPOINT_URL_S3 points at s3rver, which needs path-style URLs.
 */
import { env } from '../lib/env';
import { loadOnce } from './load-once';
import { sdkClientOptions } from './timeouts';

/**
 * The client's and the presigners' modules are loaded on the first call, not with the Lambda
 * (see load-once.ts): S3's client is the largest the data room carries, and listing files needs none.
 */
const s3 = loadOnce(async () => {
  const sdk = await import('./sdk/s3');
  const client = new sdk.S3Client({
    ...sdkClientOptions('s3'),
    forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
  });
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
  await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: from }));
}

export async function deleteObject(key: string): Promise<void> {
  const { sdk, client } = await s3();
  await client.send(new sdk.DeleteObjectCommand({ Bucket: env('dataBucket'), Key: key }));
}

/**
 * A one-minute link that downloads the object under its original name, or (`inline`) opens it in the
 * browser: the data room's types (shared/domain/data-room.ts) hold nothing a browser would run.
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
