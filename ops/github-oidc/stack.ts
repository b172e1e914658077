/**
 * GitHub Actions' way into the account without stored keys: the GitHub OIDC provider and, per stage, a
 * deploy role that only this repository's workflow jobs running in the stage's GitHub environment can
 * assume, and that can do nothing but assume the CDK bootstrap roles of the stage's region and
 * us-east-1 (what `cdk diff` and `cdk deploy` use). What a deploy may change is decided by those
 * bootstrap roles and the environment's protection rules (required reviewers, main branch only),
 * not here.
 */
import { Aws, CfnOutput, DefaultStackSynthesizer, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  type IOidcProvider,
  OidcProviderNative,
  PolicyStatement,
  Role,
  WebIdentityPrincipal,
} from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { acknowledge } from '../../infra/constructs/nag';
import { CLOUDFRONT_REGION } from '../../infra/edge-stack';

export const GITHUB_OIDC_URL = 'https://token.actions.githubusercontent.com';
const GITHUB_OIDC_HOST = 'token.actions.githubusercontent.com';
/** The audience aws-actions/configure-aws-credentials asks GitHub for. */
export const STS_AUDIENCE = 'sts.amazonaws.com';
export const REPOSITORY = /^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/;

export interface DeployStage {
  readonly name: string;
  readonly region: string;
}

export interface GithubDeployStackProps extends StackProps {
  /** `owner/repo` on GitHub. */
  readonly repository: string;
  readonly stages: readonly DeployStage[];
  /** An account holds one provider per URL: pass the existing one's ARN instead of creating another. */
  readonly existingProviderArn?: string;
}

export const deployRoleName = (stage: string): string => `preseed-${stage}-github-deploy`;

/** The subject GitHub puts in the token of a job that runs in the stage's environment. */
export const environmentSubject = (repository: string, stage: string): string =>
  `repo:${repository}:environment:${stage}`;

export class GithubDeployStack extends Stack {
  readonly provider: IOidcProvider;
  readonly roles: Record<string, Role> = {};

  constructor(scope: Construct, id: string, props: GithubDeployStackProps) {
    super(scope, id, props);
    if (!REPOSITORY.test(props.repository)) {
      throw new Error(`repository must be owner/repo, got ${JSON.stringify(props.repository)}`);
    }
    if (props.stages.length === 0) throw new Error('name at least one stage to deploy from GitHub');

    this.provider = props.existingProviderArn
      ? OidcProviderNative.fromOidcProviderArn(this, 'GitHubOidc', props.existingProviderArn)
      : new OidcProviderNative(this, 'GitHubOidc', { url: GITHUB_OIDC_URL, clientIds: [STS_AUDIENCE] });
    if (!props.existingProviderArn) new CfnOutput(this, 'OidcProviderArn', { value: this.provider.oidcProviderArn });

    const qualifier = DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    for (const stage of props.stages) {
      const role = new Role(this, `Deploy-${stage.name}`, {
        roleName: deployRoleName(stage.name),
        description: `GitHub Actions deploys of Preseed ${stage.name} from ${props.repository}`,
        maxSessionDuration: Duration.hours(1),
        assumedBy: new WebIdentityPrincipal(this.provider.oidcProviderArn, {
          StringEquals: {
            [`${GITHUB_OIDC_HOST}:aud`]: STS_AUDIENCE,
            [`${GITHUB_OIDC_HOST}:sub`]: environmentSubject(props.repository, stage.name),
          },
        }),
      });
      const regions = [...new Set([stage.region, CLOUDFRONT_REGION])];
      role.addToPolicy(
        new PolicyStatement({
          actions: ['sts:AssumeRole', 'sts:TagSession'],
          resources: regions.map(
            (region) =>
              `arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/cdk-${qualifier}-*-${Aws.ACCOUNT_ID}-${region}`,
          ),
        }),
      );
      for (const region of regions) {
        acknowledge(
          role,
          `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:iam::<AWS::AccountId>:role/cdk-${qualifier}-*-<AWS::AccountId>-${region}]`,
          "The CDK bootstrap roles (deploy, lookup, file and image publishing) of one of the stage's two regions; the wildcard is the role kind only.",
        );
      }
      this.roles[stage.name] = role;
      new CfnOutput(this, `DeployRoleArn${stage.name}`, {
        value: role.roleArn,
        description: `AWS_DEPLOY_ROLE_ARN of the GitHub environment "${stage.name}"`,
      });
    }
  }
}
