import { App, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { AppFunction } from '../constructs/function';
import { addStacks } from '../stack';
import { cdkJsonContext, synthStage } from './synth';

interface AlarmProps {
  Namespace?: string;
  MetricName?: string;
  Dimensions?: { Name: string; Value: unknown }[];
  Statistic?: string;
  Threshold: number;
  ComparisonOperator: string;
  TreatMissingData: string;
  AlarmActions: unknown[];
  OKActions: unknown[];
}

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

const resourcesOf = (template: Template): Resources => (template.toJSON() as { Resources: Resources }).Resources;
const idsOf = (resources: Resources, type: string): string[] =>
  Object.entries(resources)
    .filter(([, r]) => r.Type === type)
    .map(([id]) => id);
const alarmsOf = (resources: Resources): AlarmProps[] =>
  Object.values(resources)
    .filter((r) => r.Type === 'AWS::CloudWatch::Alarm')
    .map((r) => r.Properties as unknown as AlarmProps);

/** Queues the template names as a dead-letter target, found independently of the construct under test. */
function deadLetterQueueIds(resources: Resources): string[] {
  const ids = new Set<string>();
  const queueOf = (arn: unknown) => {
    const getAtt = (arn as { 'Fn::GetAtt'?: [string, string] } | undefined)?.['Fn::GetAtt'];
    if (getAtt && resources[getAtt[0]]?.Type === 'AWS::SQS::Queue') ids.add(getAtt[0]);
  };
  for (const r of Object.values(resources)) {
    if (r.Type === 'AWS::Events::Rule') {
      for (const t of (r.Properties.Targets as { DeadLetterConfig?: { Arn: unknown } }[]) ?? []) {
        queueOf(t.DeadLetterConfig?.Arn);
      }
    }
    if (r.Type === 'AWS::Lambda::Function') {
      queueOf((r.Properties.DeadLetterConfig as { TargetArn?: unknown } | undefined)?.TargetArn);
    }
  }
  return [...ids];
}

function errorsAlarmFor(alarms: AlarmProps[], functionId: string): AlarmProps | undefined {
  return alarms.find(
    (a) =>
      a.Namespace === 'AWS/Lambda' &&
      a.MetricName === 'Errors' &&
      JSON.stringify(a.Dimensions) === JSON.stringify([{ Name: 'FunctionName', Value: { Ref: functionId } }]),
  );
}

function depthAlarmFor(alarms: AlarmProps[], queueId: string): AlarmProps | undefined {
  return alarms.find(
    (a) =>
      a.Namespace === 'AWS/SQS' &&
      a.MetricName === 'ApproximateNumberOfMessagesVisible' &&
      JSON.stringify(a.Dimensions) ===
        JSON.stringify([{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }]),
  );
}

describe('observability of the dev stage', () => {
  const { template } = synthStage('dev');
  const resources = resourcesOf(template);
  const alarms = alarmsOf(resources);
  const [topicId] = idsOf(resources, 'AWS::SNS::Topic');

  it('has one alarm topic that refuses plain HTTP', () => {
    expect(idsOf(resources, 'AWS::SNS::Topic')).toHaveLength(1);
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    // dev names no alarm address in cdk.json, so nobody is subscribed.
    template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('has an Errors alarm for every Lambda function in the template', () => {
    const functionIds = idsOf(resources, 'AWS::Lambda::Function');
    expect(functionIds.length).toBeGreaterThan(0);
    for (const id of functionIds) {
      expect(errorsAlarmFor(alarms, id), id).toMatchObject({
        Statistic: 'Sum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    }
  });

  it('has a depth alarm for every dead-letter queue', () => {
    const queueIds = deadLetterQueueIds(resources);
    expect(queueIds.length).toBeGreaterThan(0);
    for (const id of queueIds) {
      expect(depthAlarmFor(alarms, id), id).toMatchObject({
        Statistic: 'Maximum',
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
      });
    }
  });

  it('alarms on 5xx answers of the HTTP API', () => {
    const [apiId] = idsOf(resources, 'AWS::ApiGatewayV2::Api').filter(
      (id) => resources[id]?.Properties.ProtocolType === 'HTTP',
    );
    expect(
      alarms.find(
        (a) =>
          a.Namespace === 'AWS/ApiGateway' &&
          a.MetricName === '5xx' &&
          JSON.stringify(a.Dimensions) === JSON.stringify([{ Name: 'ApiId', Value: { Ref: apiId } }]),
      ),
    ).toMatchObject({ Statistic: 'Sum', Threshold: 1 });
  });

  it('sends every alarm and its all-clear to the topic, and treats missing data as fine', () => {
    expect(alarms.length).toBeGreaterThan(0);
    for (const alarm of alarms) {
      expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.OKActions).toEqual([{ Ref: topicId }]);
      expect(alarm.TreatMissingData).toBe('notBreaching');
    }
  });

  it('has a dashboard with the API, Lambda and dead-letter graphs', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const body = JSON.stringify(Object.values(resources).find((r) => r.Type === 'AWS::CloudWatch::Dashboard'));
    for (const title of [
      'API requests',
      'API 4xx / 5xx',
      'API latency p95 (ms)',
      'Lambda errors',
      'Lambda duration p95 (ms)',
      'Lambda throttles',
      'Dead-letter queue depth',
    ]) {
      expect(body).toContain(`\\"title\\":\\"${title}\\"`);
    }
    expect(body).toContain('\\"stat\\":\\"p95\\"');
    // Every function appears on the dashboard, not only in alarms.
    for (const id of idsOf(resources, 'AWS::Lambda::Function')) expect(body).toContain(`"Ref":"${id}"`);
  });

  it('writes every function log as JSON to its own log group', () => {
    const functions = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Runtime === 'nodejs22.x',
    );
    for (const fn of functions) {
      expect(fn.Properties.LoggingConfig).toMatchObject({ LogFormat: 'JSON', LogGroup: expect.anything() });
    }
  });
});

describe('a stage with an alarm address and a function added after the stack was built', () => {
  // Built here rather than with synthStage: the extra function goes in after addStacks, as a construct
  // written later (anywhere in the stack) would, and must still be watched.
  const stages = cdkJsonContext().stages as Record<string, Record<string, unknown>>;
  const app = new App({
    context: {
      ...cdkJsonContext(),
      stages: { prod: { ...stages.prod, alarmEmail: 'ops@preseed.example.com' } },
      stage: 'prod',
      'aws:cdk:bundling-stacks': [],
    },
  });
  const [stack] = addStacks(app);
  if (!stack) throw new Error('no stack');
  const lateDeadLetters = new Queue(stack, 'LateDeadLetters', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  new AppFunction(stack, 'LateFunction', {
    entry: 'functions/consumers/question-stats.ts',
    description: 'Added after the stack constructor ran',
    environment: {},
    logRetention: RetentionDays.ONE_WEEK,
    removalPolicy: RemovalPolicy.DESTROY,
    asyncInvoke: { retryAttempts: 2, maxEventAge: Duration.hours(1), deadLetterQueue: lateDeadLetters },
  });
  const template = Template.fromStack(stack);
  const resources = resourcesOf(template);
  const alarms = alarmsOf(resources);

  it('subscribes the address to the alarm topic', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@preseed.example.com',
      TopicArn: { Ref: idsOf(resources, 'AWS::SNS::Topic')[0] },
    });
  });

  it('watches the late function and its dead-letter queue too', () => {
    const [fnId] = idsOf(resources, 'AWS::Lambda::Function').filter((id) => id.startsWith('LateFunction'));
    const [queueId] = idsOf(resources, 'AWS::SQS::Queue').filter((id) => id.startsWith('LateDeadLetters'));
    if (!fnId || !queueId) throw new Error('late resources missing');
    expect(errorsAlarmFor(alarms, fnId)).toBeDefined();
    expect(depthAlarmFor(alarms, queueId)).toBeDefined();
  });

  it('stays clean under cdk-nag', () => {
    expect(new AwsSolutionsChecks().validateScope(stack).violations).toEqual([]);
  });
});
