/** The preflight run: every check in the order an operator fixes them, against the stage's AWS clients. */
import { Resolver } from 'node:dns/promises';
import { ACMClient } from '@aws-sdk/client-acm';
import { BedrockClient } from '@aws-sdk/client-bedrock';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CloudTrailClient } from '@aws-sdk/client-cloudtrail';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { Route53Client } from '@aws-sdk/client-route-53';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ServiceQuotasClient } from '@aws-sdk/client-service-quotas';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SNSClient } from '@aws-sdk/client-sns';
import { SSMClient } from '@aws-sdk/client-ssm';
import { STSClient } from '@aws-sdk/client-sts';
import { CLOUDFRONT_REGION } from '../../infra/edge-stack';
import { memoByKey } from '../lib/memo';
import { readSecretValue } from '../lib/secrets';
import { AWS_CLIENT_OPTIONS, type OpsStage } from '../lib/stage';
import { checkAlarmSubscriptions } from './alarm-checks';
import { checkAccount, checkBootstrap, checkCertificate, checkSecrets } from './aws-checks';
import { checkBedrockModel } from './bedrock-checks';
import type { CheckDefinition, CheckResult, Phase, PreflightClients } from './check';
import { runChecks } from './check';
import { checkHostedZone } from './dns-checks';
import { checkQuotas, checkUnreserved } from './quota-checks';
import { checkSesIdentity, checkSesProductionAccess } from './ses-checks';
import { checkPlaceholders } from './stage-checks';
import { checkStripePrice, checkStripeWebhook } from './stripe-checks';
import { checkManagementTrail } from './trail-checks';

/** Route 53's API lives in us-east-1 whatever the zone. */
const ROUTE53_REGION = 'us-east-1';

export const CHECKS: readonly CheckDefinition[] = [
  { name: 'Stage settings', run: checkPlaceholders },
  { name: 'AWS account', run: checkAccount, stopsOnFailure: true },
  { name: 'CDK bootstrap', run: checkBootstrap },
  { name: 'Quotas', run: checkQuotas },
  { name: 'Lambda reservations', run: checkUnreserved },
  { name: 'Hosted zone', run: checkHostedZone },
  { name: 'Certificate', run: checkCertificate },
  { name: 'Secrets', run: checkSecrets },
  { name: 'Stripe price', run: checkStripePrice },
  { name: 'Stripe webhook', run: checkStripeWebhook },
  { name: 'Bedrock model', run: checkBedrockModel },
  { name: 'SES identity', run: checkSesIdentity },
  { name: 'SES production access', run: checkSesProductionAccess },
  { name: 'CloudTrail management events', run: checkManagementTrail },
  { name: 'Alarm subscriptions', run: checkAlarmSubscriptions },
];

export function stageClients(stage: OpsStage): PreflightClients {
  const inStage = { region: stage.region, ...AWS_CLIENT_OPTIONS };
  const cloudFormationIn = memoByKey((region) => new CloudFormationClient({ ...inStage, region }));
  return {
    sts: new STSClient(inStage),
    ssm: memoByKey((region) => new SSMClient({ ...inStage, region })),
    lambda: new LambdaClient(inStage),
    sesv2: new SESv2Client(inStage),
    acm: new ACMClient({ ...inStage, region: CLOUDFRONT_REGION }),
    secrets: new SecretsManagerClient(inStage),
    cloudFormation: cloudFormationIn(stage.region),
    cloudFormationIn,
    bedrock: memoByKey((region) => new BedrockClient({ ...inStage, region })),
    route53: new Route53Client({ ...inStage, region: ROUTE53_REGION }),
    serviceQuotas: memoByKey((region) => new ServiceQuotasClient({ ...inStage, region })),
    sns: memoByKey((region) => new SNSClient({ ...inStage, region })),
    cloudTrail: new CloudTrailClient(inStage),
    dns: new Resolver({ timeout: 5_000, tries: 2 }),
  };
}

export async function preflight(
  stage: OpsStage,
  options: { phase?: Phase; clients?: PreflightClients; stripeApiBase?: string } = {},
): Promise<CheckResult[]> {
  const clients = options.clients ?? stageClients(stage);
  const secret = memoByKey((name) => readSecretValue(clients.secrets, name));
  return runChecks(
    {
      stage,
      phase: options.phase ?? 'full',
      clients,
      secret,
      ...(options.stripeApiBase ? { stripeApiBase: options.stripeApiBase } : {}),
    },
    CHECKS,
  );
}
