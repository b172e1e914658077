import { DescribeCertificateCommand } from '@aws-sdk/client-acm';
import {
  GetFoundationModelAvailabilityCommand,
  GetInferenceProfileCommand,
  ThrottlingException,
} from '@aws-sdk/client-bedrock';
import { DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { GetSecretValueCommand, ResourceNotFoundException } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, NotFoundException } from '@aws-sdk/client-sesv2';
import { GetParameterCommand, ParameterNotFound } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stripeClient } from '../lib/stripe';
import { type FakeStripe, startFakeStripe } from '../testing/fake-stripe';
import {
  ACCOUNT,
  BEDROCK_REGIONS,
  contextOf,
  DOMAIN,
  healthyAws,
  healthyStripe,
  STRIPE_KEY,
  testStage,
  WEBHOOK_SECRET,
} from '../testing/preflight-fixture';
import { certificateCovers, checkAccount, checkBootstrap, checkCertificate, checkSecrets } from './aws-checks';
import { checkBedrockModel } from './bedrock-checks';
import { type CheckResult, failed, formatResult, type Phase, runChecks } from './check';
import { CHECKS, preflight } from './preflight';
import { checkSesIdentity, checkSesProductionAccess } from './ses-checks';
import { checkStripePrice, checkStripeWebhook } from './stripe-checks';

const meta = { $metadata: {} };
const statuses = (r: CheckResult | CheckResult[]) => (Array.isArray(r) ? r : [r]).map((x) => x.status);

let fake: FakeStripe;
let priceId: string;

beforeEach(async () => {
  fake = await startFakeStripe(STRIPE_KEY);
  priceId = await healthyStripe(fake);
});
afterEach(() => fake.stop());

function setup(overrides: Parameters<typeof testStage>[0] = {}, phase: Phase = 'full') {
  const stage = testStage({ stripePriceId: priceId, ...overrides });
  const aws = healthyAws(stage);
  return { stage, ...aws, ctx: contextOf(stage, aws.preflightClients, fake, phase) };
}

describe('preflight as a whole', () => {
  it('passes every check of a ready stage, one line each, and does not fail the run', async () => {
    const { stage, preflightClients } = setup();
    const results = await preflight(stage, { clients: preflightClients, stripeApiBase: fake.apiBase });
    expect(results.map((r) => `${r.status} ${r.name}`)).toEqual([
      'pass Stage settings',
      'pass AWS account',
      'pass CDK bootstrap eu-central-1',
      'pass CDK bootstrap us-east-1',
      ...stage.quotas.map((q) => `pass Quota ${q.serviceCode} ${q.name} ${q.region}`),
      'pass Lambda reservations',
      'pass Hosted zone',
      'pass Certificate',
      'pass Secret preseed/prod/stripe-secret-key',
      'pass Secret preseed/prod/stripe-webhook-secret',
      `pass Stripe price ${priceId}`,
      'pass Stripe webhook',
      'pass Bedrock profile Regions',
      ...BEDROCK_REGIONS.map((region) => `pass Bedrock model access ${region}`),
      `pass SES identity ${DOMAIN}`,
      `pass SES DKIM ${DOMAIN}`,
      'pass SES production access eu-central-1',
      'pass SES sending quota eu-central-1',
      'pass CloudTrail management events',
      'pass Alarm subscriptions Preseed-prod',
      'pass Alarm subscriptions Preseed-prod-edge-alarms',
    ]);
    expect(failed(results)).toBe(false);
    expect(CHECKS).toHaveLength(15);
  });

  it('never prints a secret value', async () => {
    const { stage, preflightClients } = setup();
    const lines = (await preflight(stage, { clients: preflightClients, stripeApiBase: fake.apiBase })).map(
      formatResult,
    );
    expect(lines.join('\n')).not.toContain(STRIPE_KEY);
    expect(lines.join('\n')).not.toContain(WEBHOOK_SECRET);
  });

  it('turns an error while asking AWS into that check failing, and the run failing', async () => {
    const { ctx } = setup();
    const denied = async () => {
      throw Object.assign(new Error('not authorized to perform lambda:GetAccountSettings'), {
        name: 'AccessDeniedException',
      });
    };
    const results = await runChecks(ctx, [{ name: 'Lambda concurrency', run: denied }]);
    expect(results).toEqual([expect.objectContaining({ name: 'Lambda concurrency', status: 'fail' })]);
    expect(results[0]?.detail).toContain('could not check (AccessDeniedException');
    expect(results[0]?.fix).toContain('read-only actions of docs/operations.md, step 7');
    expect(failed(results)).toBe(true);
    expect(formatResult(results[0] as CheckResult)).toMatch(/^FAIL {2}Lambda concurrency: could not check .* — fix: /);
  });

  it('a warning alone does not fail the run', () => {
    expect(failed([{ name: 'x', status: 'warn', detail: 'd', fix: 'f' }])).toBe(false);
  });
});

describe('AWS account', () => {
  it('passes when the credentials are the stage account', async () => {
    expect(statuses(await checkAccount(setup().ctx))).toEqual(['pass']);
  });
  it('fails on another account, naming both', async () => {
    const { ctx, mocks } = setup();
    mocks.sts.on(GetCallerIdentityCommand).resolves({ Account: '999999999999' });
    const result = await checkAccount(ctx);
    expect(result).toMatchObject({ status: 'fail' });
    expect(result.detail).toContain('999999999999');
    expect(result.detail).toContain(ACCOUNT);
  });
  it('fails when cdk.json names no account', async () => {
    const result = await checkAccount(setup({ account: undefined }).ctx);
    expect(result).toMatchObject({ status: 'fail' });
    expect(result.fix).toContain('context.stages.prod.account');
  });
});

describe('CDK bootstrap', () => {
  it('passes when both regions are bootstrapped', async () => {
    expect(statuses(await checkBootstrap(setup().ctx))).toEqual(['pass', 'pass']);
  });
  it('fails for us-east-1 alone when only the stage region is bootstrapped, with the command', async () => {
    const { ctx, mocks } = setup();
    mocks.ssmEast
      .on(GetParameterCommand, { Name: '/cdk-bootstrap/prod/version' })
      .rejects(new ParameterNotFound({ message: 'not found', ...meta }));
    const [stageRegion, east] = await checkBootstrap(ctx);
    expect(stageRegion?.status).toBe('pass');
    expect(east).toMatchObject({ status: 'fail', fix: 'npm run bootstrap -- --stage prod' });
    expect(east?.detail).toContain('/cdk-bootstrap/prod/version');
  });
  it('fails on a bootstrap older than the templates need', async () => {
    const { ctx, mocks } = setup();
    mocks.ssmStage
      .on(GetParameterCommand, { Name: '/cdk-bootstrap/prod/version' })
      .resolves({ Parameter: { Value: '5' } });
    expect(statuses(await checkBootstrap(ctx))).toEqual(['fail', 'pass']);
  });
  it("reads the stage's own qualifier: an account bootstrapped only for another stage fails", async () => {
    const { preflightClients } = setup();
    const other = testStage({ stripePriceId: priceId, bootstrapQualifier: 'dev' });
    const results = await checkBootstrap(contextOf(other, preflightClients, fake));
    expect(statuses(results)).toEqual(['fail', 'fail']);
    expect(results[0]?.detail).toContain('/cdk-bootstrap/dev/version');
  });
  it('checks every Region the stage deploys into, once each', async () => {
    const { ctx } = setup({ region: 'us-east-1', deployRegions: ['us-east-1'] });
    expect((await checkBootstrap(ctx)).map((r) => r.name)).toEqual(['CDK bootstrap us-east-1']);
  });
});

describe('SES identity and DKIM', () => {
  it('passes a verified domain with DKIM', async () => {
    expect(statuses(await checkSesIdentity(setup().ctx))).toEqual(['pass', 'pass']);
  });
  it('fails an unverified identity on a stage that says it is verified, listing the DKIM records', async () => {
    const { ctx, mocks } = setup({ sesIdentityVerified: true });
    mocks.sesv2.on(GetEmailIdentityCommand).resolves({
      VerifiedForSendingStatus: false,
      DkimAttributes: { Status: 'PENDING', Tokens: ['tok1'] },
    });
    const [identity, dkim] = await checkSesIdentity(ctx);
    expect(identity).toMatchObject({ status: 'fail' });
    expect(identity?.fix).toContain(`tok1._domainkey.${DOMAIN} CNAME tok1.dkim.amazonses.com`);
    expect(dkim).toMatchObject({ status: 'fail' });
  });
  it('only warns about an unverified identity while Cognito still mails by itself', async () => {
    const { ctx, mocks } = setup({ sesIdentityVerified: false });
    mocks.sesv2
      .on(GetEmailIdentityCommand)
      .resolves({ VerifiedForSendingStatus: false, DkimAttributes: { Status: 'PENDING' } });
    expect(statuses(await checkSesIdentity(ctx))).toEqual(['warn', 'warn']);
  });
  it('fails a missing identity when the stage says verified; warns before the first deploy otherwise', async () => {
    const missing = new NotFoundException({ message: 'not found', ...meta });
    const verified = setup({ sesIdentityVerified: true });
    verified.mocks.sesv2.on(GetEmailIdentityCommand).rejects(missing);
    expect(statuses(await checkSesIdentity(verified.ctx))).toEqual(['fail']);
    const first = setup({ sesIdentityVerified: false });
    first.mocks.sesv2.on(GetEmailIdentityCommand).rejects(missing);
    expect(statuses(await checkSesIdentity(first.ctx))).toEqual(['warn']);
  });
  it('checks the sender address (no DKIM line) on a stage without a domain', async () => {
    const { ctx, mocks } = setup({ domainName: undefined, certificateArn: undefined, senderEmail: 'dev@preseed.test' });
    const results = await checkSesIdentity(ctx);
    expect(results.map((r) => `${r.status} ${r.name}`)).toEqual(['pass SES identity dev@preseed.test']);
    expect(mocks.sesv2.commandCalls(GetEmailIdentityCommand)[0]?.args[0].input.EmailIdentity).toBe('dev@preseed.test');
  });
  it('says to flip sesIdentityVerified once the identity is verified', async () => {
    const [identity] = await checkSesIdentity(setup({ sesIdentityVerified: false }).ctx);
    expect(identity).toMatchObject({ status: 'warn' });
    expect(identity?.fix).toContain('sesIdentityVerified to true');
  });
});

describe('SES production access', () => {
  it('passes out of the sandbox', async () => {
    expect(statuses(await checkSesProductionAccess(setup().ctx))).toEqual(['pass', 'pass']);
  });
  it('fails a production stage in the sandbox with the put-account-details command', async () => {
    const { ctx, mocks } = setup();
    mocks.sesv2.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false, SendingEnabled: true });
    const [result] = await checkSesProductionAccess(ctx);
    expect(result?.status).toBe('fail');
    expect(result?.fix).toContain('aws sesv2 put-account-details --region eu-central-1 --production-access-enabled');
  });
  it('only warns for a non-production stage, and says when the request is pending', async () => {
    const { ctx, mocks } = setup({ production: false });
    mocks.sesv2.on(GetAccountCommand).resolves({
      ProductionAccessEnabled: false,
      SendingEnabled: true,
      Details: { ReviewDetails: { Status: 'PENDING' } },
    });
    const [result] = await checkSesProductionAccess(ctx);
    expect(result?.status).toBe('warn');
    expect(result?.detail).toContain('pending');
  });
  it('fails when sending is paused', async () => {
    const { ctx, mocks } = setup();
    mocks.sesv2.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true, SendingEnabled: false });
    expect(statuses(await checkSesProductionAccess(ctx))).toEqual(['fail']);
  });
});

describe('Certificate', () => {
  it('passes an issued us-east-1 certificate covering the domain, also by a wildcard', async () => {
    const { ctx, mocks } = setup();
    expect((await checkCertificate(ctx)).status).toBe('pass');
    mocks.acm
      .on(DescribeCertificateCommand)
      .resolves({ Certificate: { Status: 'ISSUED', DomainName: '*.preseed.test' } });
    expect((await checkCertificate(ctx)).status).toBe('pass');
  });
  it('fails a certificate still pending validation', async () => {
    const { ctx, mocks } = setup();
    mocks.acm
      .on(DescribeCertificateCommand)
      .resolves({ Certificate: { Status: 'PENDING_VALIDATION', DomainName: DOMAIN } });
    expect(await checkCertificate(ctx)).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('PENDING_VALIDATION'),
    });
  });
  it('fails a certificate for another name', async () => {
    const { ctx, mocks } = setup();
    mocks.acm.on(DescribeCertificateCommand).resolves({ Certificate: { Status: 'ISSUED', DomainName: 'other.test' } });
    expect(await checkCertificate(ctx)).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('not app.preseed.test'),
    });
  });
  it('fails a certificate outside us-east-1 without asking ACM', async () => {
    const { ctx, mocks } = setup({ certificateArn: `arn:aws:acm:eu-central-1:${ACCOUNT}:certificate/x` });
    expect((await checkCertificate(ctx)).status).toBe('fail');
    expect(mocks.acm.commandCalls(DescribeCertificateCommand)).toHaveLength(0);
  });
  it('fails a domain with neither certificate nor hosted zone; passes one the stack validates in its zone', async () => {
    expect((await checkCertificate(setup({ certificateArn: undefined }).ctx)).status).toBe('fail');
    const zoned = setup({ certificateArn: undefined, hostedZone: { id: 'Z123', name: 'preseed.test' } });
    expect((await checkCertificate(zoned.ctx)).status).toBe('pass');
  });
  it('wildcards cover one label only', () => {
    expect(certificateCovers(['*.preseed.test'], 'app.preseed.test')).toBe(true);
    expect(certificateCovers(['*.preseed.test'], 'preseed.test')).toBe(false);
    expect(certificateCovers(['*.preseed.test'], 'a.b.preseed.test')).toBe(false);
    expect(certificateCovers(['APP.preseed.test'], 'app.preseed.test')).toBe(true);
  });
});

describe('Secrets', () => {
  it('passes both secrets present', async () => {
    expect(statuses(await checkSecrets(setup().ctx))).toEqual(['pass', 'pass']);
  });
  it('fails a missing key and an empty webhook secret, without printing either', async () => {
    const { ctx, mocks, stage } = setup();
    mocks.secrets
      .on(GetSecretValueCommand, { SecretId: stage.secrets.stripeSecretKey })
      .rejects(new ResourceNotFoundException({ message: 'no such secret', ...meta }));
    mocks.secrets
      .on(GetSecretValueCommand, { SecretId: stage.secrets.stripeWebhookSecret })
      .resolves({ SecretString: '  ' });
    const [key, hook] = await checkSecrets(ctx);
    expect(key).toMatchObject({ status: 'fail', detail: 'does not exist' });
    expect(key?.fix).toContain(
      'read -rs STRIPE_KEY && printf %s "$STRIPE_KEY" | aws secretsmanager create-secret --name preseed/prod/stripe-secret-key --region eu-central-1 --secret-string file:///dev/stdin',
    );
    expect(hook).toMatchObject({ status: 'fail', detail: 'is empty' });
    expect(hook?.fix).toContain('npm run stripe:setup -- --stage prod');
  });
  it('fails a test key on a production stage, and values that are not Stripe secrets', async () => {
    const { ctx, mocks, stage } = setup();
    mocks.secrets
      .on(GetSecretValueCommand, { SecretId: stage.secrets.stripeSecretKey })
      .resolves({ SecretString: 'sk_test_abc' });
    mocks.secrets
      .on(GetSecretValueCommand, { SecretId: stage.secrets.stripeWebhookSecret })
      .resolves({ SecretString: 'hunter2' });
    const [key, hook] = await checkSecrets(ctx);
    expect(key?.detail).toContain('test-mode key on a production stage');
    expect(key?.fix).toContain(
      'paste the live Stripe secret key into: read -rs STRIPE_KEY && printf %s "$STRIPE_KEY" | aws secretsmanager put-secret-value',
    );
    expect(hook?.status).toBe('fail');
    expect(JSON.stringify([key, hook])).not.toContain('hunter2');
  });
});

describe('Stripe price', () => {
  it('passes the stage price', async () => {
    expect(await checkStripePrice(setup().ctx)).toMatchObject({ status: 'pass' });
  });
  it('fails a price that does not exist', async () => {
    const result = await checkStripePrice(setup({ stripePriceId: 'price_prod_replace_me' }).ctx);
    expect(result).toMatchObject({ status: 'fail' });
    expect(result.fix).toContain('npm run stripe:setup -- --stage prod');
  });
  it('fails another amount, currency or a recurring price, naming each difference', async () => {
    const stripe = stripeClient(fake.secretKey, fake.apiBase);
    const product = await stripe.products.create({ name: 'x' });
    const monthly = await stripe.prices.create({
      product: product.id,
      unit_amount: 19900,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    const result = await checkStripePrice(setup({ stripePriceId: monthly.id }).ctx);
    expect(result.status).toBe('fail');
    expect(result.detail).toContain('recurring, not one_time');
    expect(result.detail).toContain('amount 19900 ≠ 29900');
    expect(result.detail).toContain('currency usd ≠ eur');
  });
  it('fails when there is no key to ask Stripe with', async () => {
    const { ctx, mocks, stage } = setup();
    mocks.secrets.on(GetSecretValueCommand, { SecretId: stage.secrets.stripeSecretKey }).resolves({ SecretString: '' });
    expect((await checkStripePrice(ctx)).status).toBe('fail');
  });
});

describe('Stripe webhook', () => {
  it('passes an enabled endpoint for the site with checkout.session.completed', async () => {
    expect(await checkStripeWebhook(setup().ctx)).toMatchObject({ status: 'pass' });
  });
  it('fails when no endpoint has the stage URL', async () => {
    const result = await checkStripeWebhook(setup({ domainName: 'other.preseed.test' }).ctx);
    expect(result).toMatchObject({
      status: 'fail',
      detail: 'no endpoint for https://other.preseed.test/api/payments/webhook',
    });
  });
  it('fails an endpoint without the event, and a disabled one', async () => {
    const { ctx } = setup();
    const [endpoint] = fake.webhookEndpoints.values();
    if (!endpoint) throw new Error('fixture endpoint missing');
    endpoint.enabled_events = ['payment_intent.succeeded'];
    expect((await checkStripeWebhook(ctx)).detail).toContain('does not send checkout.session.completed');
    endpoint.enabled_events = ['*'];
    expect((await checkStripeWebhook(ctx)).status).toBe('pass');
    endpoint.status = 'disabled';
    expect((await checkStripeWebhook(ctx)).detail).toContain('is disabled');
  });
  it("uses the deployed stack's SiteUrl without a domain, and fails when the stack is not there", async () => {
    const { ctx, mocks } = setup({ domainName: undefined, certificateArn: undefined });
    mocks
      .cloudFormation('eu-central-1')
      .on(DescribeStacksCommand)
      .resolves({
        Stacks: [
          {
            StackName: 'Preseed-prod',
            CreationTime: new Date(),
            StackStatus: 'CREATE_COMPLETE',
            Outputs: [{ OutputKey: 'SiteUrl', OutputValue: `https://${DOMAIN}` }],
          },
        ],
      });
    expect((await checkStripeWebhook(ctx)).status).toBe('pass');
    mocks
      .cloudFormation('eu-central-1')
      .on(DescribeStacksCommand)
      .rejects(Object.assign(new Error('Stack with id Preseed-prod does not exist'), { name: 'ValidationError' }));
    const missing = await checkStripeWebhook(ctx);
    expect(missing).toMatchObject({ status: 'fail', detail: expect.stringContaining('not deployed yet') });
  });
  it('waits for the first deploy on a stage without a domain, asking nothing', async () => {
    const { ctx, mocks } = setup({ domainName: undefined, certificateArn: undefined }, 'before-first-deploy');
    expect(await checkStripeWebhook(ctx)).toMatchObject({
      status: 'skip',
      detail: expect.stringContaining('after the first deploy'),
    });
    expect(mocks.cloudFormation('eu-central-1').commandCalls(DescribeStacksCommand)).toHaveLength(0);
    // With a domain the URL is known: the webhook is checked before the first deploy too.
    expect(await checkStripeWebhook(setup({}, 'before-first-deploy').ctx)).toMatchObject({ status: 'pass' });
  });
});

describe('Bedrock model', () => {
  const profileIn = (regions: string[]) => ({
    models: regions.map((region) => ({
      modelArn: `arn:aws:bedrock:${region}::foundation-model/amazon.nova-lite-v1:0`,
    })),
  });

  it("passes when the grant's Regions are the profile's and the model is available in each, calling no model", async () => {
    const { ctx, mocks } = setup();
    expect(statuses(await checkBedrockModel(ctx))).toEqual(['pass', ...BEDROCK_REGIONS.map(() => 'pass')]);
    expect(mocks.bedrock('eu-central-1').commandCalls(GetInferenceProfileCommand)[0]?.args[0].input).toEqual({
      inferenceProfileIdentifier: 'eu.amazon.nova-lite-v1:0',
    });
    for (const region of BEDROCK_REGIONS) {
      expect(mocks.bedrock(region).commandCalls(GetFoundationModelAvailabilityCommand)[0]?.args[0].input).toEqual({
        modelId: 'amazon.nova-lite-v1:0',
      });
    }
  });

  it('fails when the profile routes to a Region the grant leaves out, and names the list to set', async () => {
    const { ctx, mocks } = setup();
    mocks
      .bedrock('eu-central-1')
      .on(GetInferenceProfileCommand)
      .resolves(profileIn(['eu-central-1', 'eu-north-1', 'eu-south-1', 'eu-west-1', 'eu-west-3']));
    const [regions] = await checkBedrockModel(ctx);
    expect(regions).toMatchObject({ status: 'fail', detail: expect.stringContaining('also routes to eu-south-1') });
    expect(regions?.fix).toContain('["eu-central-1","eu-north-1","eu-south-1","eu-west-1","eu-west-3"]');
  });

  it('warns when the grant lists a Region the profile does not route to', async () => {
    const { ctx, mocks } = setup();
    mocks
      .bedrock('eu-central-1')
      .on(GetInferenceProfileCommand)
      .resolves(profileIn(['eu-central-1', 'eu-west-1']));
    expect(statuses(await checkBedrockModel(ctx))[0]).toBe('warn');
  });

  it('fails a Region where the account may not use the model, saying where to enable it', async () => {
    const { ctx, mocks } = setup();
    mocks
      .bedrock('eu-west-3')
      .on(GetFoundationModelAvailabilityCommand)
      .resolves({
        modelId: 'amazon.nova-lite-v1:0',
        authorizationStatus: 'NOT_AUTHORIZED',
        entitlementAvailability: 'NOT_AVAILABLE',
        regionAvailability: 'AVAILABLE',
        agreementAvailability: { status: 'AVAILABLE' },
      });
    const results = await checkBedrockModel(ctx);
    const access = results.find((r) => r.name === 'Bedrock model access eu-west-3');
    expect(access).toMatchObject({ status: 'fail', detail: expect.stringContaining('not authorized') });
    expect(access?.detail).toContain('not entitled');
    expect(access?.fix).toMatch(/eu-west-3.*Model access.*amazon\.nova-lite-v1:0/);
    expect(results.filter((r) => r.status === 'fail')).toHaveLength(1);
  });

  it('fails a model not offered in the Region or a failed agreement; warns while the agreement is pending', async () => {
    const { ctx, mocks } = setup({ bedrock: { modelId: 'amazon.nova-micro-v1:0' } });
    const availability = mocks.bedrock('eu-central-1').on(GetFoundationModelAvailabilityCommand);
    availability.resolves({ modelId: 'm', regionAvailability: 'NOT_AVAILABLE' });
    expect(await checkBedrockModel(ctx)).toMatchObject([
      { status: 'fail', detail: expect.stringContaining('not offered') },
    ]);
    availability.resolves({ modelId: 'm', agreementAvailability: { status: 'ERROR', errorMessage: 'card declined' } });
    expect(await checkBedrockModel(ctx)).toMatchObject([
      { status: 'fail', detail: expect.stringContaining('card declined') },
    ]);
    availability.resolves({ modelId: 'm', agreementAvailability: { status: 'PENDING' } });
    expect(statuses(await checkBedrockModel(ctx))).toEqual(['warn']);
  });

  it('lets any other error fail the check as an error asking AWS', async () => {
    const { ctx, mocks } = setup();
    mocks
      .bedrock('eu-central-1')
      .on(GetFoundationModelAvailabilityCommand)
      .rejects(new ThrottlingException({ message: 'slow down', $metadata: {} }));
    await expect(checkBedrockModel(ctx)).rejects.toThrow('slow down');
  });

  it('checks only the model in the stage Region for a foundation model id, and warns on production without any model', async () => {
    const plain = setup({ bedrock: { modelId: 'amazon.nova-micro-v1:0' } });
    expect((await checkBedrockModel(plain.ctx)).map((r) => r.name)).toEqual(['Bedrock model access eu-central-1']);
    expect(plain.mocks.bedrock('eu-central-1').commandCalls(GetInferenceProfileCommand)).toEqual([]);
    expect(statuses(await checkBedrockModel(setup({ bedrock: false }).ctx))).toEqual(['warn']);
    expect(statuses(await checkBedrockModel(setup({ bedrock: false, production: false }).ctx))).toEqual(['pass']);
  });
});
