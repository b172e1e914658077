/**
 * The `cdk bootstrap` of one stage (`npm run bootstrap -- --stage <name>`): its own qualifier (infra/stages.ts), so
 * each stage of a shared account gets bootstrap roles that only its deploy role may assume (decision 026), in every
 * Region its stacks deploy into (its own, us-east-1's edge stacks, its backup copies'), under a toolkit stack of its own.
 */
import { toolkitStackNameOf } from '../../infra/stages';
import { type OpsStage, UsageError } from '../lib/stage';

/**
 * What the CloudFormation execution role may do. The stacks create IAM roles, Cognito, CloudFront, WAF, DynamoDB and
 * more; what limits a deploy is who may assume the stage's deploy role (ops/github-oidc), not this policy.
 */
export const EXECUTION_POLICY = 'arn:aws:iam::aws:policy/AdministratorAccess';

/** The CLI's arguments after `cdk`. */
export function bootstrapArgs(stage: OpsStage): string[] {
  if (!stage.account) {
    throw new UsageError(
      `Stage ${stage.name} names no account: set context.stages.${stage.name}.account in cdk.json (step 1) first.`,
    );
  }
  const regions = stage.deployRegions;
  return [
    'bootstrap',
    ...regions.map((region) => `aws://${stage.account}/${region}`),
    '--qualifier',
    stage.bootstrapQualifier,
    '--toolkit-stack-name',
    toolkitStackNameOf(stage),
    '--cloudformation-execution-policies',
    EXECUTION_POLICY,
    // A production stage's bootstrap holds the roles its deploys run as: not deleted by a slip.
    ...(stage.production ? ['--termination-protection'] : []),
  ];
}
