/**
 * The alarm topics' email subscriptions, after the first deploy: SNS delivers nothing to an address until its owner
 * has clicked the link SNS mailed, so an unconfirmed subscription is an alarm nobody receives.
 */
import { ListStackResourcesCommand, type StackResourceSummary } from '@aws-sdk/client-cloudformation';
import { ListSubscriptionsByTopicCommand, type Subscription } from '@aws-sdk/client-sns';
import { CLOUDFRONT_REGION } from '../../infra/edge-stack';
import { isStackMissing } from '../lib/cloudformation';
import { afterFirstDeploy, type CheckResult, fail, type PreflightContext, pass } from './check';

/** The stacks that hold an alarm topic: the stage's own and the edge alarms in us-east-1. */
const alarmStacks = (ctx: PreflightContext) => [
  { region: ctx.stage.region, stackName: ctx.stage.stackName },
  { region: CLOUDFRONT_REGION, stackName: ctx.stage.edgeAlarmsStackName },
];

async function topicsOf(ctx: PreflightContext, region: string, stackName: string): Promise<string[] | null> {
  const resources: StackResourceSummary[] = [];
  let NextToken: string | undefined;
  try {
    do {
      const out = await ctx.clients
        .cloudFormationIn(region)
        .send(new ListStackResourcesCommand({ StackName: stackName, NextToken }));
      resources.push(...(out.StackResourceSummaries ?? []));
      NextToken = out.NextToken;
    } while (NextToken);
  } catch (err) {
    if (isStackMissing(err)) return null;
    throw err;
  }
  return resources
    .filter((r) => r.ResourceType === 'AWS::SNS::Topic' && r.PhysicalResourceId)
    .map((r) => r.PhysicalResourceId as string);
}

async function subscriptionsOf(ctx: PreflightContext, region: string, topicArn: string): Promise<Subscription[]> {
  const subscriptions: Subscription[] = [];
  let NextToken: string | undefined;
  do {
    const out = await ctx.clients
      .sns(region)
      .send(new ListSubscriptionsByTopicCommand({ TopicArn: topicArn, NextToken }));
    subscriptions.push(...(out.Subscriptions ?? []));
    NextToken = out.NextToken;
  } while (NextToken);
  return subscriptions;
}

export async function checkAlarmSubscriptions(ctx: PreflightContext): Promise<CheckResult[]> {
  const { stage } = ctx;
  const email = stage.alarmEmail;
  if (!email) return [pass('Alarm subscriptions', 'the stage sends alarms to nobody (no alarmEmail)')];
  if (ctx.phase === 'before-first-deploy') {
    return [afterFirstDeploy('Alarm subscriptions', `confirm the links SNS mails to ${email}`)];
  }
  const results: CheckResult[] = [];
  for (const { region, stackName } of alarmStacks(ctx)) {
    const name = `Alarm subscriptions ${stackName}`;
    const topics = await topicsOf(ctx, region, stackName);
    if (topics === null) {
      results.push(fail(name, `stack ${stackName} is not deployed in ${region}`, 'deploy the stage (step 8)'));
      continue;
    }
    for (const topic of topics) {
      const mine = (await subscriptionsOf(ctx, region, topic)).filter(
        (s) => s.Protocol === 'email' && s.Endpoint?.toLowerCase() === email.toLowerCase(),
      );
      const topicName = topic.split(':').at(-1);
      if (mine.length === 0) {
        results.push(fail(name, `${topicName} has no email subscription for ${email}`, 'deploy the stage again'));
      } else if (mine.every((s) => s.SubscriptionArn === 'PendingConfirmation')) {
        results.push(
          fail(
            name,
            `${email} has not confirmed ${topicName}: its alarms reach nobody`,
            `open the link in the "AWS Notification - Subscription Confirmation" mail to ${email} (check the spam folder)`,
          ),
        );
      } else {
        results.push(pass(name, `${email} confirmed ${topicName}`));
      }
    }
  }
  return results;
}
