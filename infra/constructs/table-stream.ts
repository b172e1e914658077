import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { FUNCTION_TIMEOUT_SECONDS } from '#shared/deploy-names';
import { STREAM_CONSUMER, STREAM_FILTER_PATTERNS } from '#shared/table-stream';
import { logRetentionOf, removalPolicyOf, type StageConfig } from '../stages';
import { AppFunction } from './function';
import { type GrantTargets, grantNeeds, type Needs } from './grants';
import { TABLE_STREAM_ENTRY } from './lambda-entries';
import { acknowledge } from './nag';

/** Reads founders' items to refresh their directory entry and writes it; sends the outbox's events. */
export const TABLE_STREAM_NEEDS: Needs = { table: 'readWrite', publishEvents: true };

export interface TableStreamProps {
  readonly stage: StageConfig;
  readonly table: ITable;
  readonly environment: Readonly<Record<string, string>>;
  readonly targets: GrantTargets;
}

/**
 * The table's stream consumer (docs/decisions/018-changes-announce-from-the-stream.md): every outbox item becomes
 * an EventBridge event and every change to a founder's summarised items refreshes their directory entry. Only the
 * records shared/table-stream.ts names reach it (event source filters, the same the local poller applies); a failing
 * record is reported and retried alone (reportBatchItemFailures, bisect on error), at most
 * STREAM_CONSUMER.maxRetryAttempts times, then its batch's description goes to a dead-letter queue, which the
 * observability construct alarms on like every other.
 */
export class TableStream extends Construct {
  readonly fn: AppFunction;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, { stage, table, environment, targets }: TableStreamProps) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.fn = new AppFunction(this, 'TableChanges', {
      entry: TABLE_STREAM_ENTRY,
      stage,
      description: "Sends the outbox's domain events to EventBridge and keeps the founder directory current.",
      environment,
      timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS.stream),
      logRetention: logRetentionOf(stage),
      removalPolicy: removalPolicyOf(stage),
    });
    grantNeeds(this.fn, TABLE_STREAM_NEEDS, targets);
    this.fn.live.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: STREAM_CONSUMER.batchSize,
        bisectBatchOnError: STREAM_CONSUMER.bisectBatchOnError,
        retryAttempts: STREAM_CONSUMER.maxRetryAttempts,
        maxRecordAge: Duration.seconds(STREAM_CONSUMER.maxRecordAgeSeconds),
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: STREAM_FILTER_PATTERNS.map((pattern) => FilterCriteria.filter(pattern)),
      }),
    );
    acknowledge(
      this.deadLetterQueue,
      'AwsSolutions-SQS3',
      "It is itself a dead-letter queue: the stream event source's on-failure destination, which cdk-nag does not " +
        'recognise as one. Its depth is alarmed (infra/constructs/observability.ts).',
    );
    const policy = this.fn.role?.node.tryFindChild('DefaultPolicy')?.node.defaultChild;
    if (policy) {
      acknowledge(
        policy,
        'AwsSolutions-IAM5[Resource::*]',
        'dynamodb:ListStreams, which the stream event source needs, takes no resource: AWS allows it only on "*". ' +
          "The stream's own reads (DescribeStream, GetRecords, GetShardIterator) are granted on its ARN.",
      );
    }
  }
}
