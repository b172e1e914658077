/**
 * The edge of each stage: the WAF web ACL in front of CloudFront, the origin secret that keeps the API's
 * own address shut, per-function reserved concurrency, short-lived Cognito tokens and narrow grants.
 */
import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { CachePolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { SHARE_LINK_SECRET_ENV } from '#shared/deploy-names';
import { AREAS } from '#shared/routes';
import { ORIGIN_SECRET_ENV, ORIGIN_VERIFY_HEADER } from '../../functions/lib/middleware';
import { capacityPlan } from '../capacity-model';
import { AUTH_PATH_PREFIX, LARGE_BODY_LABEL, RATE_WINDOW_SECONDS } from '../constructs/waf';
import { parseStages, RESERVED_AREAS, RESERVED_CONCURRENCY_BUDGET, totalReservedConcurrency } from '../stages';
import { cdkJsonContext, propertiesOf, synthStage } from './synth';

interface Statement {
  Action: string | string[];
  Resource: unknown;
}
interface PolicyProps {
  Roles: { Ref: string }[];
  PolicyDocument: { Statement: Statement[] };
}
interface FunctionProps {
  Runtime?: string;
  Environment?: { Variables?: Record<string, unknown> };
  ReservedConcurrentExecutions?: number;
}
interface WafRule {
  Name: string;
  Priority: number;
  Statement: Record<string, unknown>;
  Action?: { Block?: { CustomResponse?: { ResponseCode: number } } };
  OverrideAction?: unknown;
}
interface Origin {
  Id: string;
  DomainName: unknown;
  S3OriginConfig?: unknown;
  OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
}
interface DistributionProps {
  DistributionConfig: {
    WebACLId?: unknown;
    Origins: Origin[];
    CacheBehaviors: { PathPattern: string; CachePolicyId: string; ResponseHeadersPolicyId: { Ref: string } }[];
  };
}

const actionsOf = (statement: Statement): string[] => [statement.Action].flat();
const resourcesOf = (statement: Statement): unknown[] => [statement.Resource].flat();

/** Every policy statement attached to a function's role. */
function statementsOf(template: Template, fn: IFunction | undefined): Statement[] {
  const role = fn?.role?.node.defaultChild as CfnRole | undefined;
  if (!role) throw new Error('function without a role');
  const roleId = Stack.of(role).getLogicalId(role);
  return propertiesOf<PolicyProps>(template, 'AWS::IAM::Policy')
    .filter((p) => p.Roles.some((r) => r.Ref === roleId))
    .flatMap((p) => p.PolicyDocument.Statement);
}

const logicalIdOf = (template: Template, type: string): string => {
  const ids = Object.keys(template.findResources(type));
  if (ids.length !== 1) throw new Error(`expected one ${type}, found ${ids.length}`);
  return ids[0] as string;
};

describe.each(['dev', 'prod'])('edge security on stage %s', (stageName) => {
  const { stack, template } = synthStage(stageName);
  const stage = parseStages(cdkJsonContext().stages)[stageName];
  if (!stage) throw new Error(`cdk.json has no stage ${stageName}`);
  const edge = Template.fromStack(stack.edge);
  const [distribution] = propertiesOf<DistributionProps>(template, 'AWS::CloudFront::Distribution');
  if (!distribution) throw new Error('no distribution');
  const webAclId = logicalIdOf(edge, 'AWS::WAFv2::WebACL');
  const [webAcl] = propertiesOf<{ Rules: WafRule[] }>(edge, 'AWS::WAFv2::WebACL');
  const rules = webAcl?.Rules ?? [];
  const rule = (name: string): WafRule => {
    const found = rules.find((r) => r.Name === name);
    if (!found) throw new Error(`no WAF rule ${name}`);
    return found;
  };
  const secretId = stack.getLogicalId(stack.api.originSecret.node.defaultChild as CfnElement);
  const secretRef = { Ref: secretId };
  const shareKeysRef = { Ref: stack.getLogicalId(stack.api.shareLinkSecret.node.defaultChild as CfnElement) };
  const areaFunctions = AREAS.map((area) => stack.api.functions.get(area));

  describe('WAF', () => {
    it("lives in a us-east-1 stack of the stage's own, which the stage's stack deploys after", () => {
      expect(stack.edge.stackName).toBe(`Preseed-${stageName}-edge`);
      expect(stack.edge.region).toBe('us-east-1');
      expect(stack.dependencies).toContain(stack.edge);
      edge.resourceCountIs('AWS::WAFv2::WebACL', 1);
      edge.hasResourceProperties('AWS::WAFv2::WebACL', {
        Scope: 'CLOUDFRONT',
        DefaultAction: { Allow: {} },
        VisibilityConfig: {
          CloudWatchMetricsEnabled: true,
          SampledRequestsEnabled: true,
          MetricName: `preseed-${stageName}-web-acl`,
        },
      });
    });

    it("guards the site's distribution: its web ACL is the edge stack's, read across regions", () => {
      const reference = distribution.DistributionConfig.WebACLId as {
        'Fn::GetStackOutput': { StackName: string; Region: string; OutputName: string };
      };
      expect(reference['Fn::GetStackOutput']).toMatchObject({
        StackName: stack.edge.stackName,
        Region: 'us-east-1',
      });
      const outputs = edge.toJSON().Outputs as Record<string, { Value: unknown }>;
      expect(outputs[reference['Fn::GetStackOutput'].OutputName]?.Value).toEqual({
        'Fn::GetAtt': [webAclId, 'Arn'],
      });
    });

    it('runs the known-bad-inputs and common rule sets, counting only the 8 KB body rule', () => {
      expect(rule('KnownBadInputs').Statement).toEqual({
        ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' },
      });
      expect(rule('KnownBadInputs').OverrideAction).toEqual({ None: {} });
      expect(rule('CommonRuleSet').Statement).toEqual({
        ManagedRuleGroupStatement: {
          VendorName: 'AWS',
          Name: 'AWSManagedRulesCommonRuleSet',
          RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }],
        },
      });
      expect(rule('CommonRuleSet').OverrideAction).toEqual({ None: {} });
    });

    it("limits each address's requests overall and, tighter, under /api/auth/, from the stage settings", () => {
      expect(stage.waf).toEqual({ requestsPer5Minutes: 2000, authRequestsPer5Minutes: 100 });
      expect(rule('RateLimit').Statement).toEqual({
        RateBasedStatement: {
          Limit: stage.waf.requestsPer5Minutes,
          EvaluationWindowSec: RATE_WINDOW_SECONDS,
          AggregateKeyType: 'IP',
        },
      });
      expect(rule('AuthRateLimit').Statement).toEqual({
        RateBasedStatement: {
          Limit: stage.waf.authRequestsPer5Minutes,
          EvaluationWindowSec: RATE_WINDOW_SECONDS,
          AggregateKeyType: 'IP',
          ScopeDownStatement: {
            ByteMatchStatement: expect.objectContaining({
              FieldToMatch: { UriPath: {} },
              PositionalConstraint: 'STARTS_WITH',
              SearchString: AUTH_PATH_PREFIX,
            }),
          },
        },
      });
      for (const name of ['RateLimit', 'AuthRateLimit']) {
        expect(rule(name).Action?.Block?.CustomResponse?.ResponseCode, name).toBe(429);
      }
      // The tighter limit is evaluated first, so an address over it is answered by it.
      expect(rule('AuthRateLimit').Priority).toBeLessThan(rule('RateLimit').Priority);
    });

    it('blocks a body over 8 KB everywhere but on the routes that take one', () => {
      const largeBody = rule('LargeBodyOutsideLargeBodyRoutes');
      expect(largeBody.Priority).toBeGreaterThan(rule('CommonRuleSet').Priority);
      expect(largeBody.Action?.Block?.CustomResponse?.ResponseCode).toBe(413);
      const text = JSON.stringify(largeBody.Statement);
      expect(text).toContain(`"Key":"${LARGE_BODY_LABEL}"`);
      const exempt = [...text.matchAll(/"SearchString":"([^"]+)"/g)].map((m) => m[1]);
      expect(exempt).toEqual(
        expect.arrayContaining([
          '/api/idea/generate',
          '/api/answers/',
          '/api/payments/webhook',
          '/api/admin/questions',
          // A founder's own validation test (up to 8,900 characters).
          '/api/custom-tests',
          '/api/custom-tests/',
        ]),
      );
      expect(exempt.some((path) => path?.startsWith(AUTH_PATH_PREFIX))).toBe(false);
      expect(exempt).not.toContain('/api/payments/checkout');
    });

    it('leaves nothing for cdk-nag, and the distribution no longer acknowledges a missing web ACL', () => {
      expect(new AwsSolutionsChecks().validateScope(stack.edge).violations).toEqual([]);
      expect(JSON.stringify(stack.site.distribution.node.metadata)).not.toMatch(/AwsSolutions-CFR2/);
    });
  });

  describe('origin secret', () => {
    it('is generated by the stack and sent by CloudFront to the API origin only, as a dynamic reference', () => {
      template.hasResourceProperties('AWS::SecretsManager::Secret', {
        GenerateSecretString: { ExcludePunctuation: true, PasswordLength: 64, IncludeSpace: false },
      });
      const apiOrigin = distribution.DistributionConfig.Origins.find((o) => !o.S3OriginConfig);
      expect(apiOrigin?.OriginCustomHeaders).toEqual([
        {
          HeaderName: ORIGIN_VERIFY_HEADER,
          HeaderValue: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', secretRef, ':SecretString:::}}']] },
        },
      ]);
      const siteOrigin = distribution.DistributionConfig.Origins.find((o) => o.S3OriginConfig);
      expect(siteOrigin?.OriginCustomHeaders).toBeUndefined();
    });

    it('is named to every HTTP function, and to no other function', () => {
      const functions = propertiesOf<FunctionProps & { Description?: string }>(
        template,
        'AWS::Lambda::Function',
      ).filter((fn) => fn.Runtime === 'nodejs22.x');
      const named = functions.filter((fn) => fn.Environment?.Variables?.[ORIGIN_SECRET_ENV] !== undefined);
      expect(named).toHaveLength(AREAS.length);
      for (const fn of named) {
        expect(fn.Environment?.Variables?.[ORIGIN_SECRET_ENV]).toEqual(secretRef);
        expect(fn.Description).toMatch(/HTTP routes of area/);
      }
    });

    it('may be read (GetSecretValue) by every HTTP function, on exactly that secret, and by nothing else', () => {
      for (const [i, area] of AREAS.entries()) {
        const statements = statementsOf(template, areaFunctions[i]).filter((s) =>
          actionsOf(s).includes('secretsmanager:GetSecretValue'),
        );
        expect(statements, area).toHaveLength(1);
        const [read] = statements;
        if (!read) continue;
        expect(actionsOf(read), area).toEqual(['secretsmanager:GetSecretValue']);
        expect(resourcesOf(read), area).toContainEqual(secretRef);
        // Besides it, only the stage's Stripe secrets, by name, for the payments area, and the share-link keys for
        // the sharing area.
        const others = resourcesOf(read).filter((r) => JSON.stringify(r) !== JSON.stringify(secretRef));
        expect(others, area).toEqual(
          area === 'payments' ? [expect.anything(), expect.anything()] : area === 'sharing' ? [shareKeysRef] : [],
        );
      }
      const consumers = [...stack.events.consumers.values()];
      for (const fn of consumers) {
        const reads = statementsOf(template, fn).filter((s) => JSON.stringify(s).includes(secretId));
        expect(reads, fn.node.path).toEqual([]);
      }
    });
  });

  it('lets the founder directory read data-room files but never write or delete them', () => {
    const actions = statementsOf(template, stack.api.functions.get('founders')).flatMap(actionsOf);
    expect(actions).toContain('s3:GetObject');
    expect(actions.filter((a) => a.startsWith('s3:') && !a.startsWith('s3:Get') && !a.startsWith('s3:List'))).toEqual(
      [],
    );
  });

  it('lets the share-link function read data-room files, never write or delete them, and reach no Cognito admin API', () => {
    const actions = statementsOf(template, stack.api.functions.get('sharing')).flatMap(actionsOf);
    expect(actions).toContain('s3:GetObject');
    expect(actions.filter((a) => a.startsWith('s3:') && !a.startsWith('s3:Get') && !a.startsWith('s3:List'))).toEqual(
      [],
    );
    expect(actions.filter((a) => a.startsWith('cognito-idp:'))).toEqual([]);
  });

  it("reserves the capacity model's concurrency for sign-up, payments, the journey, the AI routes and each consumer (or none)", () => {
    const reserved = stage.reservedConcurrency;
    if (!reserved) {
      // dev: a new account's Lambda quota (10) leaves nothing to reserve; the preflight compares the two.
      expect(stageName).toBe('dev');
      const reservations = propertiesOf<FunctionProps>(template, 'AWS::Lambda::Function').filter(
        (fn) => fn.ReservedConcurrentExecutions !== undefined,
      );
      expect(reservations).toEqual([]);
      return;
    }
    // prod names no numbers: each is the model's for its expected founders, the AI routes' apart from saves'.
    expect(reserved).toEqual(capacityPlan(stage.expectedFounders).reservations);
    const concurrencyOf = (fn: IFunction | undefined) =>
      (fn?.node.defaultChild as { reservedConcurrentExecutions?: number } | undefined)?.reservedConcurrentExecutions;
    for (const area of RESERVED_AREAS) expect(concurrencyOf(stack.api.functions.get(area)), area).toBe(reserved[area]);
    expect(stack.api.functions.get('ai')).not.toBe(stack.api.functions.get('journey'));
    expect(concurrencyOf(stack.api.functions.get('review'))).toBeUndefined();
    for (const fn of stack.events.consumers.values()) expect(concurrencyOf(fn), fn.node.path).toBe(reserved.consumers);

    const inTemplate = propertiesOf<FunctionProps>(template, 'AWS::Lambda::Function').reduce(
      (sum, fn) => sum + (fn.ReservedConcurrentExecutions ?? 0),
      0,
    );
    expect(inTemplate).toBe(totalReservedConcurrency(reserved));
    expect(inTemplate).toBeLessThanOrEqual(RESERVED_CONCURRENCY_BUDGET);
  });

  it('issues access and ID tokens for 15 minutes at most, revocable, with rotated refresh tokens', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AccessTokenValidity: 15,
      IdTokenValidity: 15,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
      EnableTokenRevocation: true,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH'],
      RefreshTokenRotation: { Feature: 'ENABLED', RetryGracePeriodSeconds: 10 },
    });
    // MFA stays as it was: optional, authenticator apps only.
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it('lets the accounts function make exactly its five Cognito calls (no AdminDeleteUser), on the pool only', () => {
    const cognito = statementsOf(template, stack.api.functions.get('accounts')).filter((s) =>
      actionsOf(s).some((a) => a.startsWith('cognito-idp:')),
    );
    expect(cognito).toHaveLength(1);
    const [statement] = cognito;
    expect(actionsOf(statement as Statement).sort()).toEqual(
      [
        'cognito-idp:AdminCreateUser',
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminListGroupsForUser',
        'cognito-idp:AdminSetUserPassword',
        'cognito-idp:ListUsers',
      ].sort(),
    );
    expect(resourcesOf(statement as Statement)).toEqual([stack.resolve(stack.auth.userPool.userPoolArn)]);
  });

  it('allows AdminDeleteUser to the account-deletion function alone, on the pool only', () => {
    const deleters = [...stack.api.functions.entries()].filter(([, fn]) =>
      statementsOf(template, fn).some((s) => actionsOf(s).includes('cognito-idp:AdminDeleteUser')),
    );
    expect(deleters.map(([area]) => area)).toEqual(['deletion']);
    const cognito = statementsOf(template, stack.api.functions.get('deletion')).filter((s) =>
      actionsOf(s).some((a) => a.startsWith('cognito-idp:')),
    );
    expect(cognito.flatMap(actionsOf).sort()).toEqual(['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminGetUser']);
    for (const statement of cognito) {
      expect(resourcesOf(statement)).toEqual([stack.resolve(stack.auth.userPool.userPoolArn)]);
    }
  });

  it("caches nothing under /api/* and marks every answer there no-store, API Gateway's own included", () => {
    const api = distribution.DistributionConfig.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    expect(api?.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    const policy = template.findResources('AWS::CloudFront::ResponseHeadersPolicy')[
      api?.ResponseHeadersPolicyId.Ref ?? ''
    ] as { Properties: { ResponseHeadersPolicyConfig: Record<string, unknown> } } | undefined;
    expect(policy?.Properties.ResponseHeadersPolicyConfig).toMatchObject({
      CustomHeadersConfig: { Items: [{ Header: 'Cache-Control', Value: 'no-store', Override: true }] },
      SecurityHeadersConfig: expect.objectContaining({ FrameOptions: { FrameOption: 'DENY', Override: true } }),
    });
  });
});

describe('share-link keys', () => {
  const { stack, template } = synthStage('prod');
  const secretRef = { Ref: stack.getLogicalId(stack.api.shareLinkSecret.node.defaultChild as CfnElement) };

  it('are generated by the stack with their first version current, so the first deploy needs no step by hand', () => {
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: {
        SecretStringTemplate: JSON.stringify({ current: '1' }),
        GenerateStringKey: '1',
        PasswordLength: 64,
        ExcludePunctuation: true,
      },
    });
  });

  it('are named to the HTTP functions and read by the sharing function alone', () => {
    const functions = propertiesOf<FunctionProps>(template, 'AWS::Lambda::Function');
    const named = functions.filter((fn) => fn.Environment?.Variables?.[SHARE_LINK_SECRET_ENV] !== undefined);
    expect(named).toHaveLength(AREAS.length);
    for (const fn of named) expect(fn.Environment?.Variables?.[SHARE_LINK_SECRET_ENV]).toEqual(secretRef);
    const readers = propertiesOf<PolicyProps>(template, 'AWS::IAM::Policy').filter((p) =>
      p.PolicyDocument.Statement.some((s) => JSON.stringify(s.Resource ?? null).includes(JSON.stringify(secretRef))),
    );
    expect(readers).toHaveLength(1);
    const sharingRole = stack.api.functions.get('sharing')?.role;
    if (!sharingRole) throw new Error('no sharing function');
    expect(readers[0]?.Roles).toEqual([{ Ref: stack.getLogicalId(sharingRole.node.defaultChild as CfnElement) }]);
  });
});
