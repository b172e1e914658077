/** The preflight run: every check in the order an operator fixes them, against the stage's AWS clients. */
import { ACMClient } from '@aws-sdk/client-acm';
import { BedrockClient } from '@aws-sdk/client-bedrock';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SSMClient } from '@aws-sdk/client-ssm';
import { STSClient } from '@aws-sdk/client-sts';
import { CLOUDFRONT_REGION } from '../../infra/edge-stack';
import { memoByKey } from '../lib/memo';
import { readSecretValue } from '../lib/secrets';
import { AWS_CLIENT_OPTIONS, type OpsStage } from '../lib/stage';
import { checkAccount, checkBootstrap, checkCertificate, checkConcurrency, checkSecrets } from './aws-checks';
import { checkBedrockModel } from './bedrock-checks';
import type { Check, CheckResult, PreflightClients } from './check';
import { runChecks } from './check';
import { checkSesIdentity, checkSesProductionAccess } from './ses-checks';
import { checkStripePrice, checkStripeWebhook } from './stripe-checks';

export const CHECKS: readonly { name: string; run: Check }[] = [
  { name: 'AWS account', run: checkAccount },
  { name: 'CDK bootstrap', run: checkBootstrap },
  { name: 'Lambda concurrency', run: checkConcurrency },
  { name: 'SES identity', run: checkSesIdentity },
  { name: 'SES production access', run: checkSesProductionAccess },
  { name: 'Certificate', run: checkCertificate },
  { name: 'Secrets', run: checkSecrets },
  { name: 'Stripe price', run: checkStripePrice },
  { name: 'Stripe webhook', run: checkStripeWebhook },
  { name: 'Bedrock model', run: checkBedrockModel },
];

export function stageClients(stage: OpsStage): PreflightClients {
  const inStage = { region: stage.region, ...AWS_CLIENT_OPTIONS };
  return {
    sts: new STSClient(inStage),
    ssm: memoByKey((region) => new SSMClient({ ...inStage, region })),
    lambda: new LambdaClient(inStage),
    sesv2: new SESv2Client(inStage),
    acm: new ACMClient({ ...inStage, region: CLOUDFRONT_REGION }),
    secrets: new SecretsManagerClient(inStage),
    cloudFormation: new CloudFormationClient(inStage),
    bedrock: new BedrockClient(inStage),
    bedrockRuntime: new BedrockRuntimeClient(inStage),
  };
}

export async function preflight(
  stage: OpsStage,
  options: { clients?: PreflightClients; stripeApiBase?: string } = {},
): Promise<CheckResult[]> {
  const clients = options.clients ?? stageClients(stage);
  const secret = memoByKey((name) => readSecretValue(clients.secrets, name));
  return runChecks(
    { stage, clients, secret, ...(options.stripeApiBase ? { stripeApiBase: options.stripeApiBase } : {}) },
    CHECKS,
  );
}
