import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { GithubDeployStack, type GithubDeployStackProps } from './stack';

const PROVIDER_ARN = 'arn:aws:iam::111122223333:oidc-provider/token.actions.githubusercontent.com';

function synth(props: Partial<GithubDeployStackProps> = {}): Template {
  const app = new App();
  const stack = new GithubDeployStack(app, 'Preseed-github-deploy', {
    repository: 'acme/preseed',
    stages: [
      { name: 'dev', region: 'eu-central-1' },
      { name: 'prod', region: 'eu-west-1' },
    ],
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

function rolesOf(template: Template): Record<string, RoleProps> {
  const found: Record<string, { Properties?: unknown }> = template.findResources('AWS::IAM::Role');
  return Object.fromEntries(
    Object.values(found).map(({ Properties }) => [(Properties as RoleProps).RoleName, Properties as RoleProps]),
  );
}

function policyStatementsOf(template: Template): Statement[] {
  const found: Record<string, { Properties?: unknown }> = template.findResources('AWS::IAM::Policy');
  return Object.values(found).flatMap(
    (p) => (p.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement,
  );
}

// The first synthesis loads aws-cdk-lib and cdk-nag: seconds on a busy machine.
describe('GitHub OIDC deploy stack', { timeout: 60_000 }, () => {
  it("creates GitHub's OIDC provider for STS's audience", () => {
    synth().hasResourceProperties('AWS::IAM::OIDCProvider', {
      Url: 'https://token.actions.githubusercontent.com',
      ClientIdList: ['sts.amazonaws.com'],
    });
  });

  it("lets only this repository's jobs in the stage's environment assume the stage's role", () => {
    const roles = rolesOf(synth());
    expect(Object.keys(roles).sort()).toEqual(['preseed-dev-github-deploy', 'preseed-prod-github-deploy']);
    const [trust, ...more] = roles['preseed-prod-github-deploy']?.AssumeRolePolicyDocument.Statement ?? [];
    expect(more).toEqual([]);
    expect(trust).toMatchObject({ Action: 'sts:AssumeRoleWithWebIdentity', Effect: 'Allow' });
    expect(trust?.Condition).toEqual({
      StringEquals: {
        'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
        'token.actions.githubusercontent.com:sub': 'repo:acme/preseed:environment:prod',
      },
    });
    expect(
      roles['preseed-dev-github-deploy']?.AssumeRolePolicyDocument.Statement[0]?.Condition?.StringEquals,
    ).toMatchObject({
      'token.actions.githubusercontent.com:sub': 'repo:acme/preseed:environment:dev',
    });
  });

  it('permits nothing but assuming the CDK bootstrap roles of the stage region and us-east-1', () => {
    const statements = policyStatementsOf(synth({ stages: [{ name: 'prod', region: 'eu-west-1' }] }));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ Action: ['sts:AssumeRole', 'sts:TagSession'], Effect: 'Allow' });
    const resources = JSON.stringify(statements[0]?.Resource);
    expect(resources).toContain(':role/cdk-hnb659fds-*-');
    expect(resources).toContain('-eu-west-1');
    expect(resources).toContain('-us-east-1');
    expect(statements[0]?.Resource).toHaveLength(2);
  });

  it('names a us-east-1 stage region once', () => {
    const [statement] = policyStatementsOf(synth({ stages: [{ name: 'dev', region: 'us-east-1' }] }));
    // One resource is written as itself, not as a list of one.
    expect([statement?.Resource].flat()).toHaveLength(1);
  });

  it("reuses the account's provider when one exists (one per URL per account)", () => {
    const template = synth({ existingProviderArn: PROVIDER_ARN });
    template.resourceCountIs('AWS::IAM::OIDCProvider', 0);
    const trust = rolesOf(template)['preseed-dev-github-deploy']?.AssumeRolePolicyDocument.Statement[0];
    expect(trust?.Principal?.Federated).toBe(PROVIDER_ARN);
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
  });
});
