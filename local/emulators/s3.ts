import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  type CORSRule,
  CreateBucketCommand,
  HeadBucketCommand,
  PutBucketCorsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { type LogFn, nodeChildEnv, startChildEmulator } from './child';
import { LOCAL_ACCESS_KEY_ID, LOCAL_REGION, LOCAL_SECRET_ACCESS_KEY } from './credentials';
import { EMULATOR_LABELS, resolvePort } from './ports';
import type { RunningEmulator } from './types';

const LABEL = EMULATOR_LABELS.s3;
const WRAPPER = fileURLToPath(new URL('./s3rver-server.cjs', import.meta.url));

/**
 * S3 clients must use path-style URLs locally: with a `localhost` endpoint the SDK would
 * otherwise address `<bucket>.localhost`. There is no environment variable for it, so pass
 * this to every S3Client (and presigner) when running against s3rver: `new S3Client({ ...S3_LOCAL_CLIENT_CONFIG })`.
 */
export const S3_LOCAL_CLIENT_CONFIG = { forcePathStyle: true } as const;

export interface S3rverOptions {
  /** Root data directory; objects go to <dataDir>/s3. Omitted: a temp dir removed on stop. */
  dataDir?: string;
  port?: number;
  log?: LogFn;
  readyTimeoutMs?: number;
  /** Aborting it stops a start still waiting for the emulator to answer. */
  signal?: AbortSignal;
}

export interface RunningS3rver extends RunningEmulator {
  /** Where s3rver keeps buckets and objects (plain files). */
  directory: string;
}

/**
 * Starts s3rver in a child process (see s3rver-server.cjs for why not in this one).
 * It accepts only the S3RVER/S3RVER credentials and checks neither signatures nor presigned POST policies.
 */
export async function startS3rver(options: S3rverOptions = {}): Promise<RunningS3rver> {
  const started = performance.now();
  const port = await resolvePort('s3', options.port);
  const temporary = !options.dataDir;
  const directory = options.dataDir
    ? path.resolve(options.dataDir, 's3')
    : await mkdtemp(path.join(os.tmpdir(), 'preseed-s3-'));
  await mkdir(directory, { recursive: true });
  const running = await startChildEmulator({
    service: 's3',
    port,
    started,
    spawn: {
      label: LABEL,
      command: process.execPath,
      args: [WRAPPER],
      cwd: directory,
      env: nodeChildEnv({ PRESEED_S3RVER_CONFIG: JSON.stringify({ port, directory }) }),
      log: options.log,
      exitWithParent: true,
    },
    cleanup: async () => {
      if (temporary) await rm(directory, { recursive: true, force: true });
    },
    ...(options.signal ? { signal: options.signal } : {}),
    readyTimeoutMs: options.readyTimeoutMs ?? 15_000,
    // ListBuckets; s3rver answers anonymous requests.
    probe: async (signal) => {
      const response = await fetch(`http://127.0.0.1:${port}`, { signal });
      await response.arrayBuffer();
      return response.ok;
    },
  });
  return { ...running, directory };
}

/** CORS for browser uploads and downloads from the app's origin(s); ETag is exposed for multipart/presigned PUT flows. */
export function corsRulesForOrigins(origins: readonly string[]): CORSRule[] {
  return [
    {
      AllowedOrigins: [...origins],
      AllowedMethods: ['GET', 'POST', 'PUT', 'HEAD'],
      AllowedHeaders: ['*'],
      ExposeHeaders: ['ETag'],
      MaxAgeSeconds: 3000,
    },
  ];
}

/**
 * Creates the bucket if missing and (re)applies its CORS rules through the SDK, which s3rver
 * supports (CreateBucket + PutBucketCors); safe to call on every start.
 */
export async function ensureBucket(s3Endpoint: string, bucket: string, corsRules?: CORSRule[]): Promise<void> {
  const client = new S3Client({
    ...S3_LOCAL_CLIENT_CONFIG,
    endpoint: s3Endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId: LOCAL_ACCESS_KEY_ID, secretAccessKey: LOCAL_SECRET_ACCESS_KEY },
  });
  try {
    const exists = await client.send(new HeadBucketCommand({ Bucket: bucket })).then(
      () => true,
      () => false,
    );
    if (!exists) await client.send(new CreateBucketCommand({ Bucket: bucket }));
    if (corsRules) {
      await client.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: corsRules } }));
    }
  } finally {
    client.destroy();
  }
}
