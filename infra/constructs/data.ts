import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault, type IBackupVault } from 'aws-cdk-lib/aws-backup';
import {
  AttributeType,
  BillingMode,
  ContributorInsightsMode,
  type ITable,
  ProjectionType,
  StreamViewType,
  Table,
} from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { Construct } from 'constructs';
import { GSI1, TABLE_KEYS } from '#shared/deploy-names';
import { removalPolicyOf, resourcePrefix, type StageConfig } from '../stages';
import { acknowledge } from './nag';
import { creationSuffix } from './names';

/** CloudWatch Contributor Insights on the keys DynamoDB throttled (table and index). */
const THROTTLED_KEYS_INSIGHTS = { enabled: true, mode: ContributorInsightsMode.THROTTLED_KEYS } as const;

export interface DataProps {
  readonly stage: StageConfig;
  /** The vault in another Region (infra/backup-copy-stack.ts) each daily backup is copied to, kept as long. */
  readonly copyVault?: IBackupVault;
}

/** How long the daily AWS Backup recovery points of the table are kept (point-in-time recovery covers 35 days too). */
export const BACKUP_RETENTION_DAYS = 35;

/** The single DynamoDB table; its key design lives in functions/store/keys.ts. */
export class Data extends Construct {
  readonly table: ITable;
  /** The stage's daily backup of the table (`backup` in cdk.json, on by default on production stages). */
  readonly backupPlan?: BackupPlan;

  constructor(scope: Construct, id: string, { stage, copyVault }: DataProps) {
    super(scope, id);
    // A restored table (restoredTableName) is used as it is: the restore made it, and the operator turns on what a
    // restore does not copy (point-in-time recovery, TTL, deletion protection; docs/operations.md).
    if (stage.restoredTableName && !stage.restoredTableStreamArn) {
      throw new Error(
        "restoredTableName needs restoredTableStreamArn: turn on the restored table's stream (NEW_AND_OLD_IMAGES, " +
          'docs/operations.md "Restore") and set its ARN in the stage\'s settings.',
      );
    }
    this.table = stage.restoredTableName
      ? Table.fromTableAttributes(this, 'RestoredTable', {
          tableName: stage.restoredTableName,
          globalIndexes: [GSI1],
          ...(stage.restoredTableStreamArn ? { tableStreamArn: stage.restoredTableStreamArn } : {}),
        })
      : this.createTable(stage);

    if (stage.backup) {
      // Retained whatever the stage: its recovery points are what is left when the table or the stack is gone
      // (a vault holding recovery points cannot be deleted anyway). Teardown removes it on purpose.
      // Its name ends in the stack's creationSuffix: a vault retained by a failed first create does not block the retry.
      const vault = new BackupVault(this, 'BackupVault', {
        backupVaultName: `${resourcePrefix(stage)}-backups-${creationSuffix()}`,
        removalPolicy: RemovalPolicy.RETAIN,
      });
      // Named per stage: plan names are unique in an account and region, which dev and prod may share.
      this.backupPlan = new BackupPlan(this, 'BackupPlan', {
        backupPlanName: `${resourcePrefix(stage)}-table`,
        backupVault: vault,
        backupPlanRules: [
          new BackupPlanRule({
            ruleName: 'Daily',
            // 05:00 UTC, after Europe's night.
            scheduleExpression: Schedule.cron({ hour: '5', minute: '0' }),
            deleteAfter: Duration.days(BACKUP_RETENTION_DAYS),
            copyActions: copyVault
              ? [{ destinationBackupVault: copyVault, deleteAfter: Duration.days(BACKUP_RETENTION_DAYS) }]
              : [],
          }),
        ],
      });
      const selection = this.backupPlan.addSelection('Table', {
        resources: [BackupResource.fromDynamoDbTable(this.table)],
      });
      acknowledge(
        selection,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
        "AWS Backup's own service policy for the role it assumes to back up the selected table; AWS keeps it in " +
          'step with the services Backup supports, and the selection limits it to this table.',
      );
    }
  }

  private createTable(stage: StageConfig): Table {
    const table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.pk, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sk, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE_KEYS.ttl,
      // Read by the stream consumer (infra/constructs/table-stream.ts), which compares old and new images.
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: stage.production,
      removalPolicy: removalPolicyOf(stage),
      // The throttle alarm (observability.ts) sends the operator here for the hot keys. Throttled keys only: billed
      // per throttled request, nothing while the table keeps up.
      contributorInsightsSpecification: THROTTLED_KEYS_INSIGHTS,
    });
    table.addGlobalSecondaryIndex({
      indexName: GSI1,
      partitionKey: { name: TABLE_KEYS.gsi1pk, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.gsi1sk, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
      contributorInsightsSpecification: THROTTLED_KEYS_INSIGHTS,
    });
    return table;
  }
}
