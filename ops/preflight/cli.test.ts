import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../testing/fake-stripe';
import { ACCOUNT, CERTIFICATE_ARN, DOMAIN, healthyAws, healthyStripe, STRIPE_KEY } from '../testing/preflight-fixture';
import { preflightCli } from './cli';

let fake: FakeStripe;
let dir: string;
let cdkJson: string;
let lines: string[];

beforeEach(async () => {
  fake = await startFakeStripe(STRIPE_KEY);
  const priceId = await healthyStripe(fake);
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
    onAws(aws);
    return aws.preflightClients;
  },
});

describe('npm run preflight', () => {
  it('exits 0 with one line per check when nothing fails', async () => {
    expect(await preflightCli(['--stage', 'prod'], options())).toBe(0);
    expect(lines[0]).toBe(`Preflight of stage prod (eu-central-1, account ${ACCOUNT})`);
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
    expect(lines.at(-1)).toMatch(/^1 check\(s\) failed, \d+ warning\(s\): fix the failures before deploying\.$/);
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
});
