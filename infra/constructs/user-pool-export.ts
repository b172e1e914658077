import { Duration, Stack } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, CfnBucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { FUNCTION_TIMEOUT_SECONDS, USER_POOL_EXPORT_ENV, USER_POOL_EXPORT_PREFIX } from '#shared/deploy-names';
import { RETRY_POLICY } from '#shared/events';
import { logRetentionOf, removalPolicyOf, type StageConfig } from '../stages';
import { BACKUP_RETENTION_DAYS } from './data';
import { AppFunction } from './function';
import { type GrantTargets, grantNeeds, type Needs } from './grants';
import { USER_POOL_EXPORT_ENTRY } from './lambda-entries';
import { acknowledge } from './nag';

/** How long an export is kept: as long as the table's backups, so a restore finds a pool export of the same night. */
export const USER_POOL_EXPORT_RETENTION_DAYS = BACKUP_RETENTION_DAYS;

/** Lists the pool's users and groups; nothing else of Cognito, nothing of the table. */
export const USER_POOL_EXPORT_NEEDS = {
  cognitoAdmin: ['ListUsers', 'ListGroups', 'ListUsersInGroup'],
} as const satisfies Needs;

export interface UserPoolExportProps {
  readonly stage: StageConfig;
  readonly accessLogs: IBucket;
  /** Every function's environment (infra/stack.ts); the export adds its bucket. */
  readonly environment: Readonly<Record<string, string>>;
  readonly targets: GrantTargets;
}

/**
 * The user pool's daily export (functions/user-pool-export/export.ts): users and groups, no secrets, one JSON object
 * per day in a bucket of its own, kept USER_POOL_EXPORT_RETENTION_DAYS. Cognito has no backup of its own; this is
 * what `npm run users:restore` rebuilds a pool from (docs/operations.md, "Restore drill").
 */
export class UserPoolExport extends Construct {
  readonly bucket: Bucket;
  readonly fn: AppFunction;

  constructor(scope: Construct, id: string, { stage, accessLogs, environment, targets }: UserPoolExportProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // An export that is overwritten or deleted by mistake stays recoverable until the lifecycle removes it.
      versioned: true,
      lifecycleRules: [
        {
          id: 'expire-exports',
          prefix: USER_POOL_EXPORT_PREFIX,
          expiration: Duration.days(USER_POOL_EXPORT_RETENTION_DAYS),
          noncurrentVersionExpiration: Duration.days(1),
        },
        { id: 'expire-delete-markers', expiredObjectDeleteMarker: true },
      ],
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'user-pool-exports/',
      removalPolicy: removalPolicyOf(stage),
      autoDeleteObjects: !stage.production,
    });

    // The consumers' retries (infra/constructs/events.ts): a failed run is retried, then kept for a redrive.
    const maxEventAge = Duration.seconds(RETRY_POLICY.maxEventAgeSeconds);
    const deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.fn = new AppFunction(this, 'Function', {
      stage,
      entry: USER_POOL_EXPORT_ENTRY,
      description: "Exports the user pool's users and groups (no secrets) to its bucket, daily.",
      environment: { ...environment, [USER_POOL_EXPORT_ENV.bucket]: this.bucket.bucketName },
      timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.scheduled),
      logRetention: logRetentionOf(stage),
      removalPolicy: removalPolicyOf(stage),
      asyncInvoke: { retryAttempts: Math.min(RETRY_POLICY.maxAttempts - 1, 2), maxEventAge, deadLetterQueue },
    });
    grantNeeds(this.fn, USER_POOL_EXPORT_NEEDS, targets);
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [this.bucket.arnForObjects(`${USER_POOL_EXPORT_PREFIX}*`)],
      }),
    );
    if (this.fn.role) {
      const resource = this.bucket.node.children.find((c): c is CfnBucket => c instanceof CfnBucket);
      acknowledge(
        this.fn.role,
        `AwsSolutions-IAM5[Resource::<${resource ? Stack.of(this).getLogicalId(resource) : ''}.Arn>/${USER_POOL_EXPORT_PREFIX}*]`,
        'Each run writes a new object named by its time under the exports prefix of this one bucket.',
      );
    }

    new Rule(this, 'Schedule', {
      description: 'The daily user-pool export.',
      // 04:00 UTC: an hour before the table's daily backup, so both describe about the same night.
      schedule: Schedule.cron({ hour: '4', minute: '0' }),
      targets: [
        new LambdaFunction(this.fn.live, { retryAttempts: RETRY_POLICY.maxAttempts, maxEventAge, deadLetterQueue }),
      ],
    });
  }
}
