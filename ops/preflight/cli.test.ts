import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../testing/fake-stripe';
import { ACCOUNT, CERTIFICATE_ARN, healthyAws, healthyStripe, STRIPE_KEY } from '../testing/preflight-fixture';

/** A domain the deploy's placeholder guard accepts (the fixture's `.test` one is refused, as it should be). */
const DOMAIN = 'app.preseed-ops.net';

import { preflightCli } from './cli';

let fake: FakeStripe;
let dir: string;
let cdkJson: string;
let lines: string[];

beforeEach(async () => {
  fake = await startFakeStripe(STRIPE_KEY);
  const priceId = await healthyStripe(fake, `https://${DOMAIN}`);
  dir = await mkdtemp(join(tmpdir(), 'preseed-preflight-'));
  cdkJson = join(dir, 'cdk.json');
  const prod = {
    production: true,
    region: 'eu-central-1',
    account: ACCOUNT,
    domainName: DOMAIN,
    certificateArn: CERTIFICATE_ARN,
    senderEmail: `no-reply@${DOMAIN}`,
    stripePriceId: priceId,
    price: { amount: 29900, currency: 'eur' },
    secrets: {
      stripeSecretKey: 'preseed/prod/stripe-secret-key',
      stripeWebhookSecret: 'preseed/prod/stripe-webhook-secret',
    },
    alarmEmail: `ops@${DOMAIN}`,
  };
  await writeFile(cdkJson, JSON.stringify({ context: { stages: { prod } } }));
  lines = [];
});
afterEach(async () => {
  await fake.stop();
  await rm(dir, { recursive: true, force: true });
});

const options = (onAws: (aws: ReturnType<typeof healthyAws>) => void = () => {}) => ({
  cdkJsonPath: cdkJson,
  print: (line: string) => lines.push(line),
  stripeApiBase: fake.apiBase,
  clientsFor: (stage: Parameters<typeof healthyAws>[0]) => {
    const aws = healthyAws(stage);
    aws.mocks.acm
      .on(DescribeCertificateCommand)
      .resolves({ Certificate: { Status: 'ISSUED', DomainName: DOMAIN, SubjectAlternativeNames: [DOMAIN] } });
    onAws(aws);
    return aws.preflightClients;
  },
});

describe('npm run preflight', () => {
  it('exits 0 with one line per check when nothing fails', async () => {
    expect(await preflightCli(['--stage', 'prod'], options())).toBe(0);
    expect(lines[0]).toBe(`Preflight of stage prod (eu-central-1, account ${ACCOUNT}), full check`);
    expect(lines.slice(1, -1).every((l) => /^(PASS|WARN) {2}/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^All checks passed/);
  });

  it('exits 1 when a check fails, and prints its fix', async () => {
    const code = await preflightCli(
      ['--stage', 'prod'],
      options((aws) => aws.mocks.sesv2.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false })),
    );
    expect(code).toBe(1);
    expect(lines.find((l) => l.startsWith('FAIL'))).toContain('— fix: aws sesv2 put-account-details');
    expect(lines.at(-1)).toMatch(
      /^1 check\(s\) failed, \d+ warning\(s\), 0 to check after the first deploy: fix the failures before deploying\.$/,
    );
  });

  it('exits 2 without a stage, before asking AWS anything', async () => {
    let asked = false;
    expect(
      await preflightCli(
        [],
        options(() => (asked = true)),
      ),
    ).toBe(2);
    expect(lines).toEqual(['Name a stage: --stage <name> (one of: prod).']);
    expect(asked).toBe(false);
  });

  it('before the first deploy, passes an account still in the SES sandbox and says what waits for the deploy', async () => {
    const sandbox = (aws: ReturnType<typeof healthyAws>) =>
      aws.mocks.sesv2.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false, SendingEnabled: true });
    expect(await preflightCli(['--stage', 'prod', '--before-first-deploy'], options(sandbox))).toBe(0);
    expect(lines[0]).toMatch(/, before the first deploy$/);
    const skipped = lines.filter((l) => l.startsWith('SKIP'));
    expect(skipped.map((l) => l.split(':')[0])).toEqual([
      `SKIP  SES identity ${DOMAIN}`,
      'SKIP  SES production access eu-central-1',
      'SKIP  Alarm subscriptions',
    ]);
    expect(skipped.every((l) => l.includes('after the first deploy'))).toBe(true);
    expect(lines.at(-1)).toMatch(/^All checks passed \(\d+ warning\(s\), 3 to check after the first deploy\)\.$/);
    // The full check after the deploy holds the sandbox against a production stage.
    lines = [];
    expect(await preflightCli(['--stage', 'prod'], options(sandbox))).toBe(1);
  });

  it('fails the placeholders the deploy would refuse, through the same guard', async () => {
    const cdk = JSON.parse(await readFile(cdkJson, 'utf8'));
    cdk.context.stages.prod.hostedZone = { id: 'Z_replace_me', name: 'preseed-ops.net' };
    cdk.context.stages.prod.alarmEmail = 'ops@example.com';
    await writeFile(cdkJson, JSON.stringify(cdk));
    expect(await preflightCli(['--stage', 'prod'], options())).toBe(1);
    const line = lines.find((l) => l.startsWith('FAIL  Stage settings'));
    expect(line).toContain('stages.prod.hostedZone.id: "Z_replace_me" is a placeholder');
    expect(line).toContain('stages.prod.alarmEmail: "ops@example.com" is an example domain');
  });

  it('stops after the account check with one line that tells no credentials from no network', async () => {
    const noCredentials = Object.assign(new Error('Could not load credentials from any providers'), {
      name: 'CredentialsProviderError',
    });
    expect(
      await preflightCli(
        ['--stage', 'prod'],
        options((aws) => aws.mocks.sts.on(GetCallerIdentityCommand).rejects(noCredentials)),
      ),
    ).toBe(1);
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([
      expect.stringMatching(
        /^FAIL {2}AWS account: no credentials \(CredentialsProviderError: .*\); no other check ran — fix: sign in first/,
      ),
    ]);
    expect(lines).toHaveLength(4); // the heading, Stage settings, the account, the summary
    lines = [];
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' });
    await preflightCli(
      ['--stage', 'prod'],
      options((aws) => aws.mocks.sts.on(GetCallerIdentityCommand).rejects(refused)),
    );
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([
      expect.stringMatching(
        /^FAIL {2}AWS account: cannot reach AWS \(Error: connect ECONNREFUSED .*— fix: check the network/,
      ),
    ]);
  });

  it('exits 2 on a flag it does not know, naming the usage', async () => {
    expect(await preflightCli(['--stage', 'prod', '--before-deploy'], options())).toBe(2);
    expect(lines.join('\n')).toContain('Usage: npm run preflight -- --stage <name> [--before-first-deploy]');
  });
});
