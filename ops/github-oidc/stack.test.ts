import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { BOOTSTRAP_ROLE_KINDS, bootstrapRoleName, GithubDeployStack, type GithubDeployStackProps } from './stack';

const ACCOUNT = '111122223333';
const PROVIDER_ARN = `arn:aws:iam::${ACCOUNT}:oidc-provider/token.actions.githubusercontent.com`;
const DEV = { name: 'dev', region: 'eu-central-1', bootstrapQualifier: 'dev', production: false };
const PROD = { name: 'prod', region: 'eu-central-1', bootstrapQualifier: 'prod', production: true };

function synth(props: Partial<GithubDeployStackProps> = {}): Template {
  const app = new App();
  const stack = new GithubDeployStack(app, 'Preseed-github-deploy', {
    repository: 'acme/preseed',
    // One account, one region: the case where only the qualifiers keep the stages apart.
    stages: [DEV, PROD],
    env: { account: ACCOUNT, region: 'eu-central-1' },
    ...props,
  });
  // The same cdk-nag pack as the product's stacks: synthesis throws on an unacknowledged finding.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return Template.fromStack(stack);
}

interface Statement {
  Action: string | string[];
  Effect: string;
  Resource?: unknown;
  Principal?: { Federated?: unknown };
  Condition?: Record<string, Record<string, string>>;
}
interface RoleProps {
  RoleName: string;
  AssumeRolePolicyDocument: { Statement: Statement[] };
}
interface PolicyProps {
  PolicyDocument: { Statement: Statement[] };
  Roles: { Ref: string }[];
}

/** A template value as IAM sees it in the account: joins joined, the partition resolved. */
function resolve(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map(resolve).join(join[0]);
  const ref = (value as { Ref?: string }).Ref;
  if (ref === 'AWS::Partition') return 'aws';
  if (ref === 'AWS::AccountId') return ACCOUNT;
  throw new Error(`cannot resolve ${JSON.stringify(value)}`);
}

/** IAM's resource match: `*` any run of characters, `?` one. */
const matches = (pattern: string, arn: string): boolean =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  ).test(arn);

/** Whether the role named `roleName` may sts:AssumeRole `target` (Allow statements only: the stack writes no Deny). */
function mayAssume(template: Template, roleName: string, target: string): boolean {
  return policyStatementsOf(template, roleName).some(
    (st) =>
      st.Effect === 'Allow' &&
      [st.Action].flat().some((a) => a === 'sts:AssumeRole' || a === 'sts:*' || a === '*') &&
      [st.Resource].flat().some((r) => matches(resolve(r), target)),
  );
}

const bootstrapRoleArns = (qualifier: string, region: string): string[] =>
  [...BOOTSTRAP_ROLE_KINDS, 'cfn-exec-role', 'image-publishing-role'].map(
    (kind) => `arn:aws:iam::${ACCOUNT}:role/${bootstrapRoleName(qualifier, kind, ACCOUNT, region)}`,
  );

function rolesOf(template: Template): Record<string, RoleProps> {
  const found: Record<string, { Properties?: unknown }> = template.findResources('AWS::IAM::Role');
  return Object.fromEntries(
    Object.values(found).map(({ Properties }) => [(Properties as RoleProps).RoleName, Properties as RoleProps]),
  );
}

function logicalIdOf(template: Template, roleName: string): string {
  const roles: Record<string, { Properties?: unknown }> = template.findResources('AWS::IAM::Role');
  const id = Object.entries(roles).find(([, r]) => (r.Properties as RoleProps).RoleName === roleName)?.[0];
  if (!id) throw new Error(`no role ${roleName}`);
  return id;
}

/** Whether the role may call `action` on `arn` (Allow statements only: the stack writes no Deny). */
function may(template: Template, roleName: string, action: string, arn: string): boolean {
  return policyStatementsOf(template, roleName).some(
    (st) =>
      st.Effect === 'Allow' &&
      [st.Action].flat().some((a) => matches(a, action)) &&
      [st.Resource].flat().some((r) => matches(resolve(r), arn)),
  );
}

/** The statements of every policy attached to the role. */
function policyStatementsOf(template: Template, roleName: string): Statement[] {
  const id = logicalIdOf(template, roleName);
  const found: Record<string, { Properties?: unknown }> = template.findResources('AWS::IAM::Policy');
  return Object.values(found)
    .map((p) => p.Properties as PolicyProps)
    .filter((p) => p.Roles.some((r) => r.Ref === id))
    .flatMap((p) => p.PolicyDocument.Statement);
}

// The first synthesis loads aws-cdk-lib and cdk-nag: seconds on a busy machine.
describe('GitHub OIDC deploy stack', { timeout: 60_000 }, () => {
  it("creates GitHub's OIDC provider for STS's audience", () => {
    synth().hasResourceProperties('AWS::IAM::OIDCProvider', {
      Url: 'https://token.actions.githubusercontent.com',
      ClientIdList: ['sts.amazonaws.com'],
    });
  });

  it("lets only the deploy workflow in the stage's environment assume its role, prod's only with main's file", () => {
    const roles = rolesOf(synth());
    expect(Object.keys(roles).sort()).toEqual([
      'preseed-dev-github-deploy',
      'preseed-dev-github-diff',
      'preseed-dev-github-release',
      'preseed-prod-github-deploy',
      'preseed-prod-github-diff',
      'preseed-prod-github-release',
    ]);
    const [trust, ...more] = roles['preseed-prod-github-deploy']?.AssumeRolePolicyDocument.Statement ?? [];
    expect(more).toEqual([]);
    expect(trust).toMatchObject({ Action: 'sts:AssumeRoleWithWebIdentity', Effect: 'Allow' });
    expect(trust?.Condition).toEqual({
      StringEquals: {
        'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
        'token.actions.githubusercontent.com:sub':
          'repo:acme/preseed:environment:prod:job_workflow_ref:acme/preseed/.github/workflows/deploy.yml@refs/heads/main',
      },
    });
    expect(roles['preseed-dev-github-deploy']?.AssumeRolePolicyDocument.Statement[0]?.Condition).toEqual({
      StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com' },
      StringLike: {
        'token.actions.githubusercontent.com:sub':
          'repo:acme/preseed:environment:dev:job_workflow_ref:acme/preseed/.github/workflows/deploy.yml@*',
      },
    });
    // The diff job's role: its own environment (no reviewers), the same workflow and ref rule.
    expect(roles['preseed-prod-github-diff']?.AssumeRolePolicyDocument.Statement[0]?.Condition?.StringEquals).toEqual({
      'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
      'token.actions.githubusercontent.com:sub':
        'repo:acme/preseed:environment:prod-diff:job_workflow_ref:acme/preseed/.github/workflows/deploy.yml@refs/heads/main',
    });
  });

  it("lets the release role move only its own stage's live aliases, read its stack and canary, and deploy nothing", () => {
    const template = synth();
    const roles = rolesOf(template);
    // Trusted exactly as the stage's deploy role: the deploy job, in the stage's environment.
    for (const stage of ['dev', 'prod']) {
      expect(roles[`preseed-${stage}-github-release`]?.AssumeRolePolicyDocument).toEqual(
        roles[`preseed-${stage}-github-deploy`]?.AssumeRolePolicyDocument,
      );
    }
    const role = 'preseed-prod-github-release';
    const fn = (name: string, region = 'eu-central-1') => `arn:aws:lambda:${region}:${ACCOUNT}:function:${name}`;
    for (const action of ['lambda:GetAlias', 'lambda:UpdateAlias']) {
      expect(may(template, role, action, fn('Preseed-prod-ApiJourney1A2B3C-xyz:live')), action).toBe(true);
      expect(may(template, role, action, fn('Preseed-dev-ApiJourney1A2B3C-xyz:live')), action).toBe(false);
      expect(may(template, role, action, fn('Preseed-prod-ApiJourney1A2B3C-xyz:live', 'eu-west-1')), action).toBe(
        false,
      );
      expect(may(template, role, action, fn('Preseed-prod-ApiJourney1A2B3C-xyz:other')), action).toBe(false);
    }
    expect(may(template, role, 'lambda:UpdateFunctionCode', fn('Preseed-prod-ApiJourney1A2B3C-xyz'))).toBe(false);
    expect(may(template, role, 'lambda:UpdateAlias', fn('Preseed-prod-ApiJourney1A2B3C-xyz'))).toBe(false);
    const stack = (name: string) => `arn:aws:cloudformation:eu-central-1:${ACCOUNT}:stack/${name}/0d4e-11ef`;
    expect(may(template, role, 'cloudformation:ListStackResources', stack('Preseed-prod'))).toBe(true);
    expect(may(template, role, 'cloudformation:DescribeStacks', stack('Preseed-prod'))).toBe(true);
    expect(may(template, role, 'cloudformation:DescribeStacks', stack('Preseed-dev'))).toBe(false);
    expect(may(template, role, 'cloudformation:UpdateStack', stack('Preseed-prod'))).toBe(false);
    const secret = (name: string) => `arn:aws:secretsmanager:eu-central-1:${ACCOUNT}:secret:${name}-AbC123`;
    expect(may(template, role, 'secretsmanager:GetSecretValue', secret('preseed/prod/canary'))).toBe(true);
    expect(may(template, role, 'secretsmanager:GetSecretValue', secret('preseed/dev/canary'))).toBe(false);
    expect(may(template, role, 'secretsmanager:GetSecretValue', secret('preseed/prod/stripe-secret-key'))).toBe(false);
    for (const region of ['eu-central-1', 'us-east-1']) {
      for (const arn of [...bootstrapRoleArns('prod', region), ...bootstrapRoleArns('dev', region)]) {
        expect(mayAssume(template, role, arn), arn).toBe(false);
      }
    }
  });

  it("lets the diff role only read: the stage's lookup roles, not its deploy or publishing roles", () => {
    const template = synth();
    for (const region of ['eu-central-1', 'us-east-1']) {
      const role = (kind: string) => `arn:aws:iam::${ACCOUNT}:role/${bootstrapRoleName('prod', kind, ACCOUNT, region)}`;
      expect(mayAssume(template, 'preseed-prod-github-diff', role('lookup-role'))).toBe(true);
      for (const kind of ['deploy-role', 'file-publishing-role', 'cfn-exec-role']) {
        expect(mayAssume(template, 'preseed-prod-github-diff', role(kind)), kind).toBe(false);
      }
    }
  });

  it("permits nothing but assuming the stage's own CDK bootstrap roles in the stage region and us-east-1", () => {
    const template = synth({ stages: [{ ...PROD, region: 'eu-west-1' }] });
    const statements = policyStatementsOf(template, 'preseed-prod-github-deploy');
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ Action: ['sts:AssumeRole', 'sts:TagSession'], Effect: 'Allow' });
    expect([statements[0]?.Resource].flat().map(resolve).sort()).toEqual(
      ['eu-west-1', 'us-east-1']
        .flatMap((region) =>
          ['deploy-role', 'file-publishing-role', 'lookup-role'].map(
            (kind) => `arn:aws:iam::${ACCOUNT}:role/cdk-prod-${kind}-${ACCOUNT}-${region}`,
          ),
        )
        .sort(),
    );
    // The execution role is CloudFormation's, passed by the deploy role; the stage's role never holds it itself.
    const execution = `arn:aws:iam::${ACCOUNT}:role/${bootstrapRoleName('prod', 'cfn-exec-role', ACCOUNT, 'eu-west-1')}`;
    expect(mayAssume(template, 'preseed-prod-github-deploy', execution)).toBe(false);
  });

  it("reaches the stage's bootstrap roles in its backup copies' Region too (deployRegions)", () => {
    const template = synth({ stages: [{ ...PROD, deployRegions: ['eu-central-1', 'us-east-1', 'eu-west-1'] }] });
    const copyRegion = `arn:aws:iam::${ACCOUNT}:role/${bootstrapRoleName('prod', 'deploy-role', ACCOUNT, 'eu-west-1')}`;
    expect(mayAssume(template, 'preseed-prod-github-deploy', copyRegion)).toBe(true);
    const other = `arn:aws:iam::${ACCOUNT}:role/${bootstrapRoleName('prod', 'deploy-role', ACCOUNT, 'eu-west-3')}`;
    expect(mayAssume(template, 'preseed-prod-github-deploy', other)).toBe(false);
  });

  it("keeps two stages of one account apart: dev's role cannot assume prod's bootstrap roles, nor prod's dev's", () => {
    const template = synth();
    for (const region of ['eu-central-1', 'us-east-1']) {
      for (const arn of bootstrapRoleArns('prod', region)) {
        expect(mayAssume(template, 'preseed-dev-github-deploy', arn), arn).toBe(false);
        expect(mayAssume(template, 'preseed-dev-github-diff', arn), arn).toBe(false);
      }
      for (const arn of bootstrapRoleArns('dev', region)) {
        expect(mayAssume(template, 'preseed-prod-github-deploy', arn), arn).toBe(false);
        expect(mayAssume(template, 'preseed-prod-github-diff', arn), arn).toBe(false);
      }
      // …while each still reaches its own (the check is not vacuous).
      for (const [role, qualifier] of [
        ['preseed-dev-github-deploy', 'dev'],
        ['preseed-prod-github-deploy', 'prod'],
      ] as const) {
        expect(
          mayAssume(template, role, `arn:aws:iam::${ACCOUNT}:role/cdk-${qualifier}-deploy-role-${ACCOUNT}-${region}`),
        ).toBe(true);
      }
    }
  });

  it('names a us-east-1 stage region once', () => {
    const [statement] = policyStatementsOf(
      synth({ stages: [{ ...DEV, region: 'us-east-1' }] }),
      'preseed-dev-github-deploy',
    );
    expect([statement?.Resource].flat()).toHaveLength(BOOTSTRAP_ROLE_KINDS.length);
  });

  it("reuses the account's provider when one exists (one per URL per account)", () => {
    const template = synth({ existingProviderArn: PROVIDER_ARN });
    template.resourceCountIs('AWS::IAM::OIDCProvider', 0);
    const trust = rolesOf(template)['preseed-dev-github-deploy']?.AssumeRolePolicyDocument.Statement[0];
    expect(trust?.Principal?.Federated).toBe(PROVIDER_ARN);
  });

  it("needs no bootstrap: an administrator deploys it with their own credentials, apart from every stage's", () => {
    expect(synth().toJSON().Parameters?.BootstrapVersion).toBeUndefined();
  });

  it('outputs each role ARN for the GitHub environment', () => {
    const outputs = synth().findOutputs('*');
    expect(
      Object.keys(outputs)
        .filter((k) => k.startsWith('DeployRoleArn'))
        .sort(),
    ).toEqual(['DeployRoleArndev', 'DeployRoleArnprod']);
  });

  it('refuses a repository that is not owner/repo, and no stages', () => {
    expect(() => synth({ repository: 'acme/preseed:environment:prod' })).toThrow(/owner\/repo/);
    expect(() => synth({ repository: '*' })).toThrow(/owner\/repo/);
    expect(() => synth({ stages: [] })).toThrow(/at least one stage/);
    expect(() => synth({ stages: [DEV, { ...PROD, bootstrapQualifier: 'dev' }] })).toThrow(/of its own/);
    expect(() => synth({ stages: [{ ...DEV, bootstrapQualifier: 'Dev-1' }] })).toThrow(/not a bootstrap qualifier/);
  });
});
