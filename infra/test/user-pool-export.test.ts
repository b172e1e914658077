/**
 * The user pool's daily export: a schedule, a bucket of its own (versioned, encrypted, private, TLS only, exports
 * expired after the backups' retention, access-logged, retained on production), and a role that may only list the
 * pool and write exports into that bucket.
 */
import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES, FUNCTION_TIMEOUT_SECONDS } from '#shared/deploy-names';
import { RETRY_POLICY } from '#shared/events';
import { USER_POOL_EXPORT_ENV, USER_POOL_EXPORT_PREFIX } from '../../functions/user-pool-export/export';
import { BACKUP_RETENTION_DAYS } from '../constructs/data';
import { USER_POOL_EXPORT_RETENTION_DAYS } from '../constructs/user-pool-export';
import { synthStage } from './synth';

type Json = Record<string, unknown>;
type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

describe.each(['dev', 'prod'])('the user pool export on stage %s', (stageName) => {
  const { stack, template } = synthStage(stageName);
  const exporter = stack.userPoolExport;
  const id = (node: { node: { defaultChild?: unknown } }) => stack.getLogicalId(node.node.defaultChild as CfnElement);
  const bucketId = id(exporter.bucket);
  const fnId = id(exporter.fn);
  const poolId = stack.getLogicalId(stack.auth.userPool.node.defaultChild as CfnElement);
  const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Json }>;
  const bucket = resources[bucketId]?.Properties ?? {};

  it('runs daily on a schedule, at the function with its retries and dead letters', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 4 * * ? *)',
      State: 'ENABLED',
      Targets: [
        Match.objectLike({
          // Through its live alias, like every invoker (infra/constructs/releases.ts).
          Arn: { Ref: stack.getLogicalId(exporter.fn.live.node.defaultChild as CfnElement) },
          RetryPolicy: {
            MaximumRetryAttempts: RETRY_POLICY.maxAttempts,
            MaximumEventAgeInSeconds: RETRY_POLICY.maxEventAgeSeconds,
          },
          DeadLetterConfig: Match.anyValue(),
        }),
      ],
    });
    const fn = resources[fnId]?.Properties ?? {};
    expect(fn.Timeout).toBe(FUNCTION_TIMEOUT_SECONDS.scheduled);
    expect(fn.Timeout).toBeLessThanOrEqual(900);
    expect((fn.Environment as { Variables: Json }).Variables).toMatchObject({
      [ENV_NAMES.userPoolId]: { Ref: poolId },
      [USER_POOL_EXPORT_ENV.bucket]: { Ref: bucketId },
    });
  });

  it('writes to a bucket of its own: versioned, encrypted, private, access-logged, exports kept 35 days', () => {
    expect(bucket.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(bucket.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(USER_POOL_EXPORT_RETENTION_DAYS).toBe(BACKUP_RETENTION_DAYS);
    expect(USER_POOL_EXPORT_RETENTION_DAYS).toBe(35);
    expect((bucket.LifecycleConfiguration as { Rules: Json[] }).Rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Prefix: USER_POOL_EXPORT_PREFIX,
          ExpirationInDays: 35,
          NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          Status: 'Enabled',
        }),
      ]),
    );
    expect(bucket.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: stack.getLogicalId(accessLogsBucket()) },
      LogFilePrefix: 'user-pool-exports/',
    });
    expect(bucket.BucketName).toBeUndefined();
  });

  function accessLogsBucket(): CfnElement {
    const found = stack.node.findAll().find((n) => n.node.path === `${stack.stackName}/AccessLogs/Bucket/Resource`);
    if (!found) throw new Error('no access-log bucket');
    return found as CfnElement;
  }

  it('refuses requests without TLS', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it(stageName === 'prod' ? 'is retained on production' : 'is deleted with the dev stack', () => {
    const policy = stageName === 'prod' ? 'Retain' : 'Delete';
    expect((resources[bucketId] as unknown as { DeletionPolicy: string }).DeletionPolicy).toBe(policy);
  });

  it('may only list the pool and put exports into its bucket', () => {
    const roleId = stack.getLogicalId(exporter.fn.role?.node.defaultChild as CfnElement);
    const policies = Object.values(resources).filter(
      (r) =>
        r.Type === 'AWS::IAM::Policy' &&
        JSON.stringify((r.Properties.Roles as unknown[]) ?? []).includes(`"${roleId}"`),
    );
    const statements = policies.flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
    const granted = statements.map((s) => ({
      actions: [s.Action].flat().sort(),
      resource: JSON.stringify(s.Resource),
    }));
    // Its log group and X-Ray's trace segments (every function is traced) aside.
    const logs = granted.filter((g) => g.actions.every((a) => a.startsWith('logs:') || a.startsWith('xray:')));
    const queueId = stack.getLogicalId(exporter.node.findChild('DeadLetters').node.defaultChild as CfnElement);
    const byAction = (a: { actions: string[] }, b: { actions: string[] }) =>
      (a.actions[0] ?? '').localeCompare(b.actions[0] ?? '');
    expect(granted.filter((g) => !logs.includes(g)).sort(byAction)).toEqual([
      {
        actions: ['cognito-idp:ListGroups', 'cognito-idp:ListUsers', 'cognito-idp:ListUsersInGroup'],
        resource: JSON.stringify({ 'Fn::GetAtt': [poolId, 'Arn'] }),
      },
      {
        actions: ['s3:PutObject'],
        resource: JSON.stringify({
          'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, `/${USER_POOL_EXPORT_PREFIX}*`]],
        }),
      },
      // Lambda's own delivery of failed events to the dead-letter queue.
      { actions: ['sqs:SendMessage'], resource: JSON.stringify({ 'Fn::GetAtt': [queueId, 'Arn'] }) },
    ]);
    expect(Stack.of(exporter).stackName).toBe(stack.stackName);
  });
});
