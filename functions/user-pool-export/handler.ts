/** The daily user-pool export (./export.ts), run by an EventBridge schedule (infra/constructs/user-pool-export.ts). */

import { CognitoIdentityProviderClient } from '../integrations/sdk/cognito';
import { S3Client } from '../integrations/sdk/s3';
import { sdkClientOptions } from '../integrations/timeouts';
import { env } from '../lib/env';
import { rootLogger } from '../lib/logger';
import { instrumented, traced } from '../lib/tracing';
import { exportUserPool, USER_POOL_EXPORT_ENV, writeUserPoolExport } from './export';

const cognito = traced(new CognitoIdentityProviderClient(sdkClientOptions('cognito')));
// Offline, AWS_ENDPOINT_URL_S3 points at s3rver, which needs path-style URLs.
const s3 = traced(
  new S3Client({ ...sdkClientOptions('s3'), forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) }),
);

export const handler = instrumented(async (): Promise<{ key: string; users: number }> => {
  const bucket = process.env[USER_POOL_EXPORT_ENV.bucket];
  if (!bucket) throw new Error(`${USER_POOL_EXPORT_ENV.bucket} is not set`);
  const doc = await exportUserPool(cognito, env('userPoolId'));
  const key = await writeUserPoolExport(s3, bucket, doc);
  rootLogger.info('user pool exported', { key, users: doc.users.length, groups: doc.groups.length });
  return { key, users: doc.users.length };
});
