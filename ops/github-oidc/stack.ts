/**
 * GitHub Actions' way into the account without stored keys: the GitHub OIDC provider and, per stage, a
 * deploy role that only the deploy workflow of this repository, in a job running in the stage's GitHub
 * environment (a production stage: with the workflow file from main), can assume, and that can do nothing
 * but assume the stage's own CDK bootstrap roles (its qualifier's, decision 026) in the stage's region and
 * us-east-1 — what `cdk diff` and `cdk deploy` use. Another stage's bootstrap roles in the same account stay
 * out of its reach, so a dev deploy cannot touch prod. What a deploy may change is decided by those
 * bootstrap roles and the environment's protection rules (required reviewers, main branch only).
 */
import { Aws, BootstraplessSynthesizer, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  type IOidcProvider,
  OidcProviderNative,
  PolicyStatement,
  Role,
  WebIdentityPrincipal,
} from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { LIVE_ALIAS } from '../../infra/constructs/function';
import { acknowledge } from '../../infra/constructs/nag';
import { CLOUDFRONT_REGION } from '../../infra/edge-stack';
import { stackName } from '../../infra/stack';
import { BOOTSTRAP_QUALIFIER } from '../../infra/stages';
import { canarySecretName } from '../smoke/checks';

export const GITHUB_OIDC_URL = 'https://token.actions.githubusercontent.com';
const GITHUB_OIDC_HOST = 'token.actions.githubusercontent.com';
/** The audience aws-actions/configure-aws-credentials asks GitHub for. */
export const STS_AUDIENCE = 'sts.amazonaws.com';
export const REPOSITORY = /^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/;

/** The workflow that deploys (.github/workflows/deploy.yml); the roles trust no other. */
export const DEPLOY_WORKFLOW = '.github/workflows/deploy.yml';
/** A production stage deploys only with the workflow file of this branch. */
export const PRODUCTION_REF = 'refs/heads/main';

/**
 * The claims the repository's OIDC subject must carry (`gh api -X PUT repos/<repo>/actions/oidc/customization/sub`,
 * docs/operations.md step 3): GitHub's default subject names the environment but not the workflow nor the ref its
 * file came from, and a manual run takes the workflow file from the branch it is started on.
 */
export const SUBJECT_CLAIM_KEYS = ['repo', 'context', 'job_workflow_ref'] as const;

/**
 * The CDK bootstrap roles a deploy assumes: deploy (CloudFormation, passes the execution role), file publishing (the
 * assets) and lookup (`cdk diff` reads the deployed template with it). No image publishing: the app has no images.
 */
export const BOOTSTRAP_ROLE_KINDS = ['deploy-role', 'file-publishing-role', 'lookup-role'] as const;

export interface DeployStage {
  readonly name: string;
  readonly region: string;
  /** Every Region the stage's stacks deploy into (`deployRegionsOf`, infra/stack.ts); default: its own and us-east-1. */
  readonly deployRegions?: readonly string[];
  /** The stage's CDK bootstrap qualifier (infra/stages.ts). */
  readonly bootstrapQualifier: string;
  /** A production stage's role trusts only the deploy workflow's file from main. */
  readonly production: boolean;
}

export interface GithubDeployStackProps extends StackProps {
  /** `owner/repo` on GitHub. */
  readonly repository: string;
  readonly stages: readonly DeployStage[];
  /** An account holds one provider per URL: pass the existing one's ARN instead of creating another. */
  readonly existingProviderArn?: string;
}

export const deployRoleName = (stage: string): string => `preseed-${stage}-github-deploy`;
/** The read-only role of the diff job; its ARN is derived from the stage's account, so it needs no variable. */
export const diffRoleName = (stage: string): string => `preseed-${stage}-github-diff`;
/**
 * The deploy job's role for what runs around `cdk deploy` (ops/bundle): recording the live aliases, the smoke
 * checks, and moving the aliases back when they fail. Trusted like the deploy role; derived from the account.
 */
export const releaseRoleName = (stage: string): string => `preseed-${stage}-github-release`;
/** The GitHub environment of a stage's diff job: without reviewers, so the diff exists before the approval. */
export const diffEnvironment = (stage: string): string => `${stage}-diff`;

/**
 * The subject GitHub puts in the token of a job of the deploy workflow that runs in the stage's environment, once
 * the repository's subject carries SUBJECT_CLAIM_KEYS; `ref` is where the workflow file came from (`*`: any).
 */
export const deploySubject = (repository: string, environment: string, ref: string): string =>
  `repo:${repository}:environment:${environment}:job_workflow_ref:${repository}/${DEPLOY_WORKFLOW}@${ref}`;

/** One bootstrap role of a qualifier in one region, e.g. `cdk-prod-deploy-role-<account>-eu-central-1`. */
export const bootstrapRoleName = (qualifier: string, kind: string, account: string, region: string): string =>
  `cdk-${qualifier}-${kind}-${account}-${region}`;

export class GithubDeployStack extends Stack {
  readonly provider: IOidcProvider;
  readonly roles: Record<string, Role> = {};
  readonly diffRoles: Record<string, Role> = {};
  readonly releaseRoles: Record<string, Role> = {};

  constructor(scope: Construct, id: string, props: GithubDeployStackProps) {
    // Deployed by an administrator with their own credentials, and into no stage's bootstrap: each stage's
    // bootstrap belongs to that stage (its qualifier), and this stack serves every stage of the account.
    super(scope, id, { synthesizer: new BootstraplessSynthesizer(), ...props });
    if (!REPOSITORY.test(props.repository)) {
      throw new Error(`repository must be owner/repo, got ${JSON.stringify(props.repository)}`);
    }
    if (props.stages.length === 0) throw new Error('name at least one stage to deploy from GitHub');
    const qualifiers = props.stages.map((stage) => stage.bootstrapQualifier);
    for (const qualifier of qualifiers) {
      if (!BOOTSTRAP_QUALIFIER.test(qualifier)) throw new Error(`not a bootstrap qualifier: ${qualifier}`);
    }
    if (new Set(qualifiers).size !== qualifiers.length) {
      throw new Error(`each stage needs a bootstrap qualifier of its own, got ${qualifiers.join(', ')}`);
    }

    this.provider = props.existingProviderArn
      ? OidcProviderNative.fromOidcProviderArn(this, 'GitHubOidc', props.existingProviderArn)
      : new OidcProviderNative(this, 'GitHubOidc', { url: GITHUB_OIDC_URL, clientIds: [STS_AUDIENCE] });
    if (!props.existingProviderArn) new CfnOutput(this, 'OidcProviderArn', { value: this.provider.oidcProviderArn });

    for (const stage of props.stages) {
      const regions = [...new Set([stage.region, CLOUDFRONT_REGION, ...(stage.deployRegions ?? [])])];
      const role = this.stageRole(props.repository, stage, {
        id: `Deploy-${stage.name}`,
        roleName: deployRoleName(stage.name),
        environment: stage.name,
        description: `GitHub Actions deploys of Preseed ${stage.name} from ${props.repository}`,
        bootstrapRoles: regions.flatMap((region) => BOOTSTRAP_ROLE_KINDS.map((kind) => ({ kind, region }))),
      });
      this.roles[stage.name] = role;
      new CfnOutput(this, `DeployRoleArn${stage.name}`, {
        value: role.roleArn,
        description: `AWS_DEPLOY_ROLE_ARN of the GitHub environment "${stage.name}"`,
      });
      // The diff before the approval runs in an environment without reviewers, and may only read (the lookup role).
      this.diffRoles[stage.name] = this.stageRole(props.repository, stage, {
        id: `Diff-${stage.name}`,
        roleName: diffRoleName(stage.name),
        environment: diffEnvironment(stage.name),
        description: `GitHub Actions diffs of Preseed ${stage.name} from ${props.repository}: read only`,
        bootstrapRoles: regions.map((region) => ({ kind: 'lookup-role', region })),
      });
      this.releaseRoles[stage.name] = this.releaseRole(props.repository, stage);
    }
  }

  /**
   * May read the stage's own stack and its canary secret, and read or move its functions' `live` aliases, in the
   * stage's Region, nothing else: no bootstrap role, no template change, no other stage's functions (stage names
   * have no hyphen, so `Preseed-dev-*` never matches another stage's stack).
   */
  private releaseRole(repository: string, stage: DeployStage): Role {
    const role = this.stageRole(repository, stage, {
      id: `Release-${stage.name}`,
      roleName: releaseRoleName(stage.name),
      environment: stage.name,
      description: `GitHub Actions release steps of Preseed ${stage.name}: alias snapshot, smoke checks, rollback`,
      bootstrapRoles: [],
    });
    const stack = stackName(stage);
    // Each grant names one resource pattern; its wildcard is explained where cdk-nag asks (AwsSolutions-IAM5).
    const grants = [
      {
        service: 'cloudformation',
        actions: ['cloudformation:DescribeStacks', 'cloudformation:ListStackResources'],
        resource: `stack/${stack}/*`,
        why: "a stack's ARN ends in the id CloudFormation gave it; the name is the stage's own stack",
      },
      {
        service: 'lambda',
        actions: ['lambda:GetAlias', 'lambda:UpdateAlias'],
        resource: `function:${stack}-*:${LIVE_ALIAS}`,
        why: "CloudFormation names the stage's functions after its stack plus a generated suffix; only their live alias",
      },
      {
        service: 'secretsmanager',
        actions: ['secretsmanager:GetSecretValue'],
        resource: `secret:${canarySecretName(stage.name)}-??????`,
        why: "Secrets Manager appends six random characters to a secret's name in its ARN",
      },
    ];
    for (const { service, actions, resource } of grants) {
      const arn = `arn:${Aws.PARTITION}:${service}:${stage.region}:${Aws.ACCOUNT_ID}:${resource}`;
      role.addToPolicy(new PolicyStatement({ actions, resources: [arn] }));
    }
    const policy = role.node.findChild('DefaultPolicy');
    for (const { service, resource, why } of grants) {
      const arn = `arn:<AWS::Partition>:${service}:${stage.region}:<AWS::AccountId>:${resource}`;
      acknowledge(policy, `AwsSolutions-IAM5[Resource::${arn}]`, why);
    }
    return role;
  }

  /**
   * A role only the deploy workflow in `environment` can assume (a production stage's: with main's workflow file),
   * that may assume these bootstrap roles of the stage and nothing else (none: only what the caller then grants).
   */
  private stageRole(
    repository: string,
    stage: DeployStage,
    spec: {
      id: string;
      roleName: string;
      environment: string;
      description: string;
      bootstrapRoles: { kind: string; region: string }[];
    },
  ): Role {
    const role = new Role(this, spec.id, {
      roleName: spec.roleName,
      description: spec.description,
      maxSessionDuration: Duration.hours(1),
      assumedBy: new WebIdentityPrincipal(
        this.provider.oidcProviderArn,
        stage.production
          ? {
              StringEquals: {
                [`${GITHUB_OIDC_HOST}:aud`]: STS_AUDIENCE,
                [`${GITHUB_OIDC_HOST}:sub`]: deploySubject(repository, spec.environment, PRODUCTION_REF),
              },
            }
          : {
              StringEquals: { [`${GITHUB_OIDC_HOST}:aud`]: STS_AUDIENCE },
              // Any branch's deploy workflow: the environment (and so the stage) is still fixed before the ref.
              StringLike: { [`${GITHUB_OIDC_HOST}:sub`]: deploySubject(repository, spec.environment, '*') },
            },
      ),
    });
    if (spec.bootstrapRoles.length === 0) return role;
    role.addToPolicy(
      new PolicyStatement({
        actions: ['sts:AssumeRole', 'sts:TagSession'],
        // Named one by one: a wildcard on the qualifier would reach the other stages' bootstrap roles.
        resources: spec.bootstrapRoles.map(
          ({ kind, region }) =>
            `arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/${bootstrapRoleName(stage.bootstrapQualifier, kind, Aws.ACCOUNT_ID, region)}`,
        ),
      }),
    );
    return role;
  }
}
