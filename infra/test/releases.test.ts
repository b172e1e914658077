import { Match, type Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { LIVE_ALIAS } from '../constructs/function';
import { RELEASE_ALARM } from '../constructs/releases';
import { propertiesOf, synthStage } from './synth';

type Ref = { Ref?: string; 'Fn::GetAtt'?: [string, string] } | string;
interface AliasProps {
  FunctionName: Ref;
  Name: string;
  FunctionVersion: Ref;
}

/** Logical ids of the stack's aliases, and of the functions they belong to. */
function aliasesOf(template: Template): Map<string, AliasProps> {
  const found: Record<string, { Properties?: unknown }> = template.findResources('AWS::Lambda::Alias');
  return new Map(Object.entries(found).map(([id, r]) => [id, r.Properties as AliasProps]));
}

/** Whether a reference names one of the aliases (an alias's Ref is its ARN). */
const isAlias = (aliases: Map<string, AliasProps>, ref: unknown): boolean => {
  const text = JSON.stringify(ref);
  return [...aliases.keys()].some((id) => text.includes(`"${id}"`));
};

describe.each([
  ['dev', 'CodeDeployDefault.LambdaAllAtOnce'],
  ['prod', 'CodeDeployDefault.LambdaCanary10Percent5Minutes'],
])('releases of stage %s', (stageName, config) => {
  const { template } = synthStage(stageName);
  const aliases = aliasesOf(template);
  const functions = Object.keys(
    template.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'nodejs22.x' } }),
  );

  it('gives every function of ours one live alias on its current version', () => {
    expect(functions.length).toBeGreaterThan(5);
    const owners = [...aliases.values()].map((a) => (a.FunctionName as { Ref: string }).Ref);
    expect(owners.sort()).toEqual([...functions].sort());
    for (const alias of aliases.values()) {
      expect(alias.Name).toBe(LIVE_ALIAS);
      expect(JSON.stringify(alias.FunctionVersion)).toContain('Version');
    }
  });

  it('shifts each alias with CodeDeploy, the stage’s way, rolled back on its alarm, a failure or a stop', () => {
    const groups = propertiesOf<{
      DeploymentConfigName: string;
      AlarmConfiguration: { Enabled: boolean; Alarms: { Name: Ref }[] };
      AutoRollbackConfiguration: { Enabled: boolean; Events: string[] };
    }>(template, 'AWS::CodeDeploy::DeploymentGroup');
    expect(groups).toHaveLength(aliases.size);
    for (const group of groups) {
      expect(group.DeploymentConfigName).toBe(config);
      expect(group.AlarmConfiguration.Enabled).toBe(true);
      expect(group.AlarmConfiguration.Alarms).toHaveLength(1);
      expect(group.AutoRollbackConfiguration).toEqual({
        Enabled: true,
        Events: expect.arrayContaining([
          'DEPLOYMENT_FAILURE',
          'DEPLOYMENT_STOP_ON_REQUEST',
          'DEPLOYMENT_STOP_ON_ALARM',
        ]),
      });
    }
    // CloudFormation hands each alias's update to its deployment group.
    const updated = Object.values(template.findResources('AWS::Lambda::Alias')).filter(
      (alias) =>
        (alias as { UpdatePolicy?: { CodeDeployLambdaAliasUpdate?: unknown } }).UpdatePolicy
          ?.CodeDeployLambdaAliasUpdate,
    );
    expect(updated).toHaveLength(aliases.size);
  });

  it("alarms on the alias's own errors, at the first one in a minute", () => {
    const alarms = propertiesOf<{
      MetricName: string;
      Dimensions: { Name: string; Value: unknown }[];
      Threshold: number;
      Period: number;
    }>(template, 'AWS::CloudWatch::Alarm').filter((a) => a.Dimensions?.some((d) => d.Name === 'Resource'));
    expect(alarms).toHaveLength(aliases.size);
    for (const alarm of alarms) {
      expect(alarm).toMatchObject({ MetricName: 'Errors', Threshold: RELEASE_ALARM.errors, Period: 60 });
      expect(JSON.stringify(alarm.Dimensions)).toContain(`:${LIVE_ALIAS}`);
    }
  });

  it('is what every invoker calls: API routes, EventBridge targets, the stream, the WebSocket, Cognito', () => {
    const httpIntegrations = propertiesOf<{ IntegrationUri: unknown }>(template, 'AWS::ApiGatewayV2::Integration');
    expect(httpIntegrations.length).toBeGreaterThan(0);
    for (const integration of httpIntegrations) expect(isAlias(aliases, integration.IntegrationUri)).toBe(true);
    const targets = propertiesOf<{ Targets: { Arn: unknown }[] }>(template, 'AWS::Events::Rule').flatMap(
      (r) => r.Targets,
    );
    const names = (ref: unknown, ids: Iterable<string>) =>
      [...ids].some((id) => JSON.stringify(ref).includes(`"${id}"`));
    const lambdaTargets = targets.filter((t) => names(t.Arn, functions) || isAlias(aliases, t.Arn));
    expect(lambdaTargets.length).toBeGreaterThan(0);
    for (const target of lambdaTargets) expect(isAlias(aliases, target.Arn)).toBe(true);
    const mappings = propertiesOf<{ FunctionName: unknown }>(template, 'AWS::Lambda::EventSourceMapping');
    expect(mappings.length).toBeGreaterThan(0);
    for (const mapping of mappings) expect(isAlias(aliases, mapping.FunctionName)).toBe(true);
    for (const pool of propertiesOf<{ LambdaConfig?: Record<string, unknown> }>(template, 'AWS::Cognito::UserPool')) {
      for (const trigger of Object.values(pool.LambdaConfig ?? {})) expect(isAlias(aliases, trigger)).toBe(true);
    }
    // Every permission to invoke is the alias's: a bare function ARN would bypass the release.
    for (const permission of propertiesOf<{ FunctionName: unknown; Action: string }>(
      template,
      'AWS::Lambda::Permission',
    )) {
      if (permission.Action === 'lambda:InvokeFunction') expect(isAlias(aliases, permission.FunctionName)).toBe(true);
    }
    template.hasResourceProperties('AWS::Lambda::Alias', { Name: LIVE_ALIAS, FunctionName: Match.anyValue() });
  });
});
