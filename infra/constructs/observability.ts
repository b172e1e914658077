import { AspectPriority, Aspects, CfnResource, Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { CfnRule } from 'aws-cdk-lib/aws-events';
import { CfnEventInvokeConfig, CfnEventSourceMapping, CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { CfnQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct, type IConstruct } from 'constructs';
import { GSI1 } from '#shared/deploy-names';
import { resourcePrefix, type StageConfig } from '../stages';
import { SES_METRIC_DIMENSION } from './email';
import { acknowledge } from './nag';

export interface ObservabilityProps {
  readonly stage: StageConfig;
  readonly api: HttpApi;
  readonly table: ITable;
  /** The SES configuration set whose event destination counts sends, bounces and complaints (email.ts). */
  readonly configurationSet: string;
}

/** Alarm periods: short enough to page within minutes, long enough that one scrape is not a trend. */
const PERIOD = Duration.minutes(5);

/**
 * Rates that page someone: a share of failures over a period with enough traffic that one failure is not a trend,
 * sustained over `periods` consecutive periods.
 */
export const RATE_ALARMS = {
  /** A function's errors ÷ invocations (uncaught errors and timeouts; the API's 4xx/5xx answers are not errors). */
  lambdaErrors: { percent: 5, minCount: 10, periods: 2 },
  /** The HTTP API's 5xx answers ÷ requests. */
  api5xx: { percent: 5, minCount: 20, periods: 2 },
  /** SES bounces ÷ sends of the stage's configuration set in an hour (SES reviews an account at 5 %). */
  sesBounce: { percent: 5, minCount: 20, periods: 1 },
  /** SES complaints ÷ sends in an hour (SES reviews an account at 0.1 %). */
  sesComplaint: { percent: 0.1, minCount: 20, periods: 1 },
} as const;

/** Throttled DynamoDB reads and writes (table and index) in 5 minutes that page someone; the SDK retried each. */
export const DYNAMODB_THROTTLE_THRESHOLD = 10;
/** SES's account-wide reputation (fractions) at which it reviews the account; it pauses sending at twice that. */
export const SES_REPUTATION_THRESHOLDS = { bounceRate: 0.05, complaintRate: 0.001 } as const;

/** `IF(total >= min, 100 * part / total, 0)`: a percentage that stays 0 while traffic is too low to mean anything. */
export function rateExpression(
  part: IMetric,
  total: IMetric,
  minCount: number,
  period: Duration,
  label: string,
): MathExpression {
  return new MathExpression({
    expression: `IF(total >= ${minCount}, 100 * part / total, 0)`,
    usingMetrics: { part, total },
    period,
    label,
  });
}

/** A resource of the stack as the alarms and the dashboard name it. */
interface Watched<T extends CfnResource> {
  /** Path below the stack, e.g. `Api/Journey`: stable and readable in alarm names. */
  readonly label: string;
  readonly node: T;
}

/**
 * The stage's alarms, their SNS topic and one dashboard. Which functions and dead-letter queues
 * exist is read from the construct tree at synthesis, not passed in, so a function or consumer
 * added anywhere in the stack later (in any construct) is watched without touching this file.
 */
export class Observability extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];
  private readonly api: HttpApi;
  private readonly table: ITable;
  private readonly configurationSet: string;
  private readonly stageName: string;
  private readonly namePrefix: string;
  private watching = false;

  constructor(scope: Construct, id: string, { stage, api, table, configurationSet }: ObservabilityProps) {
    super(scope, id);
    this.api = api;
    this.table = table;
    this.configurationSet = configurationSet;
    this.stageName = stage.name;
    this.namePrefix = resourcePrefix(stage);
    this.topic = new Topic(this, 'AlarmTopic', {
      displayName: `Preseed ${stage.name} alarms`,
      // A topic policy that denies publishing and subscribing without TLS (cdk-nag AwsSolutions-SNS3).
      enforceSSL: true,
    });
    acknowledge(
      this.topic,
      'AwsSolutions-SNS2',
      'Alarm notifications carry alarm names and metric values only, no customer data. CloudWatch cannot publish ' +
        'to a topic encrypted with the AWS-managed SNS key, and a customer-managed key would exist only for this.',
    );
    if (stage.alarmEmail) this.topic.addSubscription(new EmailSubscription(stage.alarmEmail));
    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: resourcePrefix(stage) });

    // Runs once every construct of the stack exists (at synthesis), wherever it was created.
    Aspects.of(this).add(
      {
        visit: (node) => {
          if (node !== this || this.watching) return;
          this.watching = true;
          this.watchStack();
        },
      },
      { priority: AspectPriority.MUTATING },
    );
  }

  private watchStack(): void {
    const stack = Stack.of(this);
    const functions = lambdaFunctions(stack);
    const deadLetterQueues = deadLetterQueuesOf(stack);

    const api5xx = RATE_ALARMS.api5xx;
    this.alarm('Api5xx', 'api-5xx-rate', {
      metric: rateExpression(
        this.api.metricServerError({ period: PERIOD, statistic: 'Sum' }),
        this.api.metricCount({ period: PERIOD, statistic: 'Sum' }),
        api5xx.minCount,
        PERIOD,
        'API 5xx %',
      ),
      threshold: api5xx.percent,
      periods: api5xx.periods,
      description:
        `More than ${api5xx.percent}% of API requests answered 5xx for ${api5xx.periods} × 5 minutes (at least ` +
        `${api5xx.minCount} requests each). Look at the lambda-errors alarms and the functions' logs for the failing ` +
        'area; 503s name a dependency that is down (DynamoDB, Cognito, SES, Stripe). If it started with a deploy, ' +
        'deploy the previous commit again.',
    });
    const functionMetrics = functions.map((fn) => ({ fn, ...lambdaMetrics(fn) }));
    const lambda = RATE_ALARMS.lambdaErrors;
    for (const { fn, errors, invocations } of functionMetrics) {
      this.alarm(`Errors${idOf(fn.label)}`, `lambda-errors-${nameOf(fn.label)}`, {
        metric: rateExpression(errors, invocations, lambda.minCount, PERIOD, `${fn.label} error %`),
        threshold: lambda.percent,
        periods: lambda.periods,
        description:
          `Lambda ${fn.label} failed on more than ${lambda.percent}% of its invocations for ${lambda.periods} × 5 ` +
          `minutes (at least ${lambda.minCount} each): uncaught errors or timeouts, not the API's error answers. ` +
          'Open its log group in Logs Insights (level ERROR, and Lambda\'s own "Task timed out" lines) for the ' +
          'request ids and the cause; if it started with a deploy, deploy the previous commit again.',
      });
    }
    const table = this.table;
    const throttleMetric = (metricName: string, index?: string) =>
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: table.tableName, ...(index ? { GlobalSecondaryIndexName: index } : {}) },
        statistic: 'Sum',
        period: PERIOD,
      });
    this.alarm('DynamoDbThrottles', 'dynamodb-throttles', {
      metric: new MathExpression({
        expression: 'FILL(tr, 0) + FILL(tw, 0) + FILL(ir, 0) + FILL(iw, 0)',
        usingMetrics: {
          tr: throttleMetric('ReadThrottleEvents'),
          tw: throttleMetric('WriteThrottleEvents'),
          ir: throttleMetric('ReadThrottleEvents', GSI1),
          iw: throttleMetric('WriteThrottleEvents', GSI1),
        },
        period: PERIOD,
        label: 'DynamoDB throttle events',
      }),
      threshold: DYNAMODB_THROTTLE_THRESHOLD,
      description:
        `DynamoDB throttled at least ${DYNAMODB_THROTTLE_THRESHOLD} reads or writes of the table or its index in 5 ` +
        'minutes (on demand: a hot partition, or traffic above twice its previous peak). The SDK retries; callers ' +
        'that still fail answer 503. Find the hot keys with CloudWatch Contributor Insights on the table; for a ' +
        "planned burst raise the table's warm throughput.",
    });

    this.watchEmail();

    const depths = deadLetterQueues.map((queue) => ({
      queue,
      metric: new Metric({
        namespace: 'AWS/SQS',
        metricName: 'ApproximateNumberOfMessagesVisible',
        dimensionsMap: { QueueName: queue.node.attrQueueName },
        statistic: 'Maximum',
        period: PERIOD,
      }),
    }));
    for (const { queue, metric } of depths) {
      this.alarm(`DeadLetters${idOf(queue.label)}`, `dead-letters-${nameOf(queue.label)}`, {
        metric,
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        description: `Dead letters in ${queue.label}: an event failed every retry. Inspect and redrive the messages.`,
      });
    }

    const graph = (title: string, metrics: IMetric[]) =>
      new GraphWidget({ title, left: metrics, width: 8, height: 6, period: PERIOD });
    this.dashboard.addWidgets(
      graph('API requests', [this.api.metricCount({ statistic: 'Sum' })]),
      graph('API 4xx / 5xx', [
        this.api.metricClientError({ statistic: 'Sum', label: '4xx' }),
        this.api.metricServerError({ statistic: 'Sum', label: '5xx' }),
      ]),
      graph('API latency p95 (ms)', [this.api.metricLatency({ statistic: 'p95' })]),
    );
    this.dashboard.addWidgets(
      graph(
        'Lambda errors',
        functionMetrics.map((m) => m.errors.with({ label: m.fn.label })),
      ),
      graph(
        'Lambda duration p95 (ms)',
        functionMetrics.map((m) => m.duration.with({ label: m.fn.label })),
      ),
      graph(
        'Lambda throttles',
        functionMetrics.map((m) => m.throttles.with({ label: m.fn.label })),
      ),
    );
    this.dashboard.addWidgets(
      graph(
        'Dead-letter queue depth',
        depths.map((d) => d.metric.with({ label: d.queue.label })),
      ),
      new AlarmStatusWidget({ title: `Alarms (${this.stageName})`, alarms: this.alarms, width: 16, height: 6 }),
    );
  }

  /** SES: bounce and complaint rates of the stage's mail, and the account's reputation that SES acts on. */
  private watchEmail(): void {
    const hour = Duration.hours(1);
    const ses = (metricName: string) =>
      new Metric({
        namespace: 'AWS/SES',
        metricName,
        dimensionsMap: { [SES_METRIC_DIMENSION]: this.configurationSet },
        statistic: 'Sum',
        period: hour,
      });
    const send = ses('Send');
    const { sesBounce, sesComplaint } = RATE_ALARMS;
    const what =
      'Read the events in the SES console (Configuration sets > this set, or Reputation metrics). Addresses that ' +
      'bounce or complain are already suppressed for the account; find what sent to them (sign-up abuse: the ' +
      'WAF and sign-up limits; a wrong sender domain: the DKIM records). SES reviews the account at 5% bounces ' +
      'or 0.1% complaints and pauses sending at 10% / 0.5%: then founders get no sign-up code.';
    this.alarm('SesBounceRate', 'ses-bounce-rate', {
      metric: rateExpression(ses('Bounce'), send, sesBounce.minCount, hour, 'SES bounce %'),
      threshold: sesBounce.percent,
      periods: sesBounce.periods,
      description: `More than ${sesBounce.percent}% of the stage's emails bounced in an hour. ${what}`,
    });
    this.alarm('SesComplaintRate', 'ses-complaint-rate', {
      metric: rateExpression(ses('Complaint'), send, sesComplaint.minCount, hour, 'SES complaint %'),
      threshold: sesComplaint.percent,
      periods: sesComplaint.periods,
      description: `More than ${sesComplaint.percent}% of the stage's emails were marked as spam in an hour. ${what}`,
    });
    const reputation = (metricName: string) =>
      new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: hour });
    this.alarm('SesReputationBounce', 'ses-account-bounce-rate', {
      metric: reputation('Reputation.BounceRate'),
      threshold: SES_REPUTATION_THRESHOLDS.bounceRate,
      description: `The account's SES bounce rate (all stages in this region) reached 5%, where SES reviews it. ${what}`,
    });
    this.alarm('SesReputationComplaint', 'ses-account-complaint-rate', {
      metric: reputation('Reputation.ComplaintRate'),
      threshold: SES_REPUTATION_THRESHOLDS.complaintRate,
      description: `The account's SES complaint rate (all stages in this region) reached 0.1%, where SES reviews it. ${what}`,
    });
  }

  private alarm(
    id: string,
    name: string,
    props: {
      metric: IMetric;
      threshold: number;
      description: string;
      comparisonOperator?: ComparisonOperator;
      /** Consecutive periods that must breach; default 1. */
      periods?: number;
    },
  ): Alarm {
    const alarm = new Alarm(this, id, {
      alarmName: `${this.namePrefix}-${name}`,
      metric: props.metric,
      threshold: props.threshold,
      evaluationPeriods: props.periods ?? 1,
      datapointsToAlarm: props.periods ?? 1,
      comparisonOperator: props.comparisonOperator ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // No data means nothing ran or nothing failed, never an outage by itself.
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: props.description,
    });
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    // The all-clear is news too: whoever was paged learns that it recovered.
    alarm.addOkAction(action);
    this.alarms.push(alarm);
    return alarm;
  }
}

/** `Api/Journey` → `ApiJourney`, for construct ids. */
const idOf = (label: string): string => label.replace(/[^A-Za-z0-9]/g, '');
/** `Api/Journey` → `Api-Journey`, for alarm names operators read in notifications. */
const nameOf = (label: string): string => label.replace(/[^A-Za-z0-9]+/g, '-');

function labelOf(stack: Stack, node: IConstruct): string {
  // `Api/Journey/Resource` is the function `Api/Journey`; CDK's providers end in `/Handler`, kept as is.
  const parts = node.node.path.split('/').slice(stack.node.path.split('/').length);
  if (parts.at(-1) === 'Resource') parts.pop();
  return parts.join('/');
}

/**
 * Every AWS::Lambda::Function of the stack: ours, and CDK's own deploy-time helpers (bucket deployment,
 * auto-delete), which are written as plain CfnResources. The helpers run only during deployments, so
 * their alarms stay quiet unless a deployment step fails; watching them too keeps "every function" true.
 */
function lambdaFunctions(stack: Stack): Watched<CfnResource>[] {
  return stack.node
    .findAll()
    .filter(
      (node): node is CfnResource =>
        CfnResource.isCfnResource(node) && node.cfnResourceType === CfnFunction.CFN_RESOURCE_TYPE_NAME,
    )
    .map((node) => ({ label: labelOf(stack, node), node }));
}

/** Unlabelled, so alarms render the plain metric; the dashboard adds the label. */
function lambdaMetrics(fn: Watched<CfnResource>) {
  const metric = (metricName: string, statistic: string) =>
    new Metric({
      namespace: 'AWS/Lambda',
      metricName,
      // Ref of a function is its name.
      dimensionsMap: { FunctionName: fn.node.ref },
      statistic,
      period: PERIOD,
    });
  return {
    errors: metric('Errors', 'Sum'),
    invocations: metric('Invocations', 'Sum'),
    duration: metric('Duration', 'p95'),
    throttles: metric('Throttles', 'Sum'),
  };
}

/**
 * Queues something names as where its failures go: an EventBridge target's or a function's
 * dead-letter queue, a function's or event source's on-failure destination, or another queue's
 * redrive target. A work queue is none of these, so it never gets a "depth > 0" alarm.
 */
function deadLetterQueuesOf(stack: Stack): Watched<CfnQueue>[] {
  const nodes = stack.node.findAll();
  // Resolved, so `queue.queueArn` written anywhere compares equal to the queue's own Fn::GetAtt.
  const named = new Set(nodes.flatMap((node) => failureDestinations(node).map((arn) => key(stack, arn))));
  return nodes
    .filter((node): node is CfnQueue => node instanceof CfnQueue)
    .filter((queue) => named.has(key(stack, queue.attrArn)))
    .map((queue) => ({ label: labelOf(stack, queue), node: queue }));
}

const key = (stack: Stack, value: unknown): string => JSON.stringify(stack.resolve(value));

const field = (value: unknown, name: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;

/** The dead-letter ARNs one resource names (properties resolved, in CDK's camelCase). */
function failureDestinations(node: IConstruct): unknown[] {
  const stack = Stack.of(node);
  const found: unknown[] = [];
  if (node instanceof CfnRule) {
    const targets = stack.resolve(node.targets);
    if (Array.isArray(targets)) for (const t of targets) found.push(field(field(t, 'deadLetterConfig'), 'arn'));
  } else if (node instanceof CfnFunction) {
    found.push(field(stack.resolve(node.deadLetterConfig), 'targetArn'));
  } else if (node instanceof CfnEventInvokeConfig || node instanceof CfnEventSourceMapping) {
    found.push(field(field(stack.resolve(node.destinationConfig), 'onFailure'), 'destination'));
  } else if (node instanceof CfnQueue) {
    found.push(field(stack.resolve(node.redrivePolicy), 'deadLetterTargetArn'));
  }
  return found.filter((arn) => arn !== undefined && arn !== null);
}
