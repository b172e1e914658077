/**
 * A new stage deploys on the first try. The guard refuses a stage that is not ready (before anything
 * reaches AWS), the domain's certificate and DNS records are code or outputs, nothing in the first deploy waits
 * for a verification, and nothing a failed first create leaves behind blocks the retry.
 */
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { Node } from 'constructs';
import { describe, expect, it } from 'vitest';
import { BACKUP_RETENTION_DAYS } from '../constructs/data';
import { DKIM_OUTPUTS } from '../constructs/email';
import { ALIAS_RECORD_OUTPUT } from '../constructs/site';
import { EDGE_ALARMS } from '../edge-alarms-stack';
import { CLOUDFRONT_REGION } from '../edge-stack';
import { parseStages, placeholderProblems, StageConfigError, stagesFromContext } from '../stages';
import { cdkJsonContext, synthStage } from './synth';

type Stages = Record<string, Record<string, unknown>>;
const cdkStages = (): Stages => cdkJsonContext().stages as Stages;

/** A stage as an operator fills it in: every value real. */
const ready = {
  production: true,
  region: 'eu-central-1',
  account: '123456789012',
  domainName: 'app.preseed.io',
  hostedZone: { id: 'Z0123456789ABCDEFGHIJ', name: 'preseed.io' },
  senderEmail: 'no-reply@app.preseed.io',
  stripePriceId: 'price_1Q2w3E4r5T6y7U8i',
  price: { amount: 29900, currency: 'eur' },
  secrets: { stripeSecretKey: 'preseed/prod/stripe-secret-key', stripeWebhookSecret: 'preseed/prod/webhook' },
  alarmEmail: 'ops@preseed.io',
};

const contextNode = (context: Record<string, unknown>): Node => new App({ context }).node;
const refusal = (context: Record<string, unknown>): string => {
  try {
    stagesFromContext(contextNode(context));
  } catch (error) {
    expect(error).toBeInstanceOf(StageConfigError);
    return (error as Error).message;
  }
  return '';
};

describe('the configuration guard', () => {
  it('lets a stage with real values through without a check flag', () => {
    expect(stagesFromContext(contextNode({ stages: { prod: ready }, stage: 'prod' })).map((s) => s.name)).toEqual([
      'prod',
    ]);
    expect(placeholderProblems(ready)).toEqual([]);
  });

  it('refuses a deploy without -c stage=, which would deploy every stage into one account', () => {
    const message = refusal({ stages: { prod: ready, dev: ready } });
    expect(message).toMatch(/Name the stage: -c stage=<name> \(known stages: prod, dev\)/);
    expect(refusal({ stages: { prod: ready }, check: 'false' })).toMatch(/Name the stage/);
  });

  it("refuses cdk.json's prod as it is, naming every placeholder key", () => {
    const message = refusal({ stages: cdkStages(), stage: 'prod' });
    for (const key of [
      'stages.prod.account: empty',
      'stages.prod.domainName: "preseed.example.com"',
      'stages.prod.hostedZone.id: "Z_replace_me" is a placeholder',
      'stages.prod.hostedZone.name',
      'stages.prod.senderEmail',
      'stages.prod.stripePriceId: "price_prod_replace_me" is a placeholder',
      'stages.prod.alarmEmail',
    ]) {
      expect(message).toContain(key);
    }
    expect(message).toContain('-c check=true');
  });

  it('names each kind of placeholder on its own: no account, *_replace_me, example domains, URLs and senders', () => {
    const { account: _, ...noAccount } = ready;
    expect(placeholderProblems(noAccount)).toEqual([expect.stringMatching(/^account: empty/)]);
    expect(placeholderProblems({ ...ready, account: '' })).toEqual([expect.stringMatching(/^account: empty/)]);
    expect(placeholderProblems({ ...ready, stripePriceId: 'price_replace_me' })).toEqual([
      'stripePriceId: "price_replace_me" is a placeholder',
    ]);
    expect(placeholderProblems({ ...ready, senderEmail: 'me@mail.example' })).toEqual([
      expect.stringMatching(/^senderEmail: "me@mail\.example" is an example domain/),
    ]);
    expect(placeholderProblems({ ...ready, aiWebhookUrls: { ideas: 'https://hooks.example.org/x' } })).toEqual([
      expect.stringMatching(/^aiWebhookUrls\.ideas: /),
    ]);
    // Neither a real domain that contains "example" nor a secret's name is taken for one.
    expect(placeholderProblems({ ...ready, domainName: 'examples.io', supportChatId: 'counterexample' })).toEqual([]);
  });

  it('lets every stage synthesize as it is for a check (-c check=true: npm run synth, .ci/run, these tests)', () => {
    expect(stagesFromContext(contextNode({ stages: cdkStages(), check: 'true' })).map((s) => s.name)).toEqual([
      'dev',
      'prod',
    ]);
    expect(stagesFromContext(contextNode({ stages: cdkStages(), stage: 'prod', check: true }))).toHaveLength(1);
  });
});

describe('domain settings', () => {
  const parse = (prod: Record<string, unknown>) => () => parseStages({ prod });
  it('need a hosted zone or an issued certificate for a domain', () => {
    const { hostedZone: _, ...withoutZone } = ready;
    expect(parse(withoutZone)).toThrow(
      /app\.preseed\.io needs a certificate: give hostedZone[\s\S]*prod\.certificateArn/,
    );
    expect(
      parse({ ...withoutZone, certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123' }),
    ).not.toThrow();
  });

  it('refuse a zone without a domain, or one the domain is not in', () => {
    expect(parse({ ...ready, domainName: '', senderEmail: 'a@preseed.io' })).toThrow(/hostedZone needs a domainName/);
    expect(parse({ ...ready, hostedZone: { id: 'Z1', name: 'other.io' } })).toThrow(
      /must be app\.preseed\.io or a parent domain of it[\s\S]*prod\.hostedZone\.name/,
    );
    expect(parse({ ...ready, hostedZone: { id: 'Z1', name: 'app.preseed.io' } })).not.toThrow();
  });
});

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;
const resourcesOf = (template: Template): Resources => (template.toJSON() as { Resources: Resources }).Resources;
const outputKeys = (template: Template): string[] => Object.keys(template.toJSON().Outputs ?? {});

describe('a stage with its domain in a Route 53 zone (prod in cdk.json)', () => {
  const { stack, template } = synthStage('prod');
  const edge = Template.fromStack(stack.edge);

  it('gets its certificate in us-east-1 from the edge stack, validated through the zone', () => {
    expect(stack.edge.region).toBe(CLOUDFRONT_REGION);
    edge.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'preseed.example.com',
      ValidationMethod: 'DNS',
      DomainValidationOptions: [{ DomainName: 'preseed.example.com', HostedZoneId: 'Z_replace_me' }],
    });
  });

  it('serves the domain with TLSv1.2_2021 and that certificate', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['preseed.example.com'],
        ViewerCertificate: {
          AcmCertificateArn: { 'Fn::GetStackOutput': Match.objectLike({ StackName: stack.edge.stackName }) },
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
  });

  it('writes the alias records and the three DKIM records into the zone, and outputs none of them', () => {
    for (const type of ['A', 'AAAA']) {
      template.hasResourceProperties('AWS::Route53::RecordSet', {
        HostedZoneId: 'Z_replace_me',
        Name: 'preseed.example.com.',
        Type: type,
        AliasTarget: Match.objectLike({ DNSName: Match.anyValue() }),
      });
    }
    const dkim = Object.values(resourcesOf(template)).filter(
      (r) => r.Type === 'AWS::Route53::RecordSet' && r.Properties.Type === 'CNAME',
    );
    expect(dkim).toHaveLength(3);
    dkim.forEach((record, i) => {
      expect(JSON.stringify(record.Properties.Name)).toContain(`DkimDNSTokenName${i + 1}`);
      expect(JSON.stringify(record.Properties.ResourceRecords)).toContain(`DkimDNSTokenValue${i + 1}`);
    });
    expect(outputKeys(template)).not.toContain(ALIAS_RECORD_OUTPUT);
    for (const key of DKIM_OUTPUTS) expect(outputKeys(template)).not.toContain(key);
  });

  it('backs up the table daily, keeping 35 days, in a retained vault', () => {
    template.hasResourceProperties('AWS::Backup::BackupPlan', {
      BackupPlan: {
        BackupPlanName: 'preseed-prod-table',
        BackupPlanRule: [
          Match.objectLike({ ScheduleExpression: 'cron(0 5 * * ? *)', Lifecycle: { DeleteAfterDays: 35 } }),
        ],
      },
    });
    expect(BACKUP_RETENTION_DAYS).toBe(35);
    template.hasResource('AWS::Backup::BackupVault', { DeletionPolicy: 'Retain' });
    const [tableId] = Object.entries(resourcesOf(template)).find(([, r]) => r.Type === 'AWS::DynamoDB::Table') ?? [];
    template.hasResourceProperties('AWS::Backup::BackupSelection', {
      BackupSelection: Match.objectLike({
        Resources: [{ 'Fn::GetAtt': [tableId, 'Arn'] }],
      }),
    });
  });

  it('gives the operator every output the runbook and the ops scripts read', () => {
    expect(outputKeys(template)).toEqual(
      expect.arrayContaining([
        'SiteUrl',
        'ApiUrl',
        'DistributionId',
        'DistributionDomainName',
        'OriginSecretArn',
        'ShareLinkSecretArn',
        'SesIdentityName',
        'TableName',
        'DataBucketName',
        'UserPoolId',
      ]),
    );
    expect(template.toJSON().Outputs.SiteUrl.Value).toBe('https://preseed.example.com');
  });
});

describe('a stage with a domain and an existing certificate but no hosted zone', () => {
  const arn = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f';
  const stages = cdkStages();
  const { hostedZone: _, ...prod } = stages.prod as Record<string, unknown>;
  const { stack, template } = synthStage('prod', { stages: { ...stages, prod: { ...prod, certificateArn: arn } } });
  const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;

  it('uses that certificate with TLSv1.2_2021 and makes none', () => {
    Template.fromStack(stack.edge).resourceCountIs('AWS::CertificateManager::Certificate', 0);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['preseed.example.com'],
        ViewerCertificate: Match.objectLike({ AcmCertificateArn: arn, MinimumProtocolVersion: 'TLSv1.2_2021' }),
      }),
    });
  });

  it('creates no DNS records and outputs each one the operator must create', () => {
    template.resourceCountIs('AWS::Route53::RecordSet', 0);
    expect(JSON.stringify(outputs[ALIAS_RECORD_OUTPUT]?.Value)).toMatch(/preseed\.example\.com CNAME /);
    expect(JSON.stringify(outputs[ALIAS_RECORD_OUTPUT]?.Value)).toContain('DomainName');
    DKIM_OUTPUTS.forEach((key, i) => {
      const value = JSON.stringify(outputs[key]?.Value);
      expect(value).toContain(`DkimDNSTokenName${i + 1}`);
      expect(value).toContain(' CNAME ');
      expect(value).toContain(`DkimDNSTokenValue${i + 1}`);
    });
  });
});

describe('a stage without a domain (dev in cdk.json)', () => {
  const { stack, template } = synthStage('dev');

  it('is served on its CloudFront name, with no certificate, records or DNS outputs', () => {
    Template.fromStack(stack.edge).resourceCountIs('AWS::CertificateManager::Certificate', 0);
    template.resourceCountIs('AWS::Route53::RecordSet', 0);
    for (const key of [ALIAS_RECORD_OUTPUT, ...DKIM_OUTPUTS]) expect(outputKeys(template)).not.toContain(key);
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'preseed-dev@example.com' });
  });

  it('has no backup plan unless the stage asks for one', () => {
    template.resourceCountIs('AWS::Backup::BackupPlan', 0);
    const stages = cdkStages();
    const withBackup = synthStage('dev', { stages: { ...stages, dev: { ...stages.dev, backup: true } } }).template;
    withBackup.resourceCountIs('AWS::Backup::BackupPlan', 1);
  });
});

describe('nothing a failed first create leaves behind blocks the retry', () => {
  const { template } = synthStage('prod');

  it("names the data bucket after the stack's id, which is new with every create", () => {
    const named = Object.values(resourcesOf(template)).filter(
      (r) => r.Type === 'AWS::S3::Bucket' && r.Properties.BucketName !== undefined,
    );
    expect(named).toHaveLength(1);
    const name = JSON.stringify(named[0]?.Properties.BucketName);
    expect(name).toContain('preseed-prod-data-');
    expect(name).toContain('"Ref":"AWS::StackId"');
  });

  it('gives no other retained resource a fixed physical name', () => {
    const retainedWithName = Object.entries(resourcesOf(template)).filter(([, r]) => {
      const resource = r as { DeletionPolicy?: string; Properties: Record<string, unknown> };
      if (resource.DeletionPolicy !== 'Retain') return false;
      // A name is fine when it ends in the stack's id (creationSuffix), which a new create changes.
      return ['BucketName', 'TableName', 'LogGroupName', 'BackupVaultName', 'Name'].some((key) => {
        const name = resource.Properties?.[key];
        return name !== undefined && !JSON.stringify(name).includes('"Ref":"AWS::StackId"');
      });
    });
    expect(retainedWithName.map(([id]) => id)).toEqual([]);
  });
});

describe('the us-east-1 alarms of a stage', () => {
  const { stack } = synthStage('prod');
  const alarms = stack.edgeAlarms;
  if (!alarms) throw new Error('addStacks made no edge alarms stack');
  const template = Template.fromStack(alarms);

  it('live in us-east-1, where CloudFront and WAF publish their metrics, with their own subscribed topic', () => {
    expect(alarms.region).toBe(CLOUDFRONT_REGION);
    template.resourceCountIs('AWS::SNS::Topic', 1);
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@preseed.example.com',
    });
  });

  it("alarm on the distribution's 5xx rate and on spikes of requests the web ACL blocked", () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'preseed-prod-cloudfront-5xx-rate',
      Threshold: EDGE_ALARMS.cloudFront5xx.percent,
      EvaluationPeriods: 2,
      Metrics: Match.arrayWith([
        Match.objectLike({ Expression: 'IF(requests >= 20, rate, 0)' }),
        Match.objectLike({
          MetricStat: Match.objectLike({
            Metric: Match.objectLike({ Namespace: 'AWS/CloudFront', MetricName: '5xxErrorRate' }),
          }),
        }),
      ]),
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'preseed-prod-waf-blocked-requests',
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: [
        { Name: 'Rule', Value: 'ALL' },
        { Name: 'WebACL', Value: 'preseed-prod-site' },
      ],
      Threshold: EDGE_ALARMS.wafBlocked.count,
      AlarmDescription: Match.stringLikeRegexp('Sampled requests'),
    });
  });
});

describe('a stage switched to a restored table (restoredTableName)', () => {
  const stages = cdkStages();
  const restored = 'preseed-prod-restored-20261126';
  const streamArn = `arn:aws:dynamodb:eu-central-1:123456789012:table/${restored}/stream/2026-11-26T00:00:00.000`;
  const { template } = synthStage('prod', {
    stages: { ...stages, prod: { ...stages.prod, restoredTableName: restored, restoredTableStreamArn: streamArn } },
  });
  const json = JSON.stringify(template.toJSON());

  it('creates no table, points every function and the backup at the restored one, and grants on it', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 0);
    const functions = Object.values(resourcesOf(template)).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Runtime === 'nodejs22.x',
    );
    const withTable = functions.filter((f) => (JSON.stringify(f.Properties.Environment) ?? '').includes('TABLE_NAME'));
    expect(withTable.length).toBeGreaterThan(0);
    for (const fn of withTable)
      expect(JSON.stringify(fn.Properties.Environment)).toContain(`"TABLE_NAME":"${restored}"`);
    expect(json).toContain(`:table/${restored}`);
    expect(json).toContain(`:table/${restored}/index/GSI1`);
    template.hasResourceProperties('AWS::Backup::BackupSelection', {
      BackupSelection: Match.objectLike({ Resources: [Match.objectLike({ 'Fn::Join': Match.anyValue() })] }),
    });
    expect(template.toJSON().Outputs.TableName.Value).toBe(restored);
  });

  it("reads the restored table's own stream", () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', { EventSourceArn: streamArn });
  });

  it('refuses a restored table without its stream', () => {
    expect(() =>
      synthStage('prod', { stages: { ...stages, prod: { ...stages.prod, restoredTableName: `${restored}-x` } } }),
    ).toThrow(/restoredTableStreamArn/);
  });
});
