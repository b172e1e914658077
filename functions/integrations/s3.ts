/**
 * The data-room bucket: presigned POST for uploads (straight from the browser),
 * HeadObject checks, a move out of staging, presigned GET for downloads, deletes.
 * Offline, AWS_ENDPOINT_URL_S3 points at s3rver, which needs path-style URLs.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { env } from '../lib/env';

let client: S3Client | undefined;
function s3(): S3Client {
  client ??= new S3Client({ maxAttempts: 3, forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) });
  return client;
}

export async function presignUpload(key: string, contentType: string, maxBytes: number) {
  return createPresignedPost(s3(), {
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
  try {
    const out = await s3().send(new HeadObjectCommand({ Bucket: env('dataBucket'), Key: key }));
    return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
  } catch (err) {
    if (err instanceof Error && (err.name === 'NotFound' || err.name === 'NoSuchKey')) return null;
    throw err;
  }
}

export async function moveObject(from: string, to: string): Promise<void> {
  const bucket = env('dataBucket');
  await s3().send(
    new CopyObjectCommand({
      Bucket: bucket,
      Key: to,
      CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
    }),
  );
  await s3().send(new DeleteObjectCommand({ Bucket: bucket, Key: from }));
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: env('dataBucket'), Key: key }));
}

/** A one-minute link that downloads the object under its original name. */
export async function presignDownload(key: string, fileName: string): Promise<string> {
  return getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: env('dataBucket'),
      Key: key,
      ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    }),
    { expiresIn: 60 },
  );
}
