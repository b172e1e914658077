import { Duration, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import { BackupVault } from 'aws-cdk-lib/aws-backup';
import { AccountPrincipal, PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { BACKUP_RETENTION_DAYS } from './constructs/data';
import { removalPolicyOf, resourcePrefix, type StageConfig } from './stages';

export const backupCopyStackName = (stage: StageConfig): string => `Preseed-${stage.name}-backup-copy`;

/**
 * The copy vault's name is fixed, not suffixed like the stage's own vault: the backup plan in the stage's Region
 * names it by ARN, and CloudFormation passes no value across Regions.
 */
export const backupCopyVaultName = (stage: StageConfig): string => `${resourcePrefix(stage)}-backup-copies`;

/**
 * The vault lock of a production copy vault (compliance mode once `changeableForDays` have passed: nobody, the root
 * user included, can then delete a copy before its 35 days or shorten what the vault keeps).
 */
export const COPY_VAULT_LOCK = {
  minRetentionDays: BACKUP_RETENTION_DAYS,
  /** A year: room to keep copies longer later without changing the lock. */
  maxRetentionDays: 365,
  /** The days after the deploy during which the lock can still be removed (AWS's minimum is 3). */
  changeableForDays: 3,
} as const;

export interface BackupCopyStackProps extends StackProps {
  readonly stage: StageConfig;
  /** The account the stage's backups are made in (it is allowed to copy into this vault when it is another). */
  readonly sourceAccount: string | undefined;
}

/**
 * The vault the stage's daily backups are copied into, in another Region (and account, where `backupCopy.account`
 * says): what is left when the stage's Region or account is lost. Deployed before the stage's stack, whose backup
 * plan copies into it.
 */
export class BackupCopyStack extends Stack {
  readonly vault: BackupVault;

  constructor(scope: Construct, id: string, props: BackupCopyStackProps) {
    super(scope, id, props);
    const { stage, sourceAccount } = props;
    const crossAccount =
      sourceAccount !== undefined && stage.backupCopy?.account !== undefined
        ? stage.backupCopy.account !== sourceAccount
        : false;
    this.vault = new BackupVault(this, 'CopyVault', {
      backupVaultName: backupCopyVaultName(stage),
      removalPolicy: removalPolicyOf(stage),
      ...(stage.production
        ? {
            lockConfiguration: {
              minRetention: Duration.days(COPY_VAULT_LOCK.minRetentionDays),
              maxRetention: Duration.days(COPY_VAULT_LOCK.maxRetentionDays),
              changeableFor: Duration.days(COPY_VAULT_LOCK.changeableForDays),
            },
          }
        : {}),
      ...(crossAccount && sourceAccount
        ? {
            accessPolicy: new PolicyDocument({
              statements: [
                new PolicyStatement({
                  sid: 'CopyFromTheStageAccount',
                  actions: ['backup:CopyIntoBackupVault'],
                  principals: [new AccountPrincipal(sourceAccount)],
                  resources: ['*'],
                }),
              ],
            }),
          }
        : {}),
    });
    Tags.of(this).add('project', 'preseed');
    Tags.of(this).add('stage', stage.name);
  }
}
