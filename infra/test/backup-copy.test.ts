/**
 * Backups copied to a second Region (and account): production copies each daily backup into a locked vault of its
 * own stack in another Region, deployed before the stage's stack; dev, without backups, has neither.
 */
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { BackupCopyStack, backupCopyStackName, COPY_VAULT_LOCK } from '../backup-copy-stack';
import { BACKUP_RETENTION_DAYS } from '../constructs/data';
import { DEFAULT_BACKUP_COPY_REGION, parseStages, StageConfigError } from '../stages';
import { cdkJsonContext, synthStage } from './synth';

const stages = cdkJsonContext().stages as Record<string, Record<string, unknown>>;
const copyStackOf = (stage: string, context: Record<string, unknown> = {}) => {
  const { stack } = synthStage(stage, context);
  return stack.backupCopy;
};

describe('the backup copy of production', () => {
  const { stack, template } = synthStage('prod');
  const copy = stack.backupCopy;
  if (!copy) throw new Error('prod has no backup copy stack');
  const copyTemplate = Template.fromStack(copy);
  const copyRegion = DEFAULT_BACKUP_COPY_REGION[stack.region];

  it('lives in another Region, in a stack named like the others, deployed before the stage’s stack', () => {
    expect(copy.region).toBe(copyRegion);
    expect(copy.region).not.toBe(stack.region);
    expect(copy.stackName).toBe('Preseed-prod-backup-copy');
    expect(stack.dependencies).toContain(copy);
    expect(copy.terminationProtection).toBe(true);
    template.hasOutput('BackupCopyRegion', { Value: copyRegion });
  });

  it('copies every daily backup there and keeps the copy 35 days', () => {
    template.hasResourceProperties('AWS::Backup::BackupPlan', {
      BackupPlan: {
        BackupPlanRule: [
          Match.objectLike({
            Lifecycle: { DeleteAfterDays: BACKUP_RETENTION_DAYS },
            CopyActions: [
              {
                DestinationBackupVaultArn: Match.anyValue(),
                Lifecycle: { DeleteAfterDays: BACKUP_RETENTION_DAYS },
              },
            ],
          }),
        ],
      },
    });
    const plan = Object.values(template.findResources('AWS::Backup::BackupPlan'))[0];
    const arn = JSON.stringify(plan?.Properties.BackupPlan.BackupPlanRule[0].CopyActions[0].DestinationBackupVaultArn);
    expect(arn).toContain(`:backup:${copyRegion}:`);
    expect(arn).toContain(':backup-vault:preseed-prod-backup-copies');
  });

  it('locks the copy vault: no copy deleted before 35 days, the lock fixed after 3 days', () => {
    copyTemplate.hasResource('AWS::Backup::BackupVault', {
      DeletionPolicy: 'Retain',
      Properties: {
        BackupVaultName: 'preseed-prod-backup-copies',
        LockConfiguration: { MinRetentionDays: 35, MaxRetentionDays: 365, ChangeableForDays: 3 },
      },
    });
    expect(COPY_VAULT_LOCK.minRetentionDays).toBe(BACKUP_RETENTION_DAYS);
    // The same account: no access policy opens the vault to anyone.
    copyTemplate.hasResourceProperties('AWS::Backup::BackupVault', { AccessPolicy: Match.absent() });
  });
});

describe('where the copy goes', () => {
  it('dev, without backups, has no copy; dev with backups has none either unless it names one, unlocked', () => {
    expect(copyStackOf('dev')).toBeUndefined();
    expect(copyStackOf('dev', { stages: { ...stages, dev: { ...stages.dev, backup: true } } })).toBeUndefined();
    const named = copyStackOf('dev', {
      stages: { ...stages, dev: { ...stages.dev, backup: true, backupCopy: { region: 'eu-north-1' } } },
    });
    expect(named?.region).toBe('eu-north-1');
    if (!named) return;
    Template.fromStack(named).hasResource('AWS::Backup::BackupVault', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ LockConfiguration: Match.absent() }),
    });
  });

  it('another account gets a vault that lets only the stage’s account copy in', () => {
    const app = new App();
    const [stage] = Object.values(
      parseStages({ prod: { ...stages.prod, backupCopy: { region: 'eu-west-1', account: '222222222222' } } }),
    );
    if (!stage) throw new Error('no stage');
    const copy = new BackupCopyStack(app, backupCopyStackName(stage), {
      stage,
      sourceAccount: '111111111111',
      env: { account: '222222222222', region: 'eu-west-1' },
    });
    Template.fromStack(copy).hasResourceProperties('AWS::Backup::BackupVault', {
      AccessPolicy: {
        Statement: [
          Match.objectLike({
            Action: 'backup:CopyIntoBackupVault',
            Effect: 'Allow',
            Principal: { AWS: Match.anyValue() },
          }),
        ],
      },
    });
    const policy = JSON.stringify(Template.fromStack(copy).toJSON());
    expect(policy).toContain(':iam::111111111111:root');
  });

  it('refuses a copy into the stage’s own Region, and a production Region with no default and no copy named', () => {
    expect(() => parseStages({ prod: { ...stages.prod, backupCopy: { region: stages.prod?.region } } })).toThrow(
      /must be another Region[\s\S]*prod\.backupCopy\.region/,
    );
    expect(() => parseStages({ prod: { ...stages.prod, region: 'sa-east-1' } })).toThrow(StageConfigError);
    expect(() => parseStages({ prod: { ...stages.prod, region: 'sa-east-1', backupCopy: false } })).not.toThrow();
    expect(parseStages({ prod: { ...stages.prod, backupCopy: false } }).prod?.backupCopy).toBeUndefined();
  });
});
