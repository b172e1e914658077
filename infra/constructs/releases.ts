/**
 * Releases of the stage's functions: every invoker calls a function's `live` alias (AppFunction.live), and CodeDeploy
 * moves that alias from the deployed version to the new one — on a production stage 10 % of the traffic for 5
 * minutes first, elsewhere all at once — and moves it back by itself when the alias's errors alarm meanwhile, or when
 * the deploy fails or is stopped. A bad release reverts in minutes, without a revert commit (decision 026).
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import {
  type ILambdaDeploymentConfig,
  LambdaApplication,
  LambdaDeploymentConfig,
  LambdaDeploymentGroup,
} from 'aws-cdk-lib/aws-codedeploy';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { resourcePrefix, type StageConfig } from '../stages';
import { AppFunction } from './function';
import { acknowledge } from './nag';

/** How CodeDeploy shifts a stage's aliases to a new version. */
export const deploymentConfigOf = (stage: Pick<StageConfig, 'production'>): ILambdaDeploymentConfig =>
  stage.production ? LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES : LambdaDeploymentConfig.ALL_AT_ONCE;

/**
 * A release rolls back on the first minute with an error on the alias: Lambda counts only unhandled failures and
 * timeouts as errors (the handlers answer bad input and unavailable dependencies with 4xx/503, which are not).
 */
export const RELEASE_ALARM = { periodMinutes: 1, errors: 1 } as const;

/** Every AppFunction under `scope`, after all of them exist. */
export const appFunctionsIn = (scope: Construct): AppFunction[] =>
  scope.node.findAll().filter((node): node is AppFunction => node instanceof AppFunction);

/** One CodeDeploy application for the stage, one deployment group (and its alarm) per function, beside the function. */
export function addReleases(scope: Construct, stage: StageConfig, functions: readonly AppFunction[]): void {
  const application = new LambdaApplication(scope, 'Releases', {
    applicationName: `${resourcePrefix(stage)}-functions`,
  });
  const deploymentConfig = deploymentConfigOf(stage);
  // One service role for every deployment group (CDK would make one each): the stack stays under CloudFormation's
  // 500 resources, and every group needs exactly the same CodeDeploy-for-Lambda policy.
  const role = new Role(scope, 'ReleasesRole', {
    assumedBy: new ServicePrincipal('codedeploy.amazonaws.com'),
    managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSCodeDeployRoleForLambdaLimited')],
  });
  acknowledge(
    role,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
    "CodeDeploy's own policy for Lambda deployments: it may update aliases and read alarms, scoped by AWS to what a " +
      'Lambda deployment needs.',
  );
  for (const fn of functions) {
    const alarm = new Alarm(fn, 'ReleaseErrors', {
      alarmDescription:
        `Errors on ${fn.node.path}'s live alias: during a release CodeDeploy moves the alias back to the ` +
        'previous version. Outside one it notifies no one (the error-rate alarms do).',
      metric: fn.live.metricErrors({ period: Duration.minutes(RELEASE_ALARM.periodMinutes), statistic: 'Sum' }),
      threshold: RELEASE_ALARM.errors,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    new LambdaDeploymentGroup(fn, 'Release', {
      application,
      alias: fn.live,
      deploymentConfig,
      role,
      alarms: [alarm],
      autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
    });
  }
}
