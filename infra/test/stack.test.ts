import { DefaultStackSynthesizer } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { PASSWORD_POLICY } from '#shared/domain/password-policy';
import { EVENT_SOURCE, RETRY_POLICY, RULES } from '#shared/events';
import { AREAS, ROUTE_IDS, ROUTES, type RouteId, routeKey } from '#shared/routes';
import { STREAM_CONSUMER, STREAM_FILTER_PATTERNS } from '#shared/table-stream';
import { FUNCTION_TIMEOUT_SECONDS } from '../../functions/integrations/timeouts';
import { ENV_NAMES } from '../../functions/lib/env';
import { GSI1, TABLE_KEYS } from '../../functions/store/keys';
import { capacityPlan } from '../capacity-model';
import { DEPLOYED_ROUTE_IDS, routeConstructId } from '../constructs/api';
import { parseStages } from '../stages';
import { appFunctionsOf, cdkJsonContext, propertiesOf, synthStage } from './synth';

interface RouteProps {
  RouteKey: string;
  AuthorizationType: string;
  AuthorizerId?: unknown;
}
interface FunctionProps {
  Runtime?: string;
  Architectures?: string[];
  Handler?: string;
  Environment?: { Variables: Record<string, unknown> };
  LoggingConfig?: { LogGroup: unknown };
  Description?: unknown;
}
interface RuleProps {
  EventPattern: { source: string[]; 'detail-type': string[] };
  Targets: { DeadLetterConfig?: { Arn: unknown }; RetryPolicy?: Record<string, number> }[];
}

describe.each(['dev', 'prod'])('stack for stage %s', (stageName) => {
  const { stack, template } = synthStage(stageName);
  const production = stack.node.tryGetContext('stages')[stageName].production as boolean;
  const config = parseStages(cdkJsonContext().stages)[stageName];
  if (!config) throw new Error(`cdk.json has no stage ${stageName}`);

  it("stays under CloudFormation's 500 resources a stack, with room for the next construct", () => {
    // `cdk synth` refuses a stack over 500 (TooManyResourcesInStack), which Template.fromStack does not check. The
    // margin keeps a feature's function, alias, release and alarms from being the one that breaks the deploy.
    const resources = Object.keys(template.toJSON().Resources as Record<string, unknown>).length;
    expect(resources).toBeLessThanOrEqual(485);
  });
  const plan = capacityPlan(config.expectedFounders);

  it('is named after the stage and pinned to its region', () => {
    expect(stack.stackName).toBe(`Preseed-${stageName}`);
    expect(stack.region).toBe('eu-central-1');
  });

  it("deploys, with its edge stacks, through the stage's own bootstrap roles (its qualifier, decision 026)", () => {
    for (const each of [stack, stack.edge, stack.edgeAlarms]) {
      const synthesizer = each?.synthesizer;
      expect(synthesizer).toBeInstanceOf(DefaultStackSynthesizer);
      const { deployRoleArn, cloudFormationExecutionRoleArn } = synthesizer as DefaultStackSynthesizer;
      for (const arn of [deployRoleArn, cloudFormationExecutionRoleArn]) {
        expect(arn).toContain(`:role/cdk-${stageName}-`);
      }
    }
    // The version check CloudFormation runs reads the stage's own bootstrap.
    expect(template.toJSON().Parameters.BootstrapVersion.Default).toBe(`/cdk-bootstrap/${stageName}/version`);
  });

  it('has a user pool signing in by username or e-mail, created only by our API', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AliasAttributes: ['email'],
      UsernameAttributes: Match.absent(),
      UsernameConfiguration: { CaseSensitive: false },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_POLICY.minLength,
          RequireLowercase: PASSWORD_POLICY.requireLowercase,
          RequireUppercase: PASSWORD_POLICY.requireUppercase,
          RequireNumbers: PASSWORD_POLICY.requireDigits,
          RequireSymbols: PASSWORD_POLICY.requireSymbols,
        },
      },
      UserPoolTier: config.cognitoTier.toUpperCase(),
      DeletionProtection: production ? 'ACTIVE' : 'INACTIVE',
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
  });

  it('has a public app client for SRP sign-in only, renewing sessions with rotated refresh tokens', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      // No USER_PASSWORD_AUTH (the password stays in the browser) and no REFRESH_TOKEN_AUTH, which
      // rotation rules out: refreshes go through GetTokensFromRefreshToken.
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH'],
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      RefreshTokenRotation: { Feature: 'ENABLED', RetryGracePeriodSeconds: Match.anyValue() },
    });
  });

  it('has the single table with GSI1, TTL and point-in-time recovery', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE_KEYS.pk, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sk, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttl, Enabled: true },
      GlobalSecondaryIndexes: [
        {
          IndexName: GSI1,
          KeySchema: [
            { AttributeName: TABLE_KEYS.gsi1pk, KeyType: 'HASH' },
            { AttributeName: TABLE_KEYS.gsi1sk, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
      DeletionProtectionEnabled: production,
    });
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: production ? 'Retain' : 'Delete',
      UpdateReplacePolicy: production ? 'Retain' : 'Delete',
    });
  });

  it('keeps the data room private, versioned, encrypted and TLS-only', () => {
    const dataBucket = Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([`preseed-${stageName}-data-`])] });
    template.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: dataBucket,
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedMethods: ['GET', 'POST', 'HEAD'], AllowedOrigins: [Match.anyValue()] })],
      },
      LifecycleConfiguration: {
        Rules: [
          Match.objectLike({
            NoncurrentVersionExpiration: Match.anyValue(),
            AbortIncompleteMultipartUpload: Match.anyValue(),
          }),
          // Uploads never confirmed by the API stay in staging and expire.
          Match.objectLike({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
        ],
      },
      LoggingConfiguration: Match.objectLike({ DestinationBucketName: Match.anyValue() }),
    });
    template.hasResource('AWS::S3::Bucket', {
      Properties: Match.objectLike({ BucketName: dataBucket }),
      DeletionPolicy: production ? 'Retain' : 'Delete',
    });
    // Every bucket of the stack is private and refuses plain HTTP.
    const buckets = template.findResources('AWS::S3::Bucket');
    for (const [logicalId, bucket] of Object.entries(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, logicalId).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: logicalId },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 's3:*',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
    }
  });

  it('has an SES identity and configuration set for the sender', () => {
    template.resourceCountIs('AWS::SES::EmailIdentity', 1);
    template.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: production ? 'preseed.example.com' : 'preseed-dev@example.com',
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
  });

  it('keeps the logical id a renamed route was first deployed under, so a deploy updates it in place', () => {
    const logicalIdOf = (id: RouteId): string | undefined =>
      Object.entries(template.findResources('AWS::ApiGatewayV2::Route')).find(
        ([, resource]) => (resource as { Properties: RouteProps }).Properties.RouteKey === routeKey(id),
      )?.[0];
    expect(logicalIdOf('feedback.coachPhase')).toMatch(/^ApiRouteReviewFeedback[0-9A-F]{8}$/);
    expect(logicalIdOf('feedback.founderReply')).toMatch(/^ApiRouteJourneyReplyFeedback[0-9A-F]{8}$/);
    expect(logicalIdOf('journey.saveAnswer')).toMatch(/^ApiRouteJourneySaveAnswer[0-9A-F]{8}$/);
    expect(Object.keys(DEPLOYED_ROUTE_IDS)).toHaveLength(10);
    // An old id taken again by a new route would give two routes one construct id.
    expect(new Set(ROUTE_IDS.map(routeConstructId)).size).toBe(ROUTE_IDS.length);
  });

  it('routes exactly the route table, with the JWT authorizer on every non-public route', () => {
    template.resourcePropertiesCountIs('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' }, 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: Match.stringLikeRegexp('WebClient') }],
        Issuer: {
          'Fn::Join': [
            '',
            ['https://cognito-idp.eu-central-1.', { Ref: 'AWS::URLSuffix' }, '/', { Ref: Match.anyValue() }],
          ],
        },
      },
    });

    const routes = propertiesOf<RouteProps>(template, 'AWS::ApiGatewayV2::Route').filter(
      (r) => !r.RouteKey.startsWith('$'),
    );
    // Every route of the table, plus the catch-all that answers unknown /api paths with our 404 JSON.
    expect(routes.map((r) => r.RouteKey).sort()).toEqual([...ROUTE_IDS.map(routeKey), 'ANY /api/{proxy+}'].sort());
    for (const id of ROUTE_IDS) {
      const route = routes.find((r) => r.RouteKey === routeKey(id));
      if (ROUTES[id].access === 'public') {
        expect(route, id).toMatchObject({ AuthorizationType: 'NONE' });
        expect(route?.AuthorizerId, id).toBeUndefined();
      } else {
        expect(route, id).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: expect.anything() });
      }
    }
    expect(routes.map((r) => r.RouteKey)).toContain('GET /api/health');
  });

  it("throttles the default API stage at twice the peak of the stage's expected founders, and logs it", () => {
    // The throttle is the model's, and the model's carries the profile's peak with room to spare.
    expect(plan.apiThrottle.rateLimit).toBeGreaterThanOrEqual(plan.apiRequestsPerSecond * 2);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: plan.apiThrottle.rateLimit,
        ThrottlingBurstLimit: plan.apiThrottle.burstLimit,
      },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });

  it('runs one function per area and per consumer, all with the shared defaults and environment', () => {
    const functions = appFunctionsOf<FunctionProps>(template);
    // One per area, one per consumer, the realtime $connect/$disconnect handler, the table's stream consumer and the
    // consumer of Cognito's own calls and the user pool's export (Cognito's trigger aside: infra/test/auth-messages.test.ts).
    expect(functions).toHaveLength(AREAS.length + RULES.length + 4);
    for (const fn of functions) {
      expect(fn.Architectures).toEqual(['arm64']);
      expect(fn.Handler).toBe('index.handler');
      expect(fn.LoggingConfig?.LogGroup).toBeDefined();
      const variables = fn.Environment?.Variables ?? {};
      for (const name of Object.values(ENV_NAMES)) expect(variables[name], `${name}`).toBeDefined();
      expect(variables.STAGE).toBe(stageName);
      // Source maps are shipped but not loaded at start-up: --enable-source-maps costs 10–18 ms a cold start.
      expect(variables.NODE_OPTIONS).toBeUndefined();
    }
  });

  it('has a throttled, logged WebSocket API whose $connect checks the token in its handler', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'WEBSOCKET',
      RouteSelectionExpression: '$request.body.action',
    });
    const routes = propertiesOf<RouteProps>(template, 'AWS::ApiGatewayV2::Route').filter((r) =>
      r.RouteKey.startsWith('$'),
    );
    expect(routes.map((r) => r.RouteKey).sort()).toEqual(['$connect', '$disconnect']);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'live',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: plan.realtimeThrottle.rateLimit,
        ThrottlingBurstLimit: plan.realtimeThrottle.burstLimit,
      },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('connectionId') },
    });
    for (const fn of appFunctionsOf<FunctionProps>(template)) {
      expect(JSON.stringify(fn.Environment?.Variables?.[ENV_NAMES.realtimeEndpoint])).toContain('/live');
    }
    // Only the push consumer may post to connections, and only to this stage's.
    const policies = propertiesOf<{
      PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] };
    }>(template, 'AWS::IAM::Policy');
    const manage = policies.flatMap((p) =>
      p.PolicyDocument.Statement.filter((st) => [st.Action].flat().includes('execute-api:ManageConnections')),
    );
    expect(manage).toHaveLength(1);
    expect(JSON.stringify(manage[0]?.Resource)).toContain('/live/POST/@connections/*');
  });

  it('grants the table item actions only, never Scan, on the table and GSI1', () => {
    const policies = propertiesOf<{ PolicyDocument: { Statement: { Action: string | string[] }[] } }>(
      template,
      'AWS::IAM::Policy',
    );
    const actions = policies.flatMap((p) => p.PolicyDocument.Statement.flatMap((s) => [s.Action].flat()));
    expect(actions).toContain('dynamodb:Query');
    expect(actions).not.toContain('dynamodb:Scan');
    expect(actions.filter((a) => a.startsWith('dynamodb:') && a.includes('*'))).toEqual([]);
  });

  it('has the event bus and one rule per consumer, with retries and a dead-letter queue', () => {
    template.resourceCountIs('AWS::Events::EventBus', 1);
    // The user pool export's schedule aside (infra/test/user-pool-export.test.ts); the rule on the default bus for
    // Cognito's CloudTrail events counts (infra/test/cognito-sessions.test.ts).
    const rules = propertiesOf<RuleProps>(template, 'AWS::Events::Rule').filter((r) => r.EventPattern);
    expect(rules).toHaveLength(RULES.length + 1);
    for (const rule of RULES) {
      const found = rules.find((r) => r.EventPattern['detail-type'].join() === rule.events.join());
      expect(found, rule.consumer).toBeDefined();
      expect(found?.EventPattern.source).toEqual([EVENT_SOURCE]);
      expect(found?.Targets).toHaveLength(1);
      expect(found?.Targets[0]?.DeadLetterConfig?.Arn).toBeDefined();
      expect(found?.Targets[0]?.RetryPolicy).toEqual({
        MaximumRetryAttempts: RETRY_POLICY.maxAttempts,
        MaximumEventAgeInSeconds: RETRY_POLICY.maxEventAgeSeconds,
      });
    }
    // And the table stream's on-failure queue, the Cognito-sessions consumer's dead letters and the user pool export's.
    template.resourceCountIs('AWS::SQS::Queue', RULES.length + 3);
    template.allResourcesProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
    template.resourceCountIs('AWS::Lambda::EventInvokeConfig', RULES.length + 2);
    template.allResourcesProperties('AWS::Lambda::EventInvokeConfig', {
      MaximumRetryAttempts: Math.min(RETRY_POLICY.maxAttempts - 1, 2),
      MaximumEventAgeInSeconds: RETRY_POLICY.maxEventAgeSeconds,
    });
  });

  it("streams the table's changes to one consumer: filtered, partial-batch failures, bisect, bounded retries, a DLQ", () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
    const mappings = template.findResources('AWS::Lambda::EventSourceMapping');
    expect(Object.keys(mappings)).toHaveLength(1);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: STREAM_CONSUMER.batchSize,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: STREAM_CONSUMER.maxRetryAttempts,
      MaximumRecordAgeInSeconds: STREAM_CONSUMER.maxRecordAgeSeconds,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      StartingPosition: 'TRIM_HORIZON',
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
      FilterCriteria: { Filters: STREAM_FILTER_PATTERNS.map((p) => ({ Pattern: JSON.stringify(p) })) },
    });
    const consumer = appFunctionsOf<FunctionProps & { Timeout?: number }>(template).find(
      (fn) =>
        fn.Description === "Sends the outbox's domain events to EventBridge and keeps the founder directory current.",
    );
    expect(consumer?.Timeout).toBe(FUNCTION_TIMEOUT_SECONDS.stream);
  });

  it('serves the site through CloudFront with origin access control and /api/* to the HTTP API', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        CustomErrorResponses: Match.absent(),
        Origins: Match.arrayWith([
          Match.objectLike({ OriginAccessControlId: Match.anyValue(), S3OriginConfig: Match.anyValue() }),
          Match.objectLike({
            DomainName: {
              'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [Match.anyValue(), 'ApiEndpoint'] }] }],
            },
            CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }),
          }),
        ]),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          ResponseHeadersPolicyId: Match.anyValue(),
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        // Beside /_files/* (infra/test/inline-reads.test.ts).
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: Match.arrayEquals(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
            CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
            OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
            FunctionAssociations: Match.absent(),
          }),
        ]),
        Logging: Match.objectLike({ Bucket: Match.anyValue() }),
      }),
    });
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentTypeOptions: { Override: true },
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: Match.anyValue() }),
          ReferrerPolicy: Match.objectLike({ ReferrerPolicy: 'strict-origin-when-cross-origin' }),
          ContentSecurityPolicy: Match.objectLike({ ContentSecurityPolicy: Match.anyValue() }),
        }),
      },
    });
  });

  it('writes /config.json at deploy time from the pool and client of this stack', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      SourceMarkers: Match.arrayWith([
        Match.objectLike({
          '<<marker:0xbaba:0>>': { Ref: Match.stringLikeRegexp('UserPool') },
          '<<marker:0xbaba:1>>': { Ref: Match.stringLikeRegexp('WebClient') },
          '<<marker:0xbaba:2>>': { Ref: Match.stringLikeRegexp('RealtimeWebSocketApi') },
        }),
      ]),
      DistributionPaths: ['/*'],
    });
    // The browser may open the realtime WebSocket: its origin is in the CSP's connect-src.
    const [policy] = propertiesOf<{
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } };
      };
    }>(template, 'AWS::CloudFront::ResponseHeadersPolicy');
    const csp = JSON.stringify(policy?.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy);
    expect(csp).toMatch(/connect-src[^;]*wss:\/\//);
    expect(csp).toContain('RealtimeWebSocketApi');
  });

  it('exports the addresses and names operators need', () => {
    for (const name of [
      'SiteUrl',
      'ApiUrl',
      'RealtimeUrl',
      'UserPoolId',
      'UserPoolClientId',
      'TableName',
      'DataBucketName',
    ]) {
      template.hasOutput(name, {});
    }
  });

  it('passes cdk-nag AwsSolutions with every finding fixed or acknowledged', () => {
    const report = new AwsSolutionsChecks().validateScope(stack);
    const findings = report.violations.map(
      (v) => `${v.severity} ${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
    );
    expect(findings).toEqual([]);
  });
});

describe('a stage with its own domain and certificate', () => {
  const stages = cdkJsonContext().stages as Record<string, Record<string, unknown>>;
  const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f6b1c2d-aaaa-bbbb-cccc-123456789012';
  const { stack, template } = synthStage('prod', { stages: { prod: { ...stages.prod, certificateArn } } });
  const domain = 'preseed.example.com';

  it('serves the distribution on that domain with a modern TLS policy', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: [domain],
        ViewerCertificate: {
          AcmCertificateArn: certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
  });

  it('uses the domain as the site origin for CORS and SITE_URL', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: [`https://${domain}`] })] },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ [ENV_NAMES.siteUrl]: `https://${domain}` }) },
    });
  });

  it('passes the viewer-certificate check without acknowledging it', () => {
    const acknowledged = JSON.stringify(stack.site.distribution.node.metadata);
    expect(acknowledged).toMatch(/AwsSolutions-CFR1/);
    expect(acknowledged).not.toMatch(/AwsSolutions-CFR4/);
    expect(new AwsSolutionsChecks().validateScope(stack).violations).toEqual([]);
  });
});
