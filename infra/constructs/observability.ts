import { AspectPriority, Aspects, CfnResource, Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmRule,
  AlarmStatusWidget,
  ComparisonOperator,
  CompositeAlarm,
  Dashboard,
  GraphWidget,
  type IAlarm,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { CfnRule } from 'aws-cdk-lib/aws-events';
import { CfnAlias, CfnEventInvokeConfig, CfnEventSourceMapping, CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { CfnQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct, type IConstruct } from 'constructs';
import { BUSINESS_METRICS, type BusinessMetric, METRICS_SERVICE, metricsNamespace } from '#shared/business-metrics';
import { GSI1 } from '#shared/deploy-names';
import { AREAS, type Area } from '#shared/routes';
import { resourcePrefix, type StageConfig } from '../stages';
import { SES_METRIC_DIMENSION } from './email';
import { AppFunction } from './function';
import { areaEntry, REALTIME_ENTRY } from './lambda-entries';
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

/**
 * Functions whose errors are counted against their invocations (RATE_ALARMS.lambdaErrors): the API areas a founder's
 * every page calls, and the WebSocket routes. Every other function alarms on any error: its traffic is too low for
 * a rate (the payment webhook, in the payments area; the Cognito trigger; the consumers; the table's stream; CDK's
 * deploy-time helpers), so the ≥ 10-invocation gate would hide its failures.
 */
export const ANY_ERROR_AREAS = ['payments'] as const satisfies readonly Area[];
export const RATE_GATED_ENTRIES: ReadonlySet<string> = new Set([
  ...AREAS.filter((area) => !(ANY_ERROR_AREAS as readonly Area[]).includes(area)).map(areaEntry),
  REALTIME_ENTRY,
]);

/** Latency that pages: p99 over traffic enough for a p99 to mean something, sustained over `periods`. */
export const LATENCY_ALARMS = {
  /** The HTTP API's p99 latency in ms (CloudFront and the browser add theirs). */
  apiP99: { ms: 3_000, minCount: 50, periods: 3 },
  /** A function's p99 duration as a share of its timeout: at 80 % the slowest calls are about to be cut off. */
  functionP99: { shareOfTimeout: 0.8, minCount: 20, periods: 2 },
} as const;

/** Throttled invocations of one function in 5 minutes: its reserved concurrency or the account's pool is exhausted. */
export const LAMBDA_THROTTLE_THRESHOLD = 1;
/** The table stream's oldest unread record (ms): past 5 minutes, emails and live updates lag; past 24 h, lost. */
export const STREAM_ITERATOR_AGE_MS = 5 * 60 * 1000;

/** The AI's alarms, on the business metrics (functions/integrations/ai/index.ts counts calls and fallbacks). */
export const AI_ALARMS = {
  /** AiFallbacks ÷ AiCalls: founders getting an error message or no suggestions instead of the model's answer. */
  fallbackRate: { percent: 20, minCount: 10, periods: 2 },
  /** Calls Bedrock refused for load or quota (the fallback reason `throttled`) in 5 minutes. */
  bedrockThrottles: { count: 5, periods: 1 },
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

/** The composite each alarm feeds; only the stage's one composite above them has actions. */
export const ALARM_GROUPS = {
  api: 'the HTTP API',
  functions: 'the Lambda functions',
  data: 'the table, its stream and the events',
  ai: 'the AI',
  email: 'email',
} as const;
export type AlarmGroup = keyof typeof ALARM_GROUPS;

/**
 * The stage's alarms, their SNS topic and one dashboard. Which functions and dead-letter queues
 * exist is read from the construct tree at synthesis, not passed in, so a function or consumer
 * added anywhere in the stack later (in any construct) is watched without touching this file.
 */
export class Observability extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];
  /** The one alarm with actions: ALARM when any alarm of the stage is, so one outage pages once. */
  page?: CompositeAlarm;
  private readonly groups = new Map<AlarmGroup, Alarm[]>();
  private readonly stage: StageConfig;
  private readonly api: HttpApi;
  private readonly table: ITable;
  private readonly configurationSet: string;
  private readonly stageName: string;
  private readonly namePrefix: string;
  private watching = false;

  constructor(scope: Construct, id: string, { stage, api, table, configurationSet }: ObservabilityProps) {
    super(scope, id);
    this.stage = stage;
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
    const period = { period: PERIOD };

    const api5xx = RATE_ALARMS.api5xx;
    this.alarm('api', 'Api5xx', 'api-5xx-rate', {
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
    const apiP99 = LATENCY_ALARMS.apiP99;
    this.alarm('api', 'ApiLatencyP99', 'api-latency-p99', {
      metric: new MathExpression({
        expression: `IF(requests >= ${apiP99.minCount}, latency, 0)`,
        usingMetrics: {
          latency: this.api.metricLatency({ ...period, statistic: 'p99' }),
          requests: this.api.metricCount({ ...period, statistic: 'Sum' }),
        },
        ...period,
        label: 'API latency p99 (ms)',
      }),
      threshold: apiP99.ms,
      periods: apiP99.periods,
      description:
        `The slowest 1% of API requests took ${apiP99.ms} ms or more for ${apiP99.periods} × 5 minutes (at least ` +
        `${apiP99.minCount} requests each). The lambda-duration-p99 alarms and the dashboard's "Lambda duration p99" ` +
        'name the slow area; its X-Ray traces (CloudWatch > X-Ray traces, filter by the function) show which call ' +
        'waits: DynamoDB, Cognito, Stripe or the AI model. Throttled DynamoDB or a cold-start wave after a deploy are ' +
        'the usual causes.',
    });

    const functionMetrics = functions.map((fn) => ({ fn, ...lambdaMetrics(fn) }));
    const lambda = RATE_ALARMS.lambdaErrors;
    const logs =
      'Open its log group in Logs Insights (level ERROR, and Lambda\'s own "Task timed out" lines) for the request ' +
      'ids and the cause, and its X-Ray traces for the failing call; if it started with a deploy, deploy the ' +
      'previous commit again.';
    const p99 = LATENCY_ALARMS.functionP99;
    for (const { fn, errors, invocations, throttles, p99Duration } of functionMetrics) {
      if (fn.entry !== undefined && RATE_GATED_ENTRIES.has(fn.entry)) {
        this.alarm('functions', `Errors${idOf(fn.label)}`, `lambda-errors-${nameOf(fn.label)}`, {
          metric: rateExpression(errors, invocations, lambda.minCount, PERIOD, `${fn.label} error %`),
          threshold: lambda.percent,
          periods: lambda.periods,
          description:
            `Lambda ${fn.label} failed on more than ${lambda.percent}% of its invocations for ${lambda.periods} × 5 ` +
            `minutes (at least ${lambda.minCount} each): uncaught errors or timeouts, not the API's error answers. ${logs}`,
        });
      } else {
        this.alarm('functions', `Errors${idOf(fn.label)}`, `lambda-errors-${nameOf(fn.label)}`, {
          metric: errors,
          threshold: 1,
          description:
            `Lambda ${fn.label} failed at least once in 5 minutes (an uncaught error or a timeout). Its traffic is ` +
            'low (a webhook, a trigger, a consumer, the stream or a deploy step), so every failure counts: a consumer ' +
            `retries and then dead-letters, a stream batch is retried until it succeeds. ${logs}`,
        });
      }
      this.alarm('functions', `Throttles${idOf(fn.label)}`, `lambda-throttles-${nameOf(fn.label)}`, {
        metric: throttles,
        threshold: LAMBDA_THROTTLE_THRESHOLD,
        description:
          `Lambda ${fn.label} refused invocations in 5 minutes: all its executions were busy (its reserved ` +
          "concurrency, or the account's unreserved pool). An API request refused so answers 5xx; an event is " +
          "retried. Compare the function's ConcurrentExecutions with its reservation (the stage's " +
          '`reservedConcurrency` in cdk.json, docs/capacity.md) and the account quota (Service Quotas > Lambda).',
      });
      const timeoutMs = timeoutSecondsOf(stack, fn) * 1000;
      if (timeoutMs > 0) {
        const limit = Math.round(timeoutMs * p99.shareOfTimeout);
        this.alarm('functions', `Duration${idOf(fn.label)}`, `lambda-duration-p99-${nameOf(fn.label)}`, {
          metric: new MathExpression({
            expression: `IF(invocations >= ${p99.minCount}, duration, 0)`,
            usingMetrics: { duration: p99Duration, invocations },
            ...period,
            label: `${fn.label} duration p99 (ms)`,
          }),
          threshold: limit,
          periods: p99.periods,
          description:
            `The slowest 1% of Lambda ${fn.label}'s invocations took ${limit} ms or more (${Math.round(
              p99.shareOfTimeout * 100,
            )}% of its ${timeoutMs / 1000} s timeout) for ${p99.periods} × 5 minutes: the next slow ones time out. ` +
            'Its X-Ray traces show which call waits (DynamoDB, Cognito, SES, Stripe, the AI model).',
        });
      }
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
    this.alarm('data', 'DynamoDbThrottles', 'dynamodb-throttles', {
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
        'that still fail answer 503. Find the hot keys with CloudWatch Contributor Insights (on for the table and ' +
        `its index ${GSI1}, throttled keys only: CloudWatch > Contributor Insights, the rules named after the ` +
        "table); for a planned burst raise the table's warm throughput.",
    });

    const streamConsumers = streamConsumersOf(stack, functionMetrics);
    for (const { fn, iteratorAge } of streamConsumers) {
      this.alarm('data', `IteratorAge${idOf(fn.label)}`, `stream-iterator-age-${nameOf(fn.label)}`, {
        metric: iteratorAge,
        threshold: STREAM_ITERATOR_AGE_MS,
        description:
          `The table stream's oldest record waiting for ${fn.label} is ${STREAM_ITERATOR_AGE_MS / 60_000} minutes ` +
          'old or more: the outbox events (emails, live updates, the founder directory) lag behind the writes. A ' +
          "batch that keeps failing is retried from the failed record and holds the rest back: see the function's " +
          "errors alarm and logs. Records past the mapping's maximum record age go to its dead-letter queue unhandled.",
      });
    }

    this.watchAi();
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
      this.alarm('data', `DeadLetters${idOf(queue.label)}`, `dead-letters-${nameOf(queue.label)}`, {
        metric,
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        description: `Dead letters in ${queue.label}: an event failed every retry. Inspect and redrive the messages.`,
      });
    }

    this.page = this.composites();
    this.addDashboard(functionMetrics, depths, streamConsumers);
  }

  /**
   * One composite per group, without actions, and the stage's one composite over them, with the actions: an outage
   * that sets off many alarms sends one notification when it starts and one when everything is OK again.
   */
  private composites(): CompositeAlarm {
    const groups = [...this.groups.entries()].map(
      ([group, alarms]) =>
        new CompositeAlarm(this, `Composite${idOf(group)}`, {
          compositeAlarmName: `${this.namePrefix}-composite-${group}`,
          alarmRule: AlarmRule.anyOf(...alarms),
          alarmDescription:
            `At least one alarm on ${ALARM_GROUPS[group]} of stage ${this.stageName} is in ALARM. Feeds the ` +
            `stage's ${this.namePrefix}-page alarm; the alarms in ALARM name the cause and say what to do.`,
        }),
    );
    const page = new CompositeAlarm(this, 'Page', {
      compositeAlarmName: `${this.namePrefix}-page`,
      alarmRule: AlarmRule.anyOf(...groups),
      alarmDescription:
        `Preseed ${this.stageName} needs attention: at least one of its alarms is in ALARM. Open the dashboard ` +
        `${this.namePrefix} (CloudWatch > Dashboards): its alarm panel names the alarms in ALARM, and each one's ` +
        'description says what to do (docs/operations.md, "Alarms and what to do"). This notification comes once ' +
        'per outage, and once more when every alarm is OK again.',
    });
    const action = new SnsAction(this.topic);
    page.addAlarmAction(action);
    // The all-clear is news too: whoever was paged learns that it recovered.
    page.addOkAction(action);
    return page;
  }

  /** The AI's fallback rate and Bedrock's throttling, from the business metrics the functions emit. */
  private watchAi(): void {
    const { fallbackRate, bedrockThrottles } = AI_ALARMS;
    this.alarm('ai', 'AiFallbackRate', 'ai-fallback-rate', {
      metric: rateExpression(
        this.businessMetric('aiFallbacks'),
        this.businessMetric('aiCalls'),
        fallbackRate.minCount,
        PERIOD,
        'AI fallback %',
      ),
      threshold: fallbackRate.percent,
      periods: fallbackRate.periods,
      description:
        `More than ${fallbackRate.percent}% of AI calls gave founders no answer (an error message or no suggestions) ` +
        `for ${fallbackRate.periods} × 5 minutes (at least ${fallbackRate.minCount} calls each). The dashboard's ` +
        '"AI fallbacks by reason" says why: throttled (see the bedrock-throttles alarm), timeout or network (the ' +
        "model's Region or the webhook is slow or down), refused or truncated (a prompt or model change: deploy the " +
        'previous commit again). docs/ai.md lists the failures and their messages.',
    });
    this.alarm('ai', 'BedrockThrottles', 'bedrock-throttles', {
      metric: this.businessMetric('aiFallbacks', { reason: 'throttled' }),
      threshold: bedrockThrottles.count,
      periods: bedrockThrottles.periods,
      description:
        `Amazon Bedrock refused at least ${bedrockThrottles.count} calls for load or quota in 5 minutes; those ` +
        "founders were asked to try again. Compare the model's InvocationThrottles and Invocations (CloudWatch > " +
        'AWS/Bedrock) with its quotas (Service Quotas > Amazon Bedrock: requests and tokens per minute for the ' +
        "stage's model) and request more, or move the stage to a cross-Region inference profile (docs/ai.md).",
    });
  }

  /** A business metric of the stage (shared/business-metrics.ts): the stage's total, or one breakdown's value. */
  businessMetric(metric: BusinessMetric, breakdown: Record<string, string> = {}): Metric {
    return new Metric({
      namespace: metricsNamespace(this.stage.name),
      metricName: BUSINESS_METRICS[metric],
      dimensionsMap: { service: METRICS_SERVICE, ...breakdown },
      statistic: 'Sum',
      period: PERIOD,
    });
  }

  private addDashboard(
    functionMetrics: Array<{ fn: WatchedFunction } & ReturnType<typeof lambdaMetrics>>,
    depths: Array<{ queue: Watched<CfnQueue>; metric: Metric }>,
    streamConsumers: Array<{ fn: Watched<CfnResource>; iteratorAge: Metric }>,
  ): void {
    const hour = Duration.hours(1);
    const graph = (title: string, metrics: IMetric[], graphPeriod: Duration = PERIOD) =>
      new GraphWidget({ title, left: metrics, width: 8, height: 6, period: graphPeriod });
    const count = (metric: BusinessMetric, label: string) => this.businessMetric(metric).with({ label, period: hour });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown:
          `# Preseed ${this.stageName}\nThe founder journey per hour, then the API, the functions and the data. ` +
          `One alarm pages: **${this.namePrefix}-page**; the panel on the right shows which alarms feed it now.`,
        width: 16,
        height: 2,
      }),
      new AlarmStatusWidget({
        title: 'Paging alarm and its groups',
        alarms: [...(this.page ? [this.page] : []), ...this.compositeChildren()],
        width: 8,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      graph(
        'Founders: sign-ups, payments (per hour)',
        [count('signUps', 'sign-ups'), count('payments', 'payments')],
        hour,
      ),
      graph(
        'Work: answers saved, unlocks, share views (per hour)',
        [count('answersSaved', 'answers saved'), count('unlocks', 'unlocks'), count('shareViews', 'share views')],
        hour,
      ),
      graph('AI calls and fallbacks (per hour)', [count('aiCalls', 'calls'), count('aiFallbacks', 'fallbacks')], hour),
    );
    this.dashboard.addWidgets(
      graph('API requests', [this.api.metricCount({ statistic: 'Sum' })]),
      graph('API 4xx / 5xx', [
        this.api.metricClientError({ statistic: 'Sum', label: '4xx' }),
        this.api.metricServerError({ statistic: 'Sum', label: '5xx' }),
      ]),
      graph('API latency p95 / p99 (ms)', [
        this.api.metricLatency({ statistic: 'p95', label: 'p95' }),
        this.api.metricLatency({ statistic: 'p99', label: 'p99' }),
      ]),
    );
    this.dashboard.addWidgets(
      graph(
        'Lambda errors',
        functionMetrics.map((m) => m.errors.with({ label: m.fn.label })),
      ),
      graph(
        'Lambda duration p99 (ms)',
        functionMetrics.map((m) => m.p99Duration.with({ label: m.fn.label })),
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
      graph(
        'Table stream iterator age (ms)',
        streamConsumers.map((c) => c.iteratorAge.with({ label: c.fn.label })),
      ),
      new AlarmStatusWidget({ title: `Alarms (${this.stageName})`, alarms: this.alarms, width: 8, height: 6 }),
    );
  }

  private compositeChildren(): IAlarm[] {
    return this.node.children.filter(
      (child): child is CompositeAlarm => child instanceof CompositeAlarm && child !== this.page,
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
    this.alarm('email', 'SesBounceRate', 'ses-bounce-rate', {
      metric: rateExpression(ses('Bounce'), send, sesBounce.minCount, hour, 'SES bounce %'),
      threshold: sesBounce.percent,
      periods: sesBounce.periods,
      description: `More than ${sesBounce.percent}% of the stage's emails bounced in an hour. ${what}`,
    });
    this.alarm('email', 'SesComplaintRate', 'ses-complaint-rate', {
      metric: rateExpression(ses('Complaint'), send, sesComplaint.minCount, hour, 'SES complaint %'),
      threshold: sesComplaint.percent,
      periods: sesComplaint.periods,
      description: `More than ${sesComplaint.percent}% of the stage's emails were marked as spam in an hour. ${what}`,
    });
    const reputation = (metricName: string) =>
      new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: hour });
    this.alarm('email', 'SesReputationBounce', 'ses-account-bounce-rate', {
      metric: reputation('Reputation.BounceRate'),
      threshold: SES_REPUTATION_THRESHOLDS.bounceRate,
      description: `The account's SES bounce rate (all stages in this region) reached 5%, where SES reviews it. ${what}`,
    });
    this.alarm('email', 'SesReputationComplaint', 'ses-account-complaint-rate', {
      metric: reputation('Reputation.ComplaintRate'),
      threshold: SES_REPUTATION_THRESHOLDS.complaintRate,
      description: `The account's SES complaint rate (all stages in this region) reached 0.1%, where SES reviews it. ${what}`,
    });
  }

  private alarm(
    group: AlarmGroup,
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
    // No actions of its own: it feeds its group's composite, and only the stage's page notifies (composites()).
    this.alarms.push(alarm);
    this.groups.set(group, [...(this.groups.get(group) ?? []), alarm]);
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
function lambdaFunctions(stack: Stack): WatchedFunction[] {
  return stack.node
    .findAll()
    .filter(
      (node): node is CfnResource =>
        CfnResource.isCfnResource(node) && node.cfnResourceType === CfnFunction.CFN_RESOURCE_TYPE_NAME,
    )
    .map((node) => {
      const owner = node.node.scope;
      return { label: labelOf(stack, node), node, entry: owner instanceof AppFunction ? owner.entry : undefined };
    });
}

/** A function as the alarms see it: with the module it runs when it is one of ours (AppFunction). */
interface WatchedFunction extends Watched<CfnResource> {
  readonly entry: string | undefined;
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
    p99Duration: metric('Duration', 'p99'),
    throttles: metric('Throttles', 'Sum'),
    iteratorAge: metric('IteratorAge', 'Maximum'),
  };
}

/** A function's timeout in seconds as the template sets it, or 0 when it is not a number written here. */
function timeoutSecondsOf(stack: Stack, fn: Watched<CfnResource>): number {
  const timeout: unknown = fn.node instanceof CfnFunction ? stack.resolve(fn.node.timeout) : undefined;
  return typeof timeout === 'number' ? timeout : 0;
}

/** The functions a DynamoDB stream's event source mapping invokes, each with its IteratorAge. */
function streamConsumersOf<F extends { fn: WatchedFunction; iteratorAge: Metric }>(stack: Stack, functions: F[]): F[] {
  const nodes = stack.node.findAll();
  // A mapping invokes a function's live alias (infra/constructs/releases.ts), written as a name built from the
  // alias's ARN: the alias names its function.
  const functionOfAlias = new Map(
    nodes
      .filter((node): node is CfnAlias => node instanceof CfnAlias)
      .map((alias) => [key(stack, alias.ref), key(stack, alias.functionName)] as const),
  );
  const invoked = new Set(
    nodes
      .filter((node): node is CfnEventSourceMapping => node instanceof CfnEventSourceMapping)
      .filter((mapping) => /stream/i.test(JSON.stringify(stack.resolve(mapping.eventSourceArn))))
      .map((mapping) => key(stack, mapping.functionName))
      .map((target) => [...functionOfAlias].find(([alias]) => target.includes(alias))?.[1] ?? target),
  );
  return functions.filter(({ fn }) => invoked.has(key(stack, fn.node.ref)));
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
