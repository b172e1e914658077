import { App, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { BUSINESS_METRICS } from '#shared/business-metrics';
import { AREAS } from '#shared/routes';
import { SES_METRIC_DIMENSION } from '../constructs/email';
import { AppFunction } from '../constructs/function';
import { lambdaEntries } from '../constructs/lambda-entries';
import {
  AI_ALARMS,
  DYNAMODB_THROTTLE_THRESHOLD,
  LAMBDA_THROTTLE_THRESHOLD,
  LATENCY_ALARMS,
  RATE_ALARMS,
  RATE_GATED_ENTRIES,
  STREAM_ITERATOR_AGE_MS,
} from '../constructs/observability';
import { WAF_REDACTED_HEADERS } from '../constructs/waf';
import { addStacks } from '../stack';
import { stagesFromContext } from '../stages';
import { cdkJsonContext, propertiesOf, synthStage } from './synth';

interface MetricDataQuery {
  Id: string;
  Expression?: string;
  ReturnData?: boolean;
  MetricStat?: {
    Metric: { Namespace: string; MetricName: string; Dimensions?: { Name: string; Value: unknown }[] };
    Stat: string;
  };
}

interface AlarmProps {
  Metrics?: MetricDataQuery[];
  EvaluationPeriods?: number;
  DatapointsToAlarm?: number;
  Namespace?: string;
  MetricName?: string;
  Dimensions?: { Name: string; Value: unknown }[];
  Statistic?: string;
  Threshold: number;
  ComparisonOperator: string;
  TreatMissingData: string;
  AlarmActions?: unknown[];
  OKActions?: unknown[];
}

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

const resourcesOf = (template: Template): Resources => (template.toJSON() as { Resources: Resources }).Resources;
const idsOf = (resources: Resources, type: string): string[] =>
  Object.entries(resources)
    .filter(([, r]) => r.Type === type)
    .map(([id]) => id);
/** The operator's alarms: not the releases' (on an alias, `Resource` dimension), which roll back rather than notify. */
const alarmsOf = (resources: Resources): AlarmProps[] =>
  Object.values(resources)
    .filter((r) => r.Type === 'AWS::CloudWatch::Alarm')
    .map((r) => r.Properties as unknown as AlarmProps)
    .filter((a) => !(a as { Dimensions?: { Name: string }[] }).Dimensions?.some((d) => d.Name === 'Resource'));

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

/** The metric of a math alarm's query id, or undefined. */
const statOf = (alarm: AlarmProps, id: string) => alarm.Metrics?.find((m) => m.Id === id)?.MetricStat;

/** A rate alarm: `IF(total >= min, 100 * part / total, 0)` over the two named metrics. */
function rateAlarmFor(
  alarms: AlarmProps[],
  namespace: string,
  part: string,
  total: string,
  dimensions: { Name: string; Value: unknown }[],
): AlarmProps | undefined {
  return alarms.find((a) => {
    const p = statOf(a, 'part')?.Metric;
    const t = statOf(a, 'total')?.Metric;
    return (
      p?.Namespace === namespace &&
      p.MetricName === part &&
      t?.MetricName === total &&
      JSON.stringify(p.Dimensions) === JSON.stringify(dimensions) &&
      JSON.stringify(t.Dimensions) === JSON.stringify(dimensions)
    );
  });
}

/** A plain alarm (no math) on one metric of a function. */
const plainAlarmFor = (alarms: AlarmProps[], namespace: string, metricName: string, functionId: string) =>
  alarms.find(
    (a) =>
      a.Namespace === namespace &&
      a.MetricName === metricName &&
      JSON.stringify(a.Dimensions) === JSON.stringify([{ Name: 'FunctionName', Value: { Ref: functionId } }]),
  );

const errorsAlarmFor = (alarms: AlarmProps[], functionId: string): AlarmProps | undefined =>
  rateAlarmFor(alarms, 'AWS/Lambda', 'Errors', 'Invocations', [{ Name: 'FunctionName', Value: { Ref: functionId } }]);

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
  const { stack, template } = synthStage('dev');
  const resources = resourcesOf(template);
  const alarms = alarmsOf(resources);
  const [topicId] = idsOf(resources, 'AWS::SNS::Topic');
  const ours = stack.node.findAll().filter((node): node is AppFunction => node instanceof AppFunction);
  const entryOf = (id: string) => ours.find((fn) => stack.resolve(fn.functionName).Ref === id)?.entry;
  const ourFunctionIds = idsOf(resources, 'AWS::Lambda::Function').filter((id) => entryOf(id) !== undefined);

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

  it("alarms on every Lambda function's errors: a rate over 10 invocations on the busy paths, any error elsewhere", () => {
    const functionIds = idsOf(resources, 'AWS::Lambda::Function');
    expect(functionIds.length).toBeGreaterThan(0);
    const gated = functionIds.filter((id) => RATE_GATED_ENTRIES.has(entryOf(id) ?? ''));
    // The API areas but payments (its webhook is rare), and the WebSocket routes.
    expect(gated).toHaveLength(AREAS.length - 1 + 1);
    for (const id of functionIds) {
      if (gated.includes(id)) {
        const alarm = errorsAlarmFor(alarms, id);
        expect(alarm, id).toMatchObject({
          Threshold: RATE_ALARMS.lambdaErrors.percent,
          EvaluationPeriods: 2,
          DatapointsToAlarm: 2,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        });
        expect(alarm?.Metrics?.find((m) => m.ReturnData !== false)?.Expression).toBe(
          'IF(total >= 10, 100 * part / total, 0)',
        );
        expect(statOf(alarm as AlarmProps, 'part')?.Stat).toBe('Sum');
      } else {
        expect(plainAlarmFor(alarms, 'AWS/Lambda', 'Errors', id), id).toMatchObject({
          Statistic: 'Sum',
          Threshold: 1,
          EvaluationPeriods: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        });
      }
    }
    const payments = functionIds.find((id) => id.startsWith('ApiPayments'));
    const trigger = functionIds.find((id) => id.startsWith('AuthCustomMessage'));
    const stream = functionIds.find((id) => id.startsWith('TableStreamTableChanges'));
    for (const id of [payments, trigger, stream]) {
      expect(id).toBeDefined();
      expect(gated).not.toContain(id);
    }
  });

  it("alarms on every function's throttles, and on the p99 duration of each of ours at 80% of its timeout", () => {
    for (const id of idsOf(resources, 'AWS::Lambda::Function')) {
      expect(plainAlarmFor(alarms, 'AWS/Lambda', 'Throttles', id), id).toMatchObject({
        Threshold: LAMBDA_THROTTLE_THRESHOLD,
      });
      // CDK's deploy-time helpers run once a deploy; their duration is not the founders' wait.
      if (!ourFunctionIds.includes(id)) continue;
      const timeout = resources[id]?.Properties.Timeout as number;
      const alarm = alarms.find((a) => {
        const m = statOf(a, 'duration');
        return m?.Metric.MetricName === 'Duration' && JSON.stringify(m.Metric.Dimensions).includes(`"${id}"`);
      });
      expect(alarm, id).toMatchObject({
        Threshold: Math.round(timeout * 1000 * LATENCY_ALARMS.functionP99.shareOfTimeout),
        EvaluationPeriods: LATENCY_ALARMS.functionP99.periods,
      });
      expect(statOf(alarm as AlarmProps, 'duration')?.Stat).toBe('p99');
    }
  });

  it("alarms on the API's p99 latency over enough requests", () => {
    const alarm = alarms.find((a) => statOf(a, 'latency')?.Metric.MetricName === 'Latency');
    expect(alarm).toMatchObject({
      Threshold: LATENCY_ALARMS.apiP99.ms,
      EvaluationPeriods: LATENCY_ALARMS.apiP99.periods,
    });
    expect(statOf(alarm as AlarmProps, 'latency')?.Stat).toBe('p99');
    expect(alarm?.Metrics?.find((m) => m.ReturnData !== false)?.Expression).toBe(
      `IF(requests >= ${LATENCY_ALARMS.apiP99.minCount}, latency, 0)`,
    );
  });

  it("alarms on the table stream's iterator age, for the function its event source invokes", () => {
    const [mapping] = Object.values(resources).filter(
      (r) =>
        r.Type === 'AWS::Lambda::EventSourceMapping' &&
        JSON.stringify(r.Properties.EventSourceArn).includes('StreamArn'),
    );
    if (!mapping) throw new Error('no stream event source');
    // The mapping invokes the function's live alias; the alarm watches the function the alias names.
    const aliasId = /"Ref":"([^"]+)"/.exec(JSON.stringify(mapping.Properties.FunctionName))?.[1] ?? '';
    const alias = resources[aliasId];
    if (!alias) throw new Error(`the stream's mapping invokes no alias of the stack (${aliasId})`);
    const fnId = (alias.Properties.FunctionName as { Ref: string }).Ref;
    expect(plainAlarmFor(alarms, 'AWS/Lambda', 'IteratorAge', fnId)).toMatchObject({
      Statistic: 'Maximum',
      Threshold: STREAM_ITERATOR_AGE_MS,
    });
  });

  it("alarms on the AI's fallback rate and on Bedrock's throttling, from the stage's business metrics", () => {
    const service = [{ Name: 'service', Value: 'preseed' }];
    expect(rateAlarmFor(alarms, 'Preseed/dev', 'AiFallbacks', 'AiCalls', service)).toMatchObject({
      Threshold: AI_ALARMS.fallbackRate.percent,
      EvaluationPeriods: AI_ALARMS.fallbackRate.periods,
    });
    expect(
      alarms.find(
        (a) =>
          a.Namespace === 'Preseed/dev' &&
          a.MetricName === 'AiFallbacks' &&
          JSON.stringify(a.Dimensions?.map((d) => d.Name).sort()) === JSON.stringify(['reason', 'service']) &&
          a.Dimensions?.some((d) => d.Name === 'reason' && d.Value === 'throttled'),
      ),
    ).toMatchObject({ Threshold: AI_ALARMS.bedrockThrottles.count });
  });

  it('turns on Contributor Insights (throttled keys) for the table and its index, which the throttle alarm names', () => {
    const insights = { Enabled: true, Mode: 'THROTTLED_KEYS' };
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      ContributorInsightsSpecification: insights,
      GlobalSecondaryIndexes: [Match.objectLike({ ContributorInsightsSpecification: insights })],
    });
    const throttles = alarms.find((a) => statOf(a, 'tr') !== undefined) as { AlarmDescription?: string } | undefined;
    expect(throttles?.AlarmDescription).toContain('Contributor Insights');
  });

  it('pages on none of the rates below their minimum traffic (the expression holds them at 0)', () => {
    // One failure of five invocations is 20%, but under 10 invocations: IF(...) gives 0, below the threshold.
    const evaluate = (errors: number, invocations: number) =>
      invocations >= RATE_ALARMS.lambdaErrors.minCount ? (100 * errors) / invocations : 0;
    expect(evaluate(1, 5)).toBeLessThan(RATE_ALARMS.lambdaErrors.percent);
    expect(evaluate(1, 20)).toBeGreaterThanOrEqual(RATE_ALARMS.lambdaErrors.percent);
    expect(evaluate(1, 21)).toBeLessThan(RATE_ALARMS.lambdaErrors.percent);
  });

  it('alarms on DynamoDB throttles of the table and its index', () => {
    const [tableId] = idsOf(resources, 'AWS::DynamoDB::Table');
    const alarm = alarms.find((a) => a.Metrics?.some((m) => m.MetricStat?.Metric.MetricName === 'ReadThrottleEvents'));
    expect(alarm).toMatchObject({ Threshold: DYNAMODB_THROTTLE_THRESHOLD });
    const metrics = (alarm?.Metrics ?? []).flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric] : []));
    expect(metrics.map((m) => m.MetricName).sort()).toEqual([
      'ReadThrottleEvents',
      'ReadThrottleEvents',
      'WriteThrottleEvents',
      'WriteThrottleEvents',
    ]);
    for (const m of metrics) {
      expect(m.Dimensions?.find((d) => d.Name === 'TableName')).toEqual({ Name: 'TableName', Value: { Ref: tableId } });
    }
    expect(metrics.filter((m) => m.Dimensions?.some((d) => d.Name === 'GlobalSecondaryIndexName'))).toHaveLength(2);
  });

  it("alarms on the SES bounce and complaint rates of the stage's configuration set and the account's reputation", () => {
    const [setId] = idsOf(resources, 'AWS::SES::ConfigurationSet');
    const dimension = [{ Name: SES_METRIC_DIMENSION, Value: { Ref: setId } }];
    expect(rateAlarmFor(alarms, 'AWS/SES', 'Bounce', 'Send', dimension)).toMatchObject({ Threshold: 5 });
    expect(rateAlarmFor(alarms, 'AWS/SES', 'Complaint', 'Send', dimension)).toMatchObject({ Threshold: 0.1 });
    expect(alarms.find((a) => a.MetricName === 'Reputation.BounceRate')).toMatchObject({ Threshold: 0.05 });
    expect(alarms.find((a) => a.MetricName === 'Reputation.ComplaintRate')).toMatchObject({ Threshold: 0.001 });
    // SES reports sends, bounces, complaints and rejects to CloudWatch under the set's name.
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: setId },
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: Match.arrayWith(['send', 'bounce', 'complaint', 'reject']),
        CloudWatchDestination: {
          DimensionConfigurations: [
            {
              DimensionName: SES_METRIC_DIMENSION,
              DimensionValueSource: 'messageTag',
              DefaultDimensionValue: 'preseed-dev',
            },
          ],
        },
      },
    });
  });

  it('says in every alarm what to do', () => {
    for (const alarm of alarms) {
      expect((alarm as { AlarmDescription?: string }).AlarmDescription?.length ?? 0).toBeGreaterThan(60);
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

  it('alarms on the 5xx rate of the HTTP API', () => {
    const [apiId] = idsOf(resources, 'AWS::ApiGatewayV2::Api').filter(
      (id) => resources[id]?.Properties.ProtocolType === 'HTTP',
    );
    expect(
      rateAlarmFor(alarms, 'AWS/ApiGateway', '5xx', 'Count', [{ Name: 'ApiId', Value: { Ref: apiId } }]),
    ).toMatchObject({ Threshold: RATE_ALARMS.api5xx.percent, EvaluationPeriods: 2 });
  });

  it("pages once: only the stage's one composite notifies, over group composites that hold every alarm", () => {
    expect(alarms.length).toBeGreaterThan(0);
    for (const alarm of alarms) {
      expect(alarm.AlarmActions ?? []).toEqual([]);
      expect(alarm.OKActions ?? []).toEqual([]);
      expect(alarm.TreatMissingData).toBe('notBreaching');
    }
    const composites = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::CloudWatch::CompositeAlarm');
    const paging = composites.filter(([, r]) => (r.Properties.AlarmActions as unknown[] | undefined)?.length);
    expect(paging).toHaveLength(1);
    const [pageId, page] = paging[0] ?? [];
    expect(page?.Properties).toMatchObject({ AlarmActions: [{ Ref: topicId }], OKActions: [{ Ref: topicId }] });
    const ruleOf = (r: { Properties: Record<string, unknown> }) => JSON.stringify(r.Properties.AlarmRule);
    const groups = composites.filter(([id]) => id !== pageId);
    for (const [id] of groups) expect(ruleOf(page as never)).toContain(`"${id}"`);
    // Every alarm but the releases' (their action is CodeDeploy's rollback, infra/constructs/releases.ts).
    const releaseAlarm = (r: { Properties: Record<string, unknown> }) =>
      (r.Properties.Dimensions as { Name: string }[] | undefined)?.some((d) => d.Name === 'Resource') ?? false;
    for (const [id] of Object.entries(resources).filter(
      ([, r]) => r.Type === 'AWS::CloudWatch::Alarm' && !releaseAlarm(r),
    )) {
      expect(
        groups.filter(([, g]) => ruleOf(g).includes(`"${id}"`)),
        id,
      ).toHaveLength(1);
    }
  });

  it('has a dashboard with the API, Lambda and dead-letter graphs', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const body = JSON.stringify(Object.values(resources).find((r) => r.Type === 'AWS::CloudWatch::Dashboard'));
    for (const title of [
      'API requests',
      'API 4xx / 5xx',
      'API latency p95 / p99 (ms)',
      'Lambda errors',
      'Lambda duration p99 (ms)',
      'Lambda throttles',
      'Dead-letter queue depth',
      'Table stream iterator age (ms)',
      'Founders: sign-ups, payments (per hour)',
      'Work: answers saved, unlocks, share views (per hour)',
      'AI calls and fallbacks (per hour)',
      'Paging alarm and its groups',
    ]) {
      expect(body).toContain(`\\"title\\":\\"${title}\\"`);
    }
    expect(body).toContain('\\"stat\\":\\"p99\\"');
    // The founder journey's business metrics, in the stage's namespace.
    for (const name of Object.values(BUSINESS_METRICS)) expect(body).toContain(`\\"Preseed/dev\\",\\"${name}\\"`);
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

  it("traces every function with X-Ray and gives it the stage's log level (DEBUG off production) and namespace", () => {
    const functions = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Runtime === 'nodejs22.x',
    );
    expect(functions).toHaveLength(lambdaEntries().length);
    for (const fn of functions) {
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Properties.LoggingConfig).toMatchObject({ ApplicationLogLevel: 'DEBUG', SystemLogLevel: 'INFO' });
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
        LOG_LEVEL: 'DEBUG',
        POWERTOOLS_METRICS_NAMESPACE: 'Preseed/dev',
      });
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
      check: true,
      'aws:cdk:bundling-stacks': [],
    },
  });
  const [stack] = addStacks(app);
  const [lateStage] = stagesFromContext(app.node);
  if (!stack || !lateStage) throw new Error('no stack');
  const lateDeadLetters = new Queue(stack, 'LateDeadLetters', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  new AppFunction(stack, 'LateFunction', {
    entry: 'functions/consumers/question-stats.ts',
    stage: lateStage,
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

  it("logs at INFO on production, in both Lambda's filter and Powertools", () => {
    const functions = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Runtime === 'nodejs22.x',
    );
    for (const fn of functions) {
      expect(fn.Properties.LoggingConfig).toMatchObject({ ApplicationLogLevel: 'INFO', SystemLogLevel: 'INFO' });
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
        LOG_LEVEL: 'INFO',
        POWERTOOLS_METRICS_NAMESPACE: 'Preseed/prod',
      });
    }
  });

  it('watches the late function and its dead-letter queue too', () => {
    const [fnId] = idsOf(resources, 'AWS::Lambda::Function').filter((id) => id.startsWith('LateFunction'));
    const [queueId] = idsOf(resources, 'AWS::SQS::Queue').filter((id) => id.startsWith('LateDeadLetters'));
    if (!fnId || !queueId) throw new Error('late resources missing');
    expect(plainAlarmFor(alarms, 'AWS/Lambda', 'Errors', fnId)).toBeDefined();
    expect(depthAlarmFor(alarms, queueId)).toBeDefined();
  });

  it('stays clean under cdk-nag', () => {
    expect(new AwsSolutionsChecks().validateScope(stack).violations).toEqual([]);
  });
});

describe("the stage's edge (us-east-1)", () => {
  const { stack } = synthStage('dev');
  const edge = Template.fromStack(stack.edge);
  const edgeAlarms = stack.edgeAlarms;
  if (!edgeAlarms) throw new Error('no edge alarms stack');
  const alarmsTemplate = Template.fromStack(edgeAlarms);

  it("logs every request the web ACL sees to an aws-waf-logs- group with the stage's retention, credentials redacted", () => {
    const groups = propertiesOf<{ LogGroupName: string; RetentionInDays: number }>(edge, 'AWS::Logs::LogGroup');
    expect(groups).toEqual([
      expect.objectContaining({ LogGroupName: 'aws-waf-logs-preseed-dev-site', RetentionInDays: 14 }),
    ]);
    const [groupId] = Object.keys(edge.findResources('AWS::Logs::LogGroup'));
    const [aclId] = Object.keys(edge.findResources('AWS::WAFv2::WebACL'));
    edge.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      ResourceArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
      LogDestinationConfigs: [{ 'Fn::GetAtt': [groupId, 'Arn'] }],
      RedactedFields: WAF_REDACTED_HEADERS.map((name) => ({ SingleHeader: { Name: name } })),
    });
    expect(WAF_REDACTED_HEADERS).toEqual(['authorization', 'cookie']);
  });

  it('pages once from us-east-1: the CloudFront and WAF alarms feed one composite with the actions', () => {
    const [topicId] = Object.keys(alarmsTemplate.findResources('AWS::SNS::Topic'));
    const metricAlarms = alarmsTemplate.findResources('AWS::CloudWatch::Alarm');
    expect(Object.keys(metricAlarms)).toHaveLength(2);
    for (const alarm of Object.values(metricAlarms) as Array<{ Properties: AlarmProps }>) {
      expect(alarm.Properties.AlarmActions ?? []).toEqual([]);
      expect(alarm.Properties.OKActions ?? []).toEqual([]);
    }
    const composites = Object.values(alarmsTemplate.findResources('AWS::CloudWatch::CompositeAlarm')) as Array<{
      Properties: { AlarmRule: unknown; AlarmActions: unknown[]; OKActions: unknown[] };
    }>;
    expect(composites).toHaveLength(1);
    expect(composites[0]?.Properties).toMatchObject({
      AlarmActions: [{ Ref: topicId }],
      OKActions: [{ Ref: topicId }],
    });
    for (const id of Object.keys(metricAlarms))
      expect(JSON.stringify(composites[0]?.Properties.AlarmRule)).toContain(id);
  });
});
