import { Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { removalPolicyOf, type StageConfig } from '../stages';

export interface AccessLogsProps {
  readonly stage: StageConfig;
}

/** One bucket for the stage's access logs: S3 server access logs and CloudFront standard logs. */
export class AccessLogs extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, { stage }: AccessLogsProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      // Server access logs can only be delivered to SSE-S3 buckets.
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront delivers standard logs through an ACL grant, which needs ACLs enabled.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(stage.production ? 365 : 30) }],
      removalPolicy: removalPolicyOf(stage),
      autoDeleteObjects: !stage.production,
    });
  }
}

/** What every API Gateway stage logs per request, as JSON; each API adds the fields of its own kind. */
const COMMON_ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  routeKey: '$context.routeKey',
  status: '$context.status',
  integrationError: '$context.integrationErrorMessage',
} as const;

/** A JSON access-log line: the common fields plus `extra`. Query strings are never logged (tokens travel in them). */
export function jsonAccessLogFormat(extra: Readonly<Record<string, string>>): AccessLogFormat {
  return AccessLogFormat.custom(JSON.stringify({ ...COMMON_ACCESS_LOG_FIELDS, ...extra }));
}
