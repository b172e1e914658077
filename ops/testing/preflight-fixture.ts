/**
 * A stage whose every preflight check passes: AWS answers from aws-sdk-client-mock (one mock per client
 * instance, so each region answers apart) and Stripe from the local fake. Tests change one answer at a
 * time to see that check fail.
 */
import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import {
  BedrockClient,
  GetFoundationModelAvailabilityCommand,
  GetInferenceProfileCommand,
} from '@aws-sdk/client-bedrock';
import { CloudFormationClient, ListStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import {
  CloudTrailClient,
  DescribeTrailsCommand,
  GetEventSelectorsCommand,
  GetTrailStatusCommand,
} from '@aws-sdk/client-cloudtrail';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetHostedZoneCommand, Route53Client } from '@aws-sdk/client-route-53';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetServiceQuotaCommand, ServiceQuotasClient } from '@aws-sdk/client-service-quotas';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { ListSubscriptionsByTopicCommand, SNSClient } from '@aws-sdk/client-sns';
import { GetParameterCommand, ParameterNotFound, SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { type AwsClientStub, mockClient } from 'aws-sdk-client-mock';
import { HANDLED_WEBHOOK_EVENTS } from '../../functions/integrations/stripe';
import { requiredQuotas } from '../../infra/quotas';
import { parseStages } from '../../infra/stages';
import { memoByKey } from '../lib/memo';
import { readSecretValue } from '../lib/secrets';
import type { OpsStage } from '../lib/stage';
import { stripeClient } from '../lib/stripe';
import type { NameServerResolver, Phase, PreflightClients, PreflightContext } from '../preflight/check';
import type { FakeStripe } from './fake-stripe';

export const ACCOUNT = '111122223333';
export const DOMAIN = 'app.preseed.test';
export const ZONE = { id: 'Z0123456789ABCDEFGHIJ', name: 'preseed.test' } as const;
export const ZONE_NAME_SERVERS = [
  'ns-1.awsdns-01.org',
  'ns-2.awsdns-02.co.uk',
  'ns-3.awsdns-03.com',
  'ns-4.awsdns-04.net',
] as const;
export const CERTIFICATE_ARN = `arn:aws:acm:us-east-1:${ACCOUNT}:certificate/0f0e0d0c-1111-2222-3333-444455556666`;
export const STRIPE_KEY = 'sk_live_fake_preseed';
export const WEBHOOK_SECRET = 'whsec_stored_for_tests';
export const ALARM_EMAIL = `ops@${DOMAIN}`;

/** The account's trail in a ready account: multi-Region, logging, CloudTrail's default selectors (all management). */
export const TRAIL_ARN = `arn:aws:cloudtrail:us-east-1:${ACCOUNT}:trail/management-events`;

export const BEDROCK_PROFILE = 'eu.amazon.nova-lite-v1:0';
export const BEDROCK_REGIONS = ['eu-central-1', 'eu-north-1', 'eu-west-1', 'eu-west-3'] as const;

/** The quotas a production stage of the fixture needs, from the same list the preflight reads. */
const fixtureQuotas = () =>
  requiredQuotas(
    (
      parseStages({
        prod: {
          production: true,
          region: 'eu-central-1',
          senderEmail: `no-reply@${DOMAIN}`,
          stripePriceId: 'price_unset',
          price: { amount: 29900, currency: 'eur' },
          secrets: { stripeSecretKey: 'k', stripeWebhookSecret: 'w' },
          alarmEmail: ALARM_EMAIL,
        },
      }) as Record<string, Parameters<typeof requiredQuotas>[0]>
    ).prod as Parameters<typeof requiredQuotas>[0],
  );

export function testStage(overrides: Partial<OpsStage> = {}): OpsStage {
  return {
    name: 'prod',
    production: true,
    region: 'eu-central-1',
    account: ACCOUNT,
    domainName: DOMAIN,
    certificateArn: CERTIFICATE_ARN,
    hostedZone: undefined,
    senderEmail: `no-reply@${DOMAIN}`,
    sesIdentityVerified: true,
    stripePriceId: 'price_unset',
    price: { amount: 29900, currency: 'eur' },
    secrets: {
      stripeSecretKey: 'preseed/prod/stripe-secret-key',
      stripeWebhookSecret: 'preseed/prod/stripe-webhook-secret',
    },
    reservedConcurrency: 110,
    bedrock: { modelId: BEDROCK_PROFILE, profileRegions: [...BEDROCK_REGIONS] },
    alarmEmail: ALARM_EMAIL,
    quotas: fixtureQuotas(),
    placeholders: [],
    stackName: 'Preseed-prod',
    edgeStackName: 'Preseed-prod-edge',
    edgeAlarmsStackName: 'Preseed-prod-edge-alarms',
    bootstrapQualifier: 'prod',
    deployRegions: ['eu-central-1', 'us-east-1'],
    ...overrides,
  };
}

/** Every client the fixture made, with its mock: what preflight sent, for the test of its documented policy. */
export interface Tracked {
  readonly serviceId: string;
  readonly commands: () => string[];
}

function track(tracked: Tracked[], client: object, mock: { calls: () => { args: unknown[] }[] }): void {
  const serviceId = (client as { config: { serviceId: string } }).config.serviceId;
  tracked.push({
    serviceId,
    commands: () => mock.calls().map((call) => (call.args[0] as object).constructor.name.replace(/Command$/, '')),
  });
}

/** A client per region, each with its own mock, set up by `healthy` when first asked for. */
function perRegion<C extends object>(
  tracked: Tracked[],
  make: (region: string) => C,
  healthy: (mock: AwsClientStub<C>, region: string) => void,
) {
  const mocks = new Map<string, AwsClientStub<C>>();
  const client = memoByKey((region) => {
    const made = make(region);
    // The generic C is each caller's concrete client; mockClient's own parameter type cannot be named for it.
    const mock = mockClient(made as unknown as Parameters<typeof mockClient>[0]) as unknown as AwsClientStub<C>;
    healthy(mock, region);
    track(tracked, made, mock);
    mocks.set(region, mock);
    return made;
  });
  const mock = (region: string): AwsClientStub<C> => {
    client(region);
    return mocks.get(region) as AwsClientStub<C>;
  };
  return { client, mock };
}

const topicArn = (region: string, stack: string) => `arn:aws:sns:${region}:${ACCOUNT}:${stack}-AlarmTopic`;

/** Fresh clients, each with its own mock already answering "all is well". */
export function healthyAws(stage: OpsStage) {
  const tracked: Tracked[] = [];
  const clients = {
    sts: new STSClient({ region: stage.region }),
    ssmStage: new SSMClient({ region: stage.region }),
    ssmEast: new SSMClient({ region: 'us-east-1' }),
    lambda: new LambdaClient({ region: stage.region }),
    sesv2: new SESv2Client({ region: stage.region }),
    acm: new ACMClient({ region: 'us-east-1' }),
    secrets: new SecretsManagerClient({ region: stage.region }),
    route53: new Route53Client({ region: 'us-east-1' }),
    cloudTrail: new CloudTrailClient({ region: stage.region }),
  };
  const bedrock = perRegion(
    tracked,
    (region) => new BedrockClient({ region }),
    (mock) => {
      mock.on(GetInferenceProfileCommand).resolves({
        inferenceProfileId: BEDROCK_PROFILE,
        models: BEDROCK_REGIONS.map((r) => ({
          modelArn: `arn:aws:bedrock:${r}::foundation-model/amazon.nova-lite-v1:0`,
        })),
      });
      mock.on(GetFoundationModelAvailabilityCommand).resolves({
        modelId: 'amazon.nova-lite-v1:0',
        agreementAvailability: { status: 'AVAILABLE' },
        authorizationStatus: 'AUTHORIZED',
        entitlementAvailability: 'AVAILABLE',
        regionAvailability: 'AVAILABLE',
      });
    },
  );
  const serviceQuotas = perRegion(
    tracked,
    (region) => new ServiceQuotasClient({ region }),
    // A ready account: every quota the stage needs is granted exactly (the checks' boundary tests go below it).
    (mock) =>
      mock.on(GetServiceQuotaCommand).callsFake(({ QuotaCode }: { QuotaCode?: string }) => ({
        Quota: { Value: Math.max(0, ...stage.quotas.filter((q) => q.quotaCode === QuotaCode).map((q) => q.needed)) },
      })),
  );
  const stackOf = (region: string) => (region === 'us-east-1' ? stage.edgeAlarmsStackName : stage.stackName);
  const cloudFormation = perRegion(
    tracked,
    (region) => new CloudFormationClient({ region }),
    (mock, region) =>
      mock.on(ListStackResourcesCommand).resolves({
        StackResourceSummaries: [
          {
            LogicalResourceId: 'AlarmTopic',
            ResourceType: 'AWS::SNS::Topic',
            PhysicalResourceId: topicArn(region, stackOf(region)),
            ResourceStatus: 'CREATE_COMPLETE',
            LastUpdatedTimestamp: new Date(0),
          },
        ],
      }),
  );
  const sns = perRegion(
    tracked,
    (region) => new SNSClient({ region }),
    (mock, region) =>
      mock.on(ListSubscriptionsByTopicCommand).resolves({
        Subscriptions: [
          {
            Protocol: 'email',
            Endpoint: stage.alarmEmail ?? ALARM_EMAIL,
            TopicArn: topicArn(region, stackOf(region)),
            SubscriptionArn: `${topicArn(region, stackOf(region))}:0b1c2d3e`,
          },
        ],
      }),
  );
  const mocks = {
    sts: mockClient(clients.sts),
    ssmStage: mockClient(clients.ssmStage),
    ssmEast: mockClient(clients.ssmEast),
    lambda: mockClient(clients.lambda),
    sesv2: mockClient(clients.sesv2),
    acm: mockClient(clients.acm),
    secrets: mockClient(clients.secrets),
    route53: mockClient(clients.route53),
    cloudTrail: mockClient(clients.cloudTrail),
    bedrock: bedrock.mock,
    serviceQuotas: serviceQuotas.mock,
    cloudFormation: cloudFormation.mock,
    sns: sns.mock,
  };
  for (const key of [
    'sts',
    'ssmStage',
    'ssmEast',
    'lambda',
    'sesv2',
    'acm',
    'secrets',
    'route53',
    'cloudTrail',
  ] as const) {
    track(tracked, clients[key], mocks[key]);
  }
  mocks.sts.on(GetCallerIdentityCommand).resolves({ Account: ACCOUNT });
  mocks.cloudTrail.on(DescribeTrailsCommand).resolves({
    trailList: [{ Name: 'management-events', TrailARN: TRAIL_ARN, HomeRegion: 'us-east-1', IsMultiRegionTrail: true }],
  });
  mocks.cloudTrail.on(GetTrailStatusCommand).resolves({ IsLogging: true });
  mocks.cloudTrail
    .on(GetEventSelectorsCommand)
    .resolves({ TrailARN: TRAIL_ARN, EventSelectors: [{ ReadWriteType: 'All', IncludeManagementEvents: true }] });
  // Only the stage's own qualifier is bootstrapped: any other parameter is not found, as SSM answers.
  const bootstrapVersion = { Name: `/cdk-bootstrap/${stage.bootstrapQualifier}/version` };
  for (const ssm of [mocks.ssmStage, mocks.ssmEast]) {
    ssm.on(GetParameterCommand).rejects(new ParameterNotFound({ message: 'not found', $metadata: {} }));
    ssm.on(GetParameterCommand, bootstrapVersion).resolves({ Parameter: { Value: '28' } });
  }
  mocks.lambda
    .on(GetAccountSettingsCommand)
    .resolves({ AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 1000 } });
  mocks.sesv2.on(GetEmailIdentityCommand).resolves({
    VerifiedForSendingStatus: true,
    DkimAttributes: { Status: 'SUCCESS', Tokens: ['tok1', 'tok2', 'tok3'] },
  });
  mocks.sesv2.on(GetAccountCommand).resolves({
    ProductionAccessEnabled: true,
    SendingEnabled: true,
    SendQuota: { Max24HourSend: 50_000, MaxSendRate: 14, SentLast24Hours: 120 },
  });
  mocks.acm.on(DescribeCertificateCommand).resolves({
    Certificate: { Status: 'ISSUED', DomainName: DOMAIN, SubjectAlternativeNames: [DOMAIN] },
  });
  mocks.route53.on(GetHostedZoneCommand).resolves({
    HostedZone: {
      Id: `/hostedzone/${ZONE.id}`,
      Name: `${ZONE.name}.`,
      CallerReference: 'x',
      Config: { PrivateZone: false },
    },
    DelegationSet: { NameServers: [...ZONE_NAME_SERVERS] },
  });
  mocks.secrets
    .on(GetSecretValueCommand, { SecretId: stage.secrets.stripeSecretKey })
    .resolves({ SecretString: STRIPE_KEY });
  mocks.secrets
    .on(GetSecretValueCommand, { SecretId: stage.secrets.stripeWebhookSecret })
    .resolves({ SecretString: WEBHOOK_SECRET });
  /** Public DNS as the tests set it: by default the zone is delegated to its own servers (in another order). */
  const dns: NameServerResolver & { answers: Map<string, string[] | Error> } = {
    answers: new Map([[ZONE.name, [...ZONE_NAME_SERVERS].reverse().map((s) => `${s.toUpperCase()}.`)]]),
    async resolveNs(hostname) {
      const answer = this.answers.get(hostname);
      if (answer instanceof Error) throw answer;
      if (!answer) throw Object.assign(new Error(`queryNs ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return answer;
    },
  };
  const preflightClients: PreflightClients = {
    sts: clients.sts,
    ssm: (region) => (region === 'us-east-1' ? clients.ssmEast : clients.ssmStage),
    lambda: clients.lambda,
    sesv2: clients.sesv2,
    acm: clients.acm,
    secrets: clients.secrets,
    cloudFormation: cloudFormation.client(stage.region),
    cloudFormationIn: cloudFormation.client,
    bedrock: bedrock.client,
    route53: clients.route53,
    serviceQuotas: serviceQuotas.client,
    sns: sns.client,
    cloudTrail: clients.cloudTrail,
    dns,
  };
  return { clients, mocks, dns, preflightClients, tracked };
}

/** The stage's price and webhook endpoint on the fake, as stripe:setup leaves them; returns the price id. */
export async function healthyStripe(fake: FakeStripe, siteUrl = `https://${DOMAIN}`): Promise<string> {
  const stripe = stripeClient(fake.secretKey, fake.apiBase);
  const product = await stripe.products.create({ name: 'Preseed — founder access' });
  const price = await stripe.prices.create({ product: product.id, unit_amount: 29900, currency: 'eur' });
  await stripe.webhookEndpoints.create({
    url: `${siteUrl}/api/payments/webhook`,
    enabled_events: [...HANDLED_WEBHOOK_EVENTS],
  });
  return price.id;
}

export function contextOf(
  stage: OpsStage,
  clients: PreflightClients,
  fake: FakeStripe,
  phase: Phase = 'full',
): PreflightContext {
  return {
    stage,
    phase,
    clients,
    secret: memoByKey((name) => readSecretValue(clients.secrets, name)),
    stripeApiBase: fake.apiBase,
  };
}
