import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { Email } from '../constructs/email';
import { grantNeeds, type Needs } from '../constructs/grants';
import { pascalCase } from '../constructs/names';
import { parseStages } from '../stages';
import { propertiesOf } from './synth';

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

const CONNECTIONS_ARN = 'arn:aws:execute-api:eu-central-1:123456789012:abc123/live/POST/@connections/*';

/** A function granted `needs` in a stack of its own, and what IAM and cdk-nag make of it. */
function granted(needs: Needs) {
  const stage = parseStages({
    test: {
      production: false,
      region: 'eu-central-1',
      senderEmail: 'test@example.com',
      stripePriceId: 'price_test',
      price: { amount: 29900, currency: 'eur' },
      secrets: { stripeSecretKey: 'a', stripeWebhookSecret: 'b' },
    },
  }).test;
  if (!stage) throw new Error('no stage');
  const stack = new Stack(new App(), 'GrantTest', { env: { region: 'eu-central-1' } });
  const role = new Role(stack, 'FnRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
  const fn = new LambdaFunction(stack, 'Fn', {
    runtime: Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: Code.fromInline('export const handler = async () => ({});'),
    role,
  });
  grantNeeds(fn, needs, {
    table: new Table(stack, 'Table', { partitionKey: { name: 'PK', type: AttributeType.STRING } }),
    dataBucket: new Bucket(stack, 'DataBucket'),
    bus: new EventBus(stack, 'Bus'),
    email: new Email(stack, 'Email', { stage }),
    userPool: new UserPool(stack, 'Pool'),
    secretNames: { stripeSecretKey: 'preseed/test/stripe-key', stripeWebhookSecret: 'preseed/test/stripe-webhook' },
    stackSecrets: {
      originVerify: new Secret(stack, 'OriginSecret'),
      shareLinkKeys: new Secret(stack, 'ShareLinkSecret'),
    },
    realtimeConnections: { arn: CONNECTIONS_ARN, nagResource: CONNECTIONS_ARN },
  });
  const statements = propertiesOf<{ PolicyDocument: { Statement: Statement[] } }>(
    Template.fromStack(stack),
    'AWS::IAM::Policy',
  ).flatMap((policy) => policy.PolicyDocument.Statement);
  const wildcardFindings = new AwsSolutionsChecks()
    .validateScope(stack)
    .violations.filter((v) => v.ruleName.startsWith('AwsSolutions-IAM5'))
    .map((v) => v.ruleName);
  return { statements, actions: statements.flatMap((s) => [s.Action].flat()), wildcardFindings };
}

describe('grantNeeds', () => {
  it('grants read-only table access without write actions or Scan', () => {
    const { actions } = granted({ table: 'read' });
    expect(actions).toEqual(
      expect.arrayContaining([
        'dynamodb:GetItem',
        'dynamodb:Query',
        'dynamodb:BatchGetItem',
        'dynamodb:ConditionCheckItem',
      ]),
    );
    expect(actions).not.toContain('dynamodb:PutItem');
    expect(actions).not.toContain('dynamodb:Scan');
  });

  it('grants object access to the data room with its wildcard acknowledged', () => {
    const { actions, wildcardFindings } = granted({ dataBucket: 'readWrite' });
    expect(actions).toEqual(expect.arrayContaining(['s3:GetObject', 's3:PutObject', 's3:DeleteObject']));
    expect(actions).not.toContain('s3:ListBucket');
    expect(wildcardFindings).toEqual([]);
  });

  it('grants purging object versions only when asked, listing on the bucket and deleting versions of its objects', () => {
    const { statements } = granted({ dataBucket: 'readWrite', purgeObjects: true });
    const list = statements.find((s) => [s.Action].flat().includes('s3:ListBucketVersions'));
    expect([list?.Action].flat().sort()).toEqual(['s3:ListBucket', 's3:ListBucketVersions']);
    expect(JSON.stringify(list?.Resource)).not.toContain('/*');
    const versions = statements.find((s) => [s.Action].flat().includes('s3:DeleteObjectVersion'));
    expect(JSON.stringify(versions?.Resource)).toContain('/*');
    expect(granted({ dataBucket: 'readWrite' }).actions).not.toContain('s3:DeleteObjectVersion');
  });

  it('grants exactly the Cognito admin actions named', () => {
    const { actions } = granted({ cognitoAdmin: ['AdminCreateUser', 'AdminSetUserPassword'] });
    expect(actions.filter((a) => a.startsWith('cognito-idp:')).sort()).toEqual([
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminSetUserPassword',
    ]);
  });

  it('grants sending mail through the identity and the configuration set', () => {
    const { statements, wildcardFindings } = granted({ sendEmail: true, publishEvents: true });
    const ses = statements.filter((s) => [s.Action].flat().includes('ses:SendEmail'));
    expect(ses).toHaveLength(2);
    expect(JSON.stringify(ses)).toMatch(/configuration-set/);
    expect(statements.some((s) => [s.Action].flat().includes('events:PutEvents'))).toBe(true);
    expect(wildcardFindings).toEqual([]);
  });

  it('grants reading exactly the named secrets, by name with the random suffix', () => {
    const { statements, wildcardFindings } = granted({ readSecrets: ['stripeSecretKey'] });
    const read = statements.filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'));
    expect(read).toHaveLength(1);
    expect(JSON.stringify(read)).toContain('secret:preseed/test/stripe-key-??????');
    expect(JSON.stringify(read)).not.toContain('stripe-webhook');
    expect(wildcardFindings).toEqual([]);
  });

  it("grants reading the stack's own secret by its exact ARN, beside the stage's by name", () => {
    const { statements, wildcardFindings } = granted({ readSecrets: ['originVerify', 'stripeWebhookSecret'] });
    const read = statements.filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'));
    expect(read).toHaveLength(1);
    const resources = [read[0]?.Resource].flat();
    expect(resources).toHaveLength(2);
    expect(resources).toContainEqual({ Ref: expect.stringMatching(/^OriginSecret/) });
    expect(JSON.stringify(resources)).toContain('secret:preseed/test/stripe-webhook-??????');
    expect(JSON.stringify(read)).not.toContain('stripe-key');
    expect(wildcardFindings).toEqual([]);
  });

  it('grants posting to realtime connections of the one stage, its wildcard acknowledged', () => {
    const { statements, wildcardFindings } = granted({ manageConnections: true });
    expect(statements).toEqual([
      expect.objectContaining({ Action: 'execute-api:ManageConnections', Resource: CONNECTIONS_ARN }),
    ]);
    expect(wildcardFindings).toEqual([]);
  });

  it('grants nothing that was not asked for', () => {
    expect(granted({}).statements).toEqual([]);
  });
});

describe('pascalCase', () => {
  it('turns contract names into construct ids', () => {
    expect(pascalCase('question-stats')).toBe('QuestionStats');
    expect(pascalCase('platform.health')).toBe('PlatformHealth');
  });
});
