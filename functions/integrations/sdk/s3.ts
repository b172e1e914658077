/**
 * What ../s3.ts (and ../../user-pool-export/export.ts, PutObject) uses of the S3 client and its presigners, loaded with `import()` on first use (see ../load-once.ts).
 * The integration imports this file rather than the package: esbuild keeps every export of a
 * dynamically imported module, and re-exporting only these keeps the rest of the client tree-shaken.
 */
export {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
export { createPresignedPost } from '@aws-sdk/s3-presigned-post';
export { getSignedUrl } from '@aws-sdk/s3-request-presigner';
