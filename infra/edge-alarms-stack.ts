import { Duration, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import {
  Alarm,
  AlarmRule,
  ComparisonOperator,
  CompositeAlarm,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { acknowledge } from './constructs/nag';
import { resourcePrefix, type StageConfig } from './stages';

export interface EdgeAlarmsStackProps extends StackProps {
  readonly stage: StageConfig;
  /** The site's distribution (in the stage's stack). */
  readonly distributionId: string;
  /** The name of the site's WAF web ACL (in the edge stack). */
  readonly webAclName: string;
}

export const edgeAlarmsStackName = (stage: StageConfig): string => `Preseed-${stage.name}-edge-alarms`;

const PERIOD = Duration.minutes(5);

/** The CloudFront and WAF alarms' thresholds. */
export const EDGE_ALARMS = {
  /** CloudFront's 5xxErrorRate (a percentage) with at least minRequests requests in each 5 minutes. */
  cloudFront5xx: { percent: 5, minRequests: 20, periods: 2 },
  /** Requests the web ACL blocked in 5 minutes, twice in a row: an attack or a rule blocking real users. */
  wafBlocked: { count: 100, periods: 2 },
} as const;

/**
 * Alarms on what only us-east-1 measures: CloudFront's and WAF's (scope CLOUDFRONT) metrics live there, and an
 * alarm reads metrics of its own region only. A stack of its own, deployed after the stage's stack (it needs the
 * distribution's id, while the edge stack must come before it), with its own topic: SNS delivers an alarm only
 * from a topic in the alarm's region, so the alarm address confirms a second subscription.
 *
 * Like the stage's alarms (observability.ts), the alarms here have no actions: they feed one composite, which pages.
 * A composite can only watch alarms of its own region, so the edge pages on its own: an outage seen at both ends (the
 * API failing, so CloudFront answers 5xx too) sends at most two notifications, one per region (decision 028).
 */
export class EdgeAlarmsStack extends Stack {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  /** The one alarm of this region with actions (see the class comment). */
  readonly page: CompositeAlarm;

  constructor(scope: Construct, id: string, props: EdgeAlarmsStackProps) {
    super(scope, id, props);
    const { stage } = props;
    this.topic = new Topic(this, 'AlarmTopic', { displayName: `Preseed ${stage.name} edge alarms`, enforceSSL: true });
    acknowledge(
      this.topic,
      'AwsSolutions-SNS2',
      'Alarm notifications carry alarm names and metric values only, no customer data. CloudWatch cannot publish ' +
        'to a topic encrypted with the AWS-managed SNS key, and a customer-managed key would exist only for this.',
    );
    if (stage.alarmEmail) this.topic.addSubscription(new EmailSubscription(stage.alarmEmail));

    const cloudFront = (metricName: string, statistic: string) =>
      new Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        statistic,
        period: PERIOD,
      });
    const cf = EDGE_ALARMS.cloudFront5xx;
    // 5xxErrorRate is a percentage already: the expression only holds it at 0 while traffic is too low.
    this.alarm(stage, 'CloudFront5xxRate', 'cloudfront-5xx-rate', {
      metric: new MathExpression({
        expression: `IF(requests >= ${cf.minRequests}, rate, 0)`,
        usingMetrics: { rate: cloudFront('5xxErrorRate', 'Average'), requests: cloudFront('Requests', 'Sum') },
        period: PERIOD,
        label: 'CloudFront 5xx %',
      }),
      threshold: cf.percent,
      periods: cf.periods,
      description:
        `More than ${cf.percent}% of the site's requests answered 5xx at CloudFront for ${cf.periods} × 5 minutes. ` +
        "If the stage's api-5xx-rate alarm fires too, the API fails (see its description); otherwise CloudFront " +
        'cannot reach an origin: check the site bucket (a failed deploy emptied it?) and the API origin, and the ' +
        "distribution's standard logs in the access-log bucket (prefix cloudfront/).",
    });

    const waf = EDGE_ALARMS.wafBlocked;
    this.alarm(stage, 'WafBlocked', 'waf-blocked-requests', {
      metric: new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: props.webAclName, Rule: 'ALL' },
        statistic: 'Sum',
        period: PERIOD,
      }),
      threshold: waf.count,
      periods: waf.periods,
      description:
        `The site's web ACL blocked at least ${waf.count} requests in each of ${waf.periods} × 5 minutes. Open the ` +
        'web ACL in the WAF console (us-east-1) > Traffic overview / Sampled requests: many addresses on the rate ' +
        'rules mean an attack (the limits hold; consider a stricter stage `waf` setting), one rule blocking ordinary ' +
        'pages or uploads means a rule to tune (infra/constructs/waf.ts).',
    });

    this.page = new CompositeAlarm(this, 'Page', {
      compositeAlarmName: `${resourcePrefix(stage)}-edge-page`,
      alarmRule: AlarmRule.anyOf(...this.alarms),
      alarmDescription:
        `Preseed ${stage.name}'s site needs attention at the edge (CloudFront or WAF, us-east-1): at least one of its ` +
        "alarms is in ALARM; each one's description says what to do. If the stage's own page came at the same time, " +
        'it is the same outage: start there (the API). Sent once per outage, and once more when all is OK again.',
    });
    const action = new SnsAction(this.topic);
    this.page.addAlarmAction(action);
    this.page.addOkAction(action);

    Tags.of(this).add('project', 'preseed');
    Tags.of(this).add('stage', stage.name);
  }

  private alarm(
    stage: StageConfig,
    id: string,
    name: string,
    props: { metric: IMetric; threshold: number; periods: number; description: string },
  ): void {
    const alarm = new Alarm(this, id, {
      alarmName: `${resourcePrefix(stage)}-${name}`,
      metric: props.metric,
      threshold: props.threshold,
      evaluationPeriods: props.periods,
      datapointsToAlarm: props.periods,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: props.description,
    });
    // Feeds the page composite only.
    this.alarms.push(alarm);
  }
}
