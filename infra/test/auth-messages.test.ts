/**
 * Cognito's own emails (password-reset codes) are Preseed's: they go out through the stage's SES identity once SES
 * has verified it (`sesIdentityVerified`; Cognito's own sender before, decision 016) and are worded by the
 * CustomMessage trigger, a function built like every other (AppFunction).
 */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { COGNITO_MESSAGES_ENTRY, lambdaEntries } from '../constructs/lambda-entries';
import { propertiesOf, synthStage } from './synth';

interface UserPoolProps {
  EmailConfiguration?: Record<string, unknown>;
  LambdaConfig?: { CustomMessage?: unknown };
}
interface FunctionProps {
  Runtime?: string;
  Architectures?: string[];
  Timeout?: number;
  Description?: unknown;
  LoggingConfig?: { LogGroup?: unknown; LogFormat?: string };
}

describe.each(['dev', 'prod'])('Cognito emails on stage %s', (stageName) => {
  const { stack, template } = synthStage(stageName);
  const stage = stack.node.tryGetContext('stages')[stageName] as { senderEmail: string };
  const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: never }>;
  const idOf = (type: string, where: (props: Record<string, unknown>) => boolean) =>
    Object.entries(resources).find(([, r]) => r.Type === type && where(r.Properties))?.[0];

  it("are sent with Cognito's own sender while the SES identity is unverified, so the first deploy never needs it", () => {
    expect(stack.node.tryGetContext('stages')[stageName].sesIdentityVerified).toBe(false);
    const [pool] = propertiesOf<UserPoolProps>(template, 'AWS::Cognito::UserPool');
    expect(pool?.EmailConfiguration).toEqual({ EmailSendingAccount: 'COGNITO_DEFAULT' });
    // The identity is still created in that deploy, for the operator to verify.
    expect(idOf('AWS::SES::EmailIdentity', () => true)).toBeDefined();
  });

  it("are sent from the stage's SES identity, as Preseed, through its configuration set once it is verified", () => {
    const stages = stack.node.tryGetContext('stages') as Record<string, Record<string, unknown>>;
    const verified = synthStage(stageName, {
      stages: { ...stages, [stageName]: { ...stages[stageName], sesIdentityVerified: true } },
    }).template;
    const all = verified.toJSON().Resources as Record<string, { Type: string }>;
    const idOfType = (type: string) => Object.entries(all).find(([, r]) => r.Type === type)?.[0];
    const identityId = idOfType('AWS::SES::EmailIdentity');
    expect(identityId).toBeDefined();
    verified.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: `Preseed <${stage.senderEmail}>`,
        ConfigurationSet: { Ref: idOfType('AWS::SES::ConfigurationSet') },
        // The identity that exists (a verified domain or the address), not one derived from the address.
        SourceArn: Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([{ Ref: identityId }])]) }),
      },
    });
  });

  it('are worded by the CustomMessage trigger, a Node 22 ARM function with its own log group and a 5 s timeout', () => {
    const [pool] = propertiesOf<UserPoolProps>(template, 'AWS::Cognito::UserPool');
    // Cognito calls the function's live alias (infra/constructs/releases.ts), which names the function.
    const trigger = pool?.LambdaConfig?.CustomMessage as { Ref: string } | undefined;
    const aliasId = trigger?.Ref ?? '';
    const alias = resources[aliasId] as { Type: string; Properties: { FunctionName: { Ref: string } } } | undefined;
    expect(alias?.Type).toBe('AWS::Lambda::Alias');
    const functionId = alias?.Properties.FunctionName.Ref ?? '';
    const fn = resources[functionId] as { Type: string; Properties: FunctionProps } | undefined;
    expect(fn?.Type).toBe('AWS::Lambda::Function');
    expect(fn?.Properties.Runtime).toBe('nodejs22.x');
    expect(fn?.Properties.Architectures).toEqual(['arm64']);
    expect(fn?.Properties.Timeout).toBe(5);
    expect(fn?.Properties.LoggingConfig?.LogFormat).toBe('JSON');
    expect(fn?.Properties.LoggingConfig?.LogGroup).toBeDefined();
    // Cognito may invoke it, and only for this pool.
    const poolId = idOf('AWS::Cognito::UserPool', () => true);
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { Ref: aliasId },
      Principal: 'cognito-idp.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [poolId, 'Arn'] },
    });
  });

  it('is bundled and measured like every other function', () => {
    expect(lambdaEntries()).toContainEqual({ name: 'cognito/custom-message', entry: COGNITO_MESSAGES_ENTRY });
  });
});
