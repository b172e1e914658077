/**
 * The checks that follow the runbook's order (phases, the deploy's placeholder guard, quotas, the hosted zone and its
 * delegation, SES quota, alarm subscriptions), the one-line stop without credentials, and the documented policy.
 */
import { readFileSync } from 'node:fs';
import { DescribeStacksCommand, ListStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import { GetHostedZoneCommand, NoSuchHostedZone } from '@aws-sdk/client-route-53';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import {
  GetAWSDefaultServiceQuotaCommand,
  GetServiceQuotaCommand,
  NoSuchResourceException,
} from '@aws-sdk/client-service-quotas';
import { GetAccountCommand, GetEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import { ListSubscriptionsByTopicCommand } from '@aws-sdk/client-sns';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequiredQuota } from '../../infra/quotas';
import { type FakeStripe, startFakeStripe } from '../testing/fake-stripe';
import {
  ALARM_EMAIL,
  contextOf,
  DOMAIN,
  healthyAws,
  healthyStripe,
  STRIPE_KEY,
  type Tracked,
  testStage,
  ZONE,
  ZONE_NAME_SERVERS,
} from '../testing/preflight-fixture';
import { checkAlarmSubscriptions } from './alarm-checks';
import { checkSecrets } from './aws-checks';
import { type CheckResult, explainAwsError, type Phase } from './check';
import { checkHostedZone } from './dns-checks';
import { preflight } from './preflight';
import { checkQuotas, checkUnreserved } from './quota-checks';
import { checkSesIdentity, checkSesProductionAccess } from './ses-checks';
import { checkPlaceholders } from './stage-checks';

const meta = { $metadata: {} };
const statuses = (r: readonly CheckResult[]) => r.map((x) => x.status);

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

describe('Stage settings', () => {
  it('passes real values and fails each placeholder the deploy refuses, by its path', async () => {
    expect((await checkPlaceholders(setup().ctx)).status).toBe('pass');
    const result = await checkPlaceholders(
      setup({ placeholders: ['hostedZone.id: "Z_replace_me" is a placeholder'] }).ctx,
    );
    expect(result).toMatchObject({ status: 'fail', detail: expect.stringContaining('stages.prod.hostedZone.id') });
  });
});

describe('Quotas', () => {
  const extra: RequiredQuota = {
    serviceCode: 'apigateway',
    quotaCode: 'L-8A5B8E43',
    name: 'Throttle rate',
    region: 'eu-central-1',
    needed: 2000,
    why: 'the stage throttles its API at 2000 requests a second',
  };

  it('passes each quota at exactly what is needed, and fails one below with the request command', async () => {
    const [lambda] = testStage().quotas;
    if (!lambda) throw new Error('the stage needs at least the Lambda quota');
    const { ctx, mocks } = setup();
    mocks
      .serviceQuotas('eu-central-1')
      .on(GetServiceQuotaCommand)
      .resolves({ Quota: { Value: lambda.needed } });
    expect(statuses(await checkQuotas(ctx))[0]).toBe('pass');
    mocks
      .serviceQuotas('eu-central-1')
      .on(GetServiceQuotaCommand)
      .resolves({ Quota: { Value: lambda.needed - 1 } });
    const [result] = await checkQuotas(ctx);
    expect(result).toMatchObject({ status: 'fail', detail: expect.stringContaining(`${lambda.needed} needed`) });
    expect(result?.fix).toContain(
      `aws service-quotas request-service-quota-increase --region eu-central-1 --service-code lambda --quota-code ${lambda.quotaCode} --desired-value ${lambda.needed}`,
    );
    expect(result?.fix).toContain('reservedConcurrency to false');
  });

  it("reads AWS's default where no value was ever applied (a new account's 10 executions fail)", async () => {
    const { ctx, mocks } = setup();
    const quotas = mocks.serviceQuotas('eu-central-1');
    quotas.on(GetServiceQuotaCommand).rejects(new NoSuchResourceException({ message: 'no applied value', ...meta }));
    quotas.on(GetAWSDefaultServiceQuotaCommand).resolves({ Quota: { Value: 10 } });
    expect(statuses(await checkQuotas(ctx))[0]).toBe('fail');
    quotas.on(GetAWSDefaultServiceQuotaCommand).resolves({ Quota: { Value: 1000 } });
    expect(statuses(await checkQuotas(ctx))[0]).toBe('pass');
  });

  it('checks any quota the list holds, in its own region, with no change here', async () => {
    const { ctx, mocks } = setup({ quotas: [{ ...extra, region: 'us-east-1' }] });
    mocks
      .serviceQuotas('us-east-1')
      .on(GetServiceQuotaCommand)
      .resolves({ Quota: { Value: 10_000 } });
    expect(await checkQuotas(ctx)).toMatchObject([
      { status: 'pass', name: 'Quota apigateway Throttle rate us-east-1' },
    ]);
    expect(mocks.serviceQuotas('us-east-1').commandCalls(GetServiceQuotaCommand)[0]?.args[0].input).toEqual({
      ServiceCode: 'apigateway',
      QuotaCode: 'L-8A5B8E43',
    });
    mocks.serviceQuotas('us-east-1').on(GetServiceQuotaCommand).resolves({ Quota: {} });
    expect(statuses(await checkQuotas(ctx))).toEqual(['fail']);
  });

  it('warns when what others reserve in the region leaves too little; passes with no reservations at all', async () => {
    const { ctx, mocks } = setup({ reservedConcurrency: 110 });
    const settings = mocks.lambda.on(GetAccountSettingsCommand);
    settings.resolves({ AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 209 } });
    expect(await checkUnreserved(ctx)).toMatchObject({
      status: 'warn',
      detail: expect.stringContaining('791 of 1000'),
    });
    settings.resolves({ AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 210 } });
    expect((await checkUnreserved(ctx)).status).toBe('pass');
    const none = setup({ reservedConcurrency: 0 });
    expect((await checkUnreserved(none.ctx)).status).toBe('pass');
    expect(none.mocks.lambda.commandCalls(GetAccountSettingsCommand)).toHaveLength(0);
  });
});

describe('Hosted zone and its delegation', () => {
  const zoned = () => setup({ certificateArn: undefined, hostedZone: { ...ZONE } });

  it("passes a public zone of that name whose delegation is the zone's own servers (any order or case)", async () => {
    const { ctx, mocks } = zoned();
    expect(statuses(await checkHostedZone(ctx))).toEqual(['pass', 'pass']);
    expect(mocks.route53.commandCalls(GetHostedZoneCommand)[0]?.args[0].input).toEqual({ Id: ZONE.id });
  });

  it('fails a zone that does not exist, another zone, and a private one', async () => {
    const missing = zoned();
    missing.mocks.route53
      .on(GetHostedZoneCommand)
      .rejects(new NoSuchHostedZone({ message: 'No hosted zone', ...meta }));
    expect(await checkHostedZone(missing.ctx)).toMatchObject([
      { status: 'fail', detail: expect.stringContaining('has no hosted zone') },
    ]);
    const other = zoned();
    other.mocks.route53
      .on(GetHostedZoneCommand)
      .resolves({ HostedZone: { Id: ZONE.id, Name: 'elsewhere.test.', CallerReference: 'x' } });
    expect(await checkHostedZone(other.ctx)).toMatchObject([
      { status: 'fail', detail: `zone ${ZONE.id} is elsewhere.test, not ${ZONE.name}` },
    ]);
    const hidden = zoned();
    hidden.mocks.route53.on(GetHostedZoneCommand).resolves({
      HostedZone: { Id: ZONE.id, Name: `${ZONE.name}.`, CallerReference: 'x', Config: { PrivateZone: true } },
    });
    expect(statuses(await checkHostedZone(hidden.ctx))).toEqual(['fail']);
  });

  it('fails a zone public DNS does not delegate, or delegates elsewhere, naming the servers to set', async () => {
    const { ctx, dns } = zoned();
    dns.answers.delete(ZONE.name);
    const [, absent] = await checkHostedZone(ctx);
    expect(absent).toMatchObject({ status: 'fail', detail: 'public DNS has no NS records (ENOTFOUND)' });
    expect(absent?.fix).toContain(ZONE_NAME_SERVERS.join(', '));
    dns.answers.set(ZONE.name, ['ns1.registrar-parking.example', 'ns2.registrar-parking.example']);
    const [, elsewhere] = await checkHostedZone(ctx);
    expect(elsewhere).toMatchObject({ status: 'fail', detail: expect.stringContaining('ns1.registrar-parking') });
    dns.answers.set(ZONE.name, ZONE_NAME_SERVERS.slice(0, 3));
    expect(statuses(await checkHostedZone(ctx))).toEqual(['pass', 'fail']);
  });

  it('lets a DNS error other than "no such name" fail as an error, and passes a stage without a zone', async () => {
    const { ctx, dns } = zoned();
    dns.answers.set(ZONE.name, Object.assign(new Error('queryNs ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    await expect(checkHostedZone(ctx)).rejects.toThrow('ECONNREFUSED');
    expect(statuses(await checkHostedZone(setup().ctx))).toEqual(['pass']);
  });
});

describe('phases', () => {
  it('SES identity waits for the first deploy while Cognito mails by itself, and is checked when it says verified', async () => {
    const before = setup({ sesIdentityVerified: false }, 'before-first-deploy');
    expect(await checkSesIdentity(before.ctx)).toMatchObject([
      { status: 'skip', detail: expect.stringContaining('after the first deploy') },
    ]);
    expect(before.mocks.sesv2.commandCalls(GetEmailIdentityCommand)).toHaveLength(0);
    const claimed = setup({ sesIdentityVerified: true }, 'before-first-deploy');
    claimed.mocks.sesv2.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: false });
    expect(statuses(await checkSesIdentity(claimed.ctx))).toContain('fail');
  });

  it('the sandbox does not fail the first phase; paused sending does', async () => {
    const { ctx, mocks } = setup({}, 'before-first-deploy');
    mocks.sesv2.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false, SendingEnabled: true });
    expect(statuses(await checkSesProductionAccess(ctx))).toEqual(['skip']);
    mocks.sesv2.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false, SendingEnabled: false });
    expect(statuses(await checkSesProductionAccess(ctx))).toEqual(['fail']);
  });

  it("the webhook secret of a stage without a domain waits for the deploy; a domain's does not", async () => {
    const noDomain = setup({ domainName: undefined, certificateArn: undefined }, 'before-first-deploy');
    noDomain.mocks.secrets
      .on(GetSecretValueCommand, { SecretId: noDomain.stage.secrets.stripeWebhookSecret })
      .rejects(Object.assign(new Error('no secret'), { name: 'ResourceNotFoundException' }));
    expect(statuses(await checkSecrets(noDomain.ctx))).toEqual(['pass', 'skip']);
    const domain = setup({}, 'before-first-deploy');
    domain.mocks.secrets
      .on(GetSecretValueCommand, { SecretId: domain.stage.secrets.stripeWebhookSecret })
      .rejects(Object.assign(new Error('no secret'), { name: 'ResourceNotFoundException' }));
    expect(statuses(await checkSecrets(domain.ctx))).toEqual(['pass', 'fail']);
  });

  it('a whole first-phase run of a fresh prod account (sandbox, nothing deployed) fails nothing', async () => {
    const { stage, mocks, preflightClients } = setup({ sesIdentityVerified: false }, 'before-first-deploy');
    mocks.sesv2.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false, SendingEnabled: true });
    mocks.sesv2.on(GetEmailIdentityCommand).rejects(Object.assign(new Error('nope'), { name: 'NotFoundException' }));
    const results = await preflight(stage, {
      phase: 'before-first-deploy',
      clients: preflightClients,
      stripeApiBase: fake.apiBase,
    });
    expect(results.filter((r) => r.status === 'fail')).toEqual([]);
    expect(results.filter((r) => r.status === 'skip').map((r) => r.name)).toEqual([
      `SES identity ${DOMAIN}`,
      'SES production access eu-central-1',
      'Alarm subscriptions',
    ]);
  });
});

describe('SES sending quota', () => {
  const quotaOf = async (SendQuota: { Max24HourSend: number; MaxSendRate: number; SentLast24Hours: number }) => {
    const { ctx, mocks } = setup();
    mocks.sesv2.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true, SendingEnabled: true, SendQuota });
    return (await checkSesProductionAccess(ctx))[1];
  };
  it('passes a quota above the sandbox with room left', async () => {
    expect(await quotaOf({ Max24HourSend: 50_000, MaxSendRate: 14, SentLast24Hours: 10 })).toMatchObject({
      status: 'pass',
      detail: '50000 a day, 14 a second, 10 sent in the last 24 hours',
    });
  });
  it("warns at the sandbox's quota and over 80 % used", async () => {
    expect((await quotaOf({ Max24HourSend: 200, MaxSendRate: 1, SentLast24Hours: 0 }))?.status).toBe('warn');
    expect(await quotaOf({ Max24HourSend: 50_000, MaxSendRate: 14, SentLast24Hours: 40_000 })).toMatchObject({
      status: 'warn',
      detail: expect.stringContaining('over 80% used'),
    });
  });
});

describe('Alarm subscriptions', () => {
  it("passes confirmed subscriptions on both stacks' topics, and waits for the deploy in the first phase", async () => {
    expect(statuses(await checkAlarmSubscriptions(setup().ctx))).toEqual(['pass', 'pass']);
    const before = setup({}, 'before-first-deploy');
    expect(statuses(await checkAlarmSubscriptions(before.ctx))).toEqual(['skip']);
    expect(before.mocks.cloudFormation('eu-central-1').commandCalls(ListStackResourcesCommand)).toHaveLength(0);
  });

  it('fails a subscription still pending confirmation, and a topic without the address', async () => {
    const { ctx, mocks } = setup();
    mocks
      .sns('us-east-1')
      .on(ListSubscriptionsByTopicCommand)
      .resolves({
        Subscriptions: [{ Protocol: 'email', Endpoint: ALARM_EMAIL, SubscriptionArn: 'PendingConfirmation' }],
      });
    const [main, edge] = await checkAlarmSubscriptions(ctx);
    expect(main?.status).toBe('pass');
    expect(edge).toMatchObject({ status: 'fail', detail: expect.stringContaining('has not confirmed') });
    mocks.sns('us-east-1').on(ListSubscriptionsByTopicCommand).resolves({ Subscriptions: [] });
    expect((await checkAlarmSubscriptions(ctx))[1]).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining(`no email subscription for ${ALARM_EMAIL}`),
    });
  });

  it('fails a stack that is not deployed, and passes a stage that sends alarms to nobody', async () => {
    const { ctx, mocks } = setup();
    mocks
      .cloudFormation('us-east-1')
      .on(ListStackResourcesCommand)
      .rejects(
        Object.assign(new Error('Stack with id Preseed-prod-edge-alarms does not exist'), { name: 'ValidationError' }),
      );
    expect(statuses(await checkAlarmSubscriptions(ctx))).toEqual(['pass', 'fail']);
    expect(statuses(await checkAlarmSubscriptions(setup({ alarmEmail: undefined }).ctx))).toEqual(['pass']);
  });
});

describe('errors asking AWS', () => {
  it('tells no credentials, refused credentials, no network and anything else apart', () => {
    expect(
      explainAwsError(Object.assign(new Error('Could not load credentials'), { name: 'CredentialsProviderError' }))
        .detail,
    ).toMatch(/^no credentials/);
    expect(explainAwsError(Object.assign(new Error('expired'), { name: 'ExpiredToken' })).detail).toMatch(
      /^AWS refused the credentials/,
    );
    expect(
      explainAwsError(Object.assign(new Error('getaddrinfo ENOTFOUND sts'), { code: 'ENOTFOUND' })).detail,
    ).toMatch(/^cannot reach AWS/);
    expect(explainAwsError(Object.assign(new Error('timed out'), { name: 'TimeoutError' })).detail).toMatch(
      /^cannot reach AWS/,
    );
    expect(explainAwsError(Object.assign(new Error('no'), { name: 'AccessDeniedException' })).detail).toMatch(
      /^could not check \(AccessDeniedException/,
    );
  });
});

/** IAM's prefix of an SDK client's service: its id in lower case without spaces; SES v2's actions are `ses:`. */
const iamPrefix = (serviceId: string): string =>
  serviceId === 'SESv2' ? 'ses' : serviceId.toLowerCase().replace(/ /g, '');
const actionsSent = (tracked: readonly Tracked[]) =>
  tracked.flatMap((t) => t.commands().map((command) => `${iamPrefix(t.serviceId)}:${command}`));

/** Every `Action` of the JSON policy in the runbook's preflight section. */
function documentedActions(): string[] {
  const doc = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## 7. Preflight'), doc.indexOf('\n## 8.'));
  const json = /```json\n([\s\S]*?)```/.exec(section)?.[1];
  if (!json) throw new Error('docs/operations.md, step 7, has no JSON policy');
  const policy = JSON.parse(json) as { Statement: { Action: string | string[] }[] };
  return policy.Statement.flatMap((s) => [s.Action].flat());
}

describe('the documented read-only policy', () => {
  it('allows exactly the actions preflight calls, over runs that take every path', async () => {
    const sent = new Set<string>();
    const run = async (
      overrides: Parameters<typeof testStage>[0],
      arrange: (aws: ReturnType<typeof setup>) => void,
    ) => {
      const aws = setup(overrides);
      arrange(aws);
      await preflight(aws.stage, { clients: aws.preflightClients, stripeApiBase: fake.apiBase });
      for (const action of actionsSent(aws.tracked)) sent.add(action);
    };
    await run({ hostedZone: { ...ZONE } }, () => {});
    await run({ domainName: undefined, certificateArn: undefined }, (aws) =>
      aws.mocks
        .cloudFormation('eu-central-1')
        .on(DescribeStacksCommand)
        .resolves({
          Stacks: [{ StackName: 'Preseed-prod', CreationTime: new Date(), StackStatus: 'CREATE_COMPLETE' }],
        }),
    );
    await run({}, (aws) =>
      aws.mocks
        .serviceQuotas('eu-central-1')
        .on(GetServiceQuotaCommand)
        .rejects(new NoSuchResourceException({ message: 'none', ...meta })),
    );
    expect([...sent].sort()).toEqual([...new Set(documentedActions())].sort());
  });
});

/** The first column of the runbook's preflight table: each entry a check's name, `…` standing for its subject. */
function documentedChecks(): string[] {
  const doc = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## 7. Preflight'), doc.indexOf('\n## 8.'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| check ') && !line.startsWith('|---'))
    .flatMap((line) => (line.split('|')[1] ?? '').replace(/\(.*?\)|…/g, '').split(','))
    .map((entry) => entry.trim());
}

describe("the runbook's preflight table", () => {
  it('names every check preflight runs, the Bedrock ones included', async () => {
    const { stage, preflightClients } = setup({ hostedZone: { ...ZONE } });
    const results = await preflight(stage, { clients: preflightClients, stripeApiBase: fake.apiBase });
    const rows = documentedChecks();
    const missing = results.map((r) => r.name).filter((name) => !rows.some((row) => name.startsWith(row)));
    expect(missing).toEqual([]);
    expect(rows).toContain('Bedrock model access');
  });
});
