/**
 * A stage whose every preflight check passes: AWS answers from aws-sdk-client-mock (one mock per client
 * instance, so the stage region and us-east-1 answer apart) and Stripe from the local fake. Tests change
 * one answer at a time to see that check fail.
 */
import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { BedrockClient, GetInferenceProfileCommand } from '@aws-sdk/client-bedrock';
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetParameterCommand, ParameterNotFound, SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import { HANDLED_WEBHOOK_EVENTS } from '../../functions/integrations/stripe';
import { memoByKey } from '../lib/memo';
import { readSecretValue } from '../lib/secrets';
import type { OpsStage } from '../lib/stage';
import { stripeClient } from '../lib/stripe';
import type { PreflightClients, PreflightContext } from '../preflight/check';
import type { FakeStripe } from './fake-stripe';

export const ACCOUNT = '111122223333';
export const DOMAIN = 'app.preseed.test';
export const CERTIFICATE_ARN = `arn:aws:acm:us-east-1:${ACCOUNT}:certificate/0f0e0d0c-1111-2222-3333-444455556666`;
export const STRIPE_KEY = 'sk_live_fake_preseed';
export const WEBHOOK_SECRET = 'whsec_stored_for_tests';

export const BEDROCK_PROFILE = 'eu.amazon.nova-lite-v1:0';
export const BEDROCK_REGIONS = ['eu-central-1', 'eu-north-1', 'eu-west-1', 'eu-west-3'] as const;

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
    stackName: 'Preseed-prod',
    edgeStackName: 'Preseed-prod-edge',
    bootstrapQualifier: 'prod',
    ...overrides,
  };
}

/** Fresh clients, each with its own mock already answering "all is well". */
export function healthyAws(stage: OpsStage) {
  const clients = {
    sts: new STSClient({ region: stage.region }),
    ssmStage: new SSMClient({ region: stage.region }),
    ssmEast: new SSMClient({ region: 'us-east-1' }),
    lambda: new LambdaClient({ region: stage.region }),
    sesv2: new SESv2Client({ region: stage.region }),
    acm: new ACMClient({ region: 'us-east-1' }),
    secrets: new SecretsManagerClient({ region: stage.region }),
    cloudFormation: new CloudFormationClient({ region: stage.region }),
    bedrock: new BedrockClient({ region: stage.region }),
    bedrockRuntime: new BedrockRuntimeClient({ region: stage.region }),
  };
  const mocks = {
    sts: mockClient(clients.sts),
    ssmStage: mockClient(clients.ssmStage),
    ssmEast: mockClient(clients.ssmEast),
    lambda: mockClient(clients.lambda),
    sesv2: mockClient(clients.sesv2),
    acm: mockClient(clients.acm),
    secrets: mockClient(clients.secrets),
    cloudFormation: mockClient(clients.cloudFormation),
    bedrock: mockClient(clients.bedrock),
    bedrockRuntime: mockClient(clients.bedrockRuntime),
  };
  mocks.bedrock.on(GetInferenceProfileCommand).resolves({
    inferenceProfileId: BEDROCK_PROFILE,
    models: BEDROCK_REGIONS.map((region) => ({
      modelArn: `arn:aws:bedrock:${region}::foundation-model/amazon.nova-lite-v1:0`,
    })),
  });
  mocks.bedrockRuntime.on(ConverseCommand).resolves({
    stopReason: 'end_turn',
    output: { message: { role: 'assistant', content: [{ text: 'OK' }] } },
    usage: { inputTokens: 8, outputTokens: 2, totalTokens: 10 },
  });
  mocks.sts.on(GetCallerIdentityCommand).resolves({ Account: ACCOUNT });
  // Only the stage's own qualifier is bootstrapped: any other parameter is not found, as SSM answers.
  const bootstrapVersion = { Name: `/cdk-bootstrap/${stage.bootstrapQualifier}/version` };
  for (const ssm of [mocks.ssmStage, mocks.ssmEast]) {
    ssm.on(GetParameterCommand).rejects(new ParameterNotFound({ message: 'not found', $metadata: {} }));
    ssm.on(GetParameterCommand, bootstrapVersion).resolves({ Parameter: { Value: '28' } });
  }
  mocks.lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 1000 } });
  mocks.sesv2.on(GetEmailIdentityCommand).resolves({
    VerifiedForSendingStatus: true,
    DkimAttributes: { Status: 'SUCCESS', Tokens: ['tok1', 'tok2', 'tok3'] },
  });
  mocks.sesv2.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true, SendingEnabled: true });
  mocks.acm.on(DescribeCertificateCommand).resolves({
    Certificate: { Status: 'ISSUED', DomainName: DOMAIN, SubjectAlternativeNames: [DOMAIN] },
  });
  mocks.secrets
    .on(GetSecretValueCommand, { SecretId: stage.secrets.stripeSecretKey })
    .resolves({ SecretString: STRIPE_KEY });
  mocks.secrets
    .on(GetSecretValueCommand, { SecretId: stage.secrets.stripeWebhookSecret })
    .resolves({ SecretString: WEBHOOK_SECRET });
  const preflightClients: PreflightClients = {
    sts: clients.sts,
    ssm: (region) => (region === 'us-east-1' ? clients.ssmEast : clients.ssmStage),
    lambda: clients.lambda,
    sesv2: clients.sesv2,
    acm: clients.acm,
    secrets: clients.secrets,
    cloudFormation: clients.cloudFormation,
    bedrock: clients.bedrock,
    bedrockRuntime: clients.bedrockRuntime,
  };
  return { clients, mocks, preflightClients };
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

export function contextOf(stage: OpsStage, clients: PreflightClients, fake: FakeStripe): PreflightContext {
  return {
    stage,
    clients,
    secret: memoByKey((name) => readSecretValue(clients.secrets, name)),
    stripeApiBase: fake.apiBase,
  };
}
