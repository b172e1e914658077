/** Preflight checks of the AWS account itself: credentials, CDK bootstrap, certificate, secrets. */
import { DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import { CLOUDFRONT_REGION } from '../../infra/edge-stack';
import { storeStripeKeyCommand } from '../lib/secrets';
import { stripeModeOf } from '../lib/stripe';
import { afterFirstDeploy, type CheckResult, fail, type PreflightContext, pass } from './check';

/** The parameter `cdk bootstrap` writes for the stage's qualifier; the CLI reads the same one before every deploy. */
export const bootstrapVersionParameter = (qualifier: string): string => `/cdk-bootstrap/${qualifier}/version`;
/** The bootstrap version the default synthesizer's templates require (`requiresBootstrapStackVersion`). */
export const MIN_BOOTSTRAP_VERSION = 6;

export async function checkAccount({ stage, clients }: PreflightContext): Promise<CheckResult> {
  const name = 'AWS account';
  const { Account: actual } = await clients.sts.send(new GetCallerIdentityCommand({}));
  if (!stage.account) {
    return fail(
      name,
      `cdk.json names no account for stage ${stage.name} (your credentials are for ${actual})`,
      `set context.stages.${stage.name}.account to the 12-digit account the stage belongs in`,
    );
  }
  if (actual !== stage.account) {
    return fail(
      name,
      `your credentials are for account ${actual}, stage ${stage.name} deploys to ${stage.account}`,
      `use credentials of account ${stage.account} (e.g. AWS_PROFILE=<its profile>), or correct context.stages.${stage.name}.account`,
    );
  }
  return pass(name, `credentials are for ${actual}, the stage's account`);
}

export async function checkBootstrap({ stage, clients }: PreflightContext): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const parameter = bootstrapVersionParameter(stage.bootstrapQualifier);
  for (const region of stage.deployRegions) {
    const name = `CDK bootstrap ${region}`;
    // Every Region at once, with the stage's qualifier (ops/bootstrap).
    const fix = `npm run bootstrap -- --stage ${stage.name}`;
    try {
      const out = await clients.ssm(region).send(new GetParameterCommand({ Name: parameter }));
      const version = Number(out.Parameter?.Value);
      results.push(
        Number.isInteger(version) && version >= MIN_BOOTSTRAP_VERSION
          ? pass(name, `bootstrapped (version ${version})`)
          : fail(name, `bootstrap version ${out.Parameter?.Value} is older than ${MIN_BOOTSTRAP_VERSION}`, fix),
      );
    } catch (err) {
      if (!(err instanceof Error && err.name === 'ParameterNotFound')) throw err;
      results.push(fail(name, `not bootstrapped for qualifier ${stage.bootstrapQualifier} (no ${parameter})`, fix));
    }
  }
  return results;
}

/** An exact name, or a wildcard one label deep (`*.example.com` covers `app.example.com`, not `example.com`). */
export function certificateCovers(names: readonly string[], domain: string): boolean {
  const wanted = domain.toLowerCase();
  return names.some((raw) => {
    const name = raw.toLowerCase();
    if (!name.startsWith('*.')) return name === wanted;
    const dot = wanted.indexOf('.');
    return dot > 0 && wanted.slice(dot + 1) === name.slice(2);
  });
}

export async function checkCertificate({ stage, clients }: PreflightContext): Promise<CheckResult> {
  const name = 'Certificate';
  const domain = stage.domainName;
  if (!domain) return pass(name, 'no domainName: the site is served on its cloudfront.net address');
  if (!stage.certificateArn) {
    if (stage.hostedZone) {
      return pass(name, `the stack requests it for ${domain} in us-east-1, validated in zone ${stage.hostedZone.name}`);
    }
    return fail(
      name,
      `${domain} has neither a certificateArn nor a hostedZone`,
      `request one: aws acm request-certificate --region ${CLOUDFRONT_REGION} --domain-name ${domain} ` +
        `--validation-method DNS, create its validation record, then set context.stages.${stage.name}.certificateArn`,
    );
  }
  const arnRegion = stage.certificateArn.split(':')[3];
  if (arnRegion !== CLOUDFRONT_REGION) {
    return fail(
      name,
      `${stage.certificateArn} is in ${arnRegion}; CloudFront takes certificates from ${CLOUDFRONT_REGION} only`,
      `request the certificate in ${CLOUDFRONT_REGION} and put its ARN in context.stages.${stage.name}.certificateArn`,
    );
  }
  const out = await clients.acm.send(new DescribeCertificateCommand({ CertificateArn: stage.certificateArn }));
  const certificate = out.Certificate;
  const names = [certificate?.DomainName, ...(certificate?.SubjectAlternativeNames ?? [])].filter(
    (n): n is string => typeof n === 'string',
  );
  if (certificate?.Status !== 'ISSUED') {
    return fail(
      name,
      `certificate is ${certificate?.Status ?? 'unknown'}, not ISSUED`,
      `create its DNS validation record (aws acm describe-certificate --region ${CLOUDFRONT_REGION} ` +
        `--certificate-arn ${stage.certificateArn} --query Certificate.DomainValidationOptions) and wait for ISSUED`,
    );
  }
  if (!certificateCovers(names, domain)) {
    return fail(
      name,
      `certificate covers ${names.join(', ')}, not ${domain}`,
      `request a certificate for ${domain} in ${CLOUDFRONT_REGION} and put its ARN in context.stages.${stage.name}.certificateArn`,
    );
  }
  return pass(name, `issued in ${CLOUDFRONT_REGION}, covers ${domain}`);
}

export async function checkSecrets({ stage, phase, secret }: PreflightContext): Promise<CheckResult[]> {
  const { stripeSecretKey, stripeWebhookSecret } = stage.secrets;
  const results: CheckResult[] = [];

  const keyName = `Secret ${stripeSecretKey}`;
  const key = await secret(stripeSecretKey);
  const keyFix = `paste the Stripe secret key into: ${storeStripeKeyCommand(stage.region, stripeSecretKey, key.state !== 'missing')}`;
  if (key.state !== 'present') {
    results.push(fail(keyName, key.state === 'missing' ? 'does not exist' : 'is empty', keyFix));
  } else {
    const mode = stripeModeOf(key.value);
    if (mode === 'unknown') {
      results.push(fail(keyName, 'is not a Stripe secret key (sk_… or rk_…)', keyFix));
    } else if (stage.production && mode === 'test') {
      results.push(
        fail(keyName, 'holds a test-mode key on a production stage', keyFix.replace('the Stripe', 'the live Stripe')),
      );
    } else {
      results.push(pass(keyName, `present (${mode} mode)`));
    }
  }

  const hookName = `Secret ${stripeWebhookSecret}`;
  // stripe:setup stores it with the endpoint, which a stage without a domain only gets after its first deploy.
  if (!stage.domainName && phase === 'before-first-deploy') {
    results.push(afterFirstDeploy(hookName, `npm run stripe:setup -- --stage ${stage.name} stores it`));
    return results;
  }
  const hook = await secret(stripeWebhookSecret);
  const hookFix = `npm run stripe:setup -- --stage ${stage.name} (creates the webhook endpoint and stores its signing secret)`;
  if (hook.state !== 'present') {
    results.push(fail(hookName, hook.state === 'missing' ? 'does not exist' : 'is empty', hookFix));
  } else if (!hook.value.startsWith('whsec_')) {
    results.push(fail(hookName, 'is not a Stripe webhook signing secret (whsec_…)', hookFix));
  } else {
    results.push(pass(hookName, 'present'));
  }
  return results;
}
