import { App, RemovalPolicy } from 'aws-cdk-lib';
import type { Node } from 'constructs';
import { describe, expect, it } from 'vitest';
import { RULES } from '#shared/events';
import { capacityPlan } from '../capacity-model';
import {
  DEFAULT_EXPECTED_FOUNDERS,
  NO_ALARM_EMAIL,
  parseStages,
  RESERVED_CONCURRENCY_BUDGET,
  removalPolicyOf,
  StageConfigError,
  stagesFromContext,
  toolkitStackNameOf,
} from '../stages';
import { cdkJsonContext } from './synth';

const valid = {
  production: false,
  region: 'eu-central-1',
  account: '',
  domainName: '',
  certificateArn: '',
  senderEmail: 'dev@example.com',
  stripePriceId: 'price_123',
  price: { amount: 29900, currency: 'eur' },
  secrets: { stripeSecretKey: 'preseed/dev/stripe', stripeWebhookSecret: 'preseed/dev/webhook' },
  supportChatId: '',
  aiWebhookUrls: {},
};

const contextNode = (context: Record<string, unknown>): Node => new App({ context }).node;

/** A production stage as cdk.json must give it: with an address for alarm notifications. */
const production = { ...valid, production: true, alarmEmail: 'ops@example.com' };

describe('stage configuration', () => {
  it('accepts the stages in cdk.json, with dev and prod among them', () => {
    const stages = parseStages(cdkJsonContext().stages);
    expect(Object.keys(stages)).toEqual(expect.arrayContaining(['dev', 'prod']));
    expect(stages.prod?.production).toBe(true);
    expect(stages.dev?.production).toBe(false);
  });

  it('turns empty strings into absent values', () => {
    const dev = parseStages({ dev: valid }).dev;
    expect(dev).toMatchObject({ name: 'dev', domainName: undefined, certificateArn: undefined, account: undefined });
    expect(dev?.supportChatId).toBeUndefined();
  });

  it('selects the stage named by -c stage=..., and every stage without one only for a check', () => {
    const stages = { dev: valid, prod: production };
    expect(stagesFromContext(contextNode({ stages, stage: 'prod', check: 'true' })).map((s) => s.name)).toEqual([
      'prod',
    ]);
    expect(stagesFromContext(contextNode({ stages, check: 'true' })).map((s) => s.name)).toEqual(['dev', 'prod']);
  });

  it('names the known stages when the stage is unknown', () => {
    expect(() => stagesFromContext(contextNode({ stages: { dev: valid }, stage: 'staging' }))).toThrow(
      /Unknown stage "staging"\. Known stages: dev/,
    );
  });

  it('reports every invalid field with its path', () => {
    const broken = { ...valid, senderEmail: 'not-an-address', stripePriceId: 'prod_1', region: 'Frankfurt' };
    let message = '';
    try {
      parseStages({ dev: broken });
    } catch (error) {
      expect(error).toBeInstanceOf(StageConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/dev\.senderEmail/);
    expect(message).toMatch(/dev\.stripePriceId/);
    expect(message).toMatch(/dev\.region/);
  });

  it('rejects unknown keys, a certificate without a domain, and a sender outside the domain', () => {
    expect(() => parseStages({ dev: { ...valid, retain: true } })).toThrow(StageConfigError);
    expect(() =>
      parseStages({ dev: { ...valid, certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123' } }),
    ).toThrow(/certificateArn needs a domainName/);
    expect(() => parseStages({ dev: { ...valid, domainName: 'preseed.example.com' } })).toThrow(
      /must be an address at preseed\.example\.com/,
    );
    expect(() => parseStages({ Dev: valid })).toThrow(StageConfigError);
    expect(() => parseStages(undefined)).toThrow(/no "stages" context/);
  });

  it('accepts AI webhook URLs per phase, https only', () => {
    const url = 'https://automations.example.com/hook';
    expect(parseStages({ dev: { ...valid, aiWebhookUrls: { trigger: url } } }).dev?.aiWebhookUrls).toEqual({
      trigger: url,
    });
    expect(() => parseStages({ dev: { ...valid, aiWebhookUrls: { trigger: 'http://x.example.com' } } })).toThrow();
    expect(() => parseStages({ dev: { ...valid, aiWebhookUrls: { launch: url } } })).toThrow();
  });

  it('retains resources only on production stages', () => {
    const [dev, prod] = stagesFromContext(contextNode({ stages: { dev: valid, prod: production }, check: true }));
    expect(dev && removalPolicyOf(dev)).toBe(RemovalPolicy.DESTROY);
    expect(prod && removalPolicyOf(prod)).toBe(RemovalPolicy.RETAIN);
  });
});

describe('alarm notifications of a production stage', () => {
  const message = (raw: unknown): string => {
    try {
      parseStages(raw);
    } catch (error) {
      expect(error).toBeInstanceOf(StageConfigError);
      return (error as Error).message;
    }
    return '';
  };

  it('are required: a prod stage without alarmEmail, or with an empty one, does not synthesize', () => {
    const { alarmEmail: _, ...withoutEmail } = production;
    for (const prod of [withoutEmail, { ...production, alarmEmail: '' }]) {
      const text = message({ prod });
      expect(text).toMatch(/prod\.alarmEmail/);
      expect(text).toMatch(/a production stage needs an address for alarm notifications/);
      expect(text).toContain(`"${NO_ALARM_EMAIL}"`);
    }
    expect(() => stagesFromContext(contextNode({ stages: { prod: withoutEmail }, stage: 'prod' }))).toThrow(
      StageConfigError,
    );
  });

  it('may be declined explicitly with "none", which subscribes nobody', () => {
    const prod = parseStages({ prod: { ...production, alarmEmail: NO_ALARM_EMAIL } }).prod;
    expect(prod?.production).toBe(true);
    expect(prod?.alarmEmail).toBeUndefined();
  });

  it('are optional on other stages, and an address must be one', () => {
    expect(parseStages({ dev: valid }).dev?.alarmEmail).toBeUndefined();
    expect(parseStages({ prod: production }).prod?.alarmEmail).toBe('ops@example.com');
    expect(message({ prod: { ...production, alarmEmail: 'ops' } })).toMatch(/prod\.alarmEmail/);
  });

  it('are set for prod in cdk.json', () => {
    const prod = parseStages(cdkJsonContext().stages).prod;
    expect(prod?.alarmEmail).toMatch(/^[^@\s]+@preseed\.example\.com$/);
  });
});

describe('WAF and reserved concurrency settings', () => {
  it("default to 2000 requests per address in 5 minutes, 100 on /api/auth/, and the model's reservations", () => {
    const dev = parseStages({ dev: valid }).dev;
    expect(dev?.waf).toEqual({ requestsPer5Minutes: 2000, authRequestsPer5Minutes: 100 });
    expect(dev?.expectedFounders).toBe(DEFAULT_EXPECTED_FOUNDERS.other);
    expect(dev?.reservedConcurrency).toEqual(capacityPlan(DEFAULT_EXPECTED_FOUNDERS.other).reservations);
    const prod = parseStages({ prod: production }).prod;
    expect(prod?.expectedFounders).toBe(DEFAULT_EXPECTED_FOUNDERS.production);
    expect(prod?.reservedConcurrency).toEqual(capacityPlan(DEFAULT_EXPECTED_FOUNDERS.production).reservations);
  });

  it('grow with the expected founders', () => {
    const small = parseStages({ dev: { ...valid, expectedFounders: 1_000 } }).dev?.reservedConcurrency;
    const large = parseStages({ dev: { ...valid, expectedFounders: 1_000_000 } }).dev?.reservedConcurrency;
    if (!small || !large) throw new Error('reservations expected');
    expect(large.journey).toBeGreaterThan(small.journey);
    expect(large.ai).toBeGreaterThan(small.ai);
    expect(() => parseStages({ dev: { ...valid, expectedFounders: 0 } })).toThrow(/expectedFounders/);
  });

  it("take a stage's own numbers, one at a time, over the derived ones", () => {
    const dev = parseStages({
      dev: { ...valid, waf: { authRequestsPer5Minutes: 50 }, reservedConcurrency: { journey: 50 } },
    }).dev;
    expect(dev?.waf).toEqual({ requestsPer5Minutes: 2000, authRequestsPer5Minutes: 50 });
    expect(dev?.reservedConcurrency).toEqual({
      ...capacityPlan(DEFAULT_EXPECTED_FOUNDERS.other).reservations,
      journey: 50,
    });
  });

  it("refuse a rate below WAF's minimum, an auth limit above the overall one, and unknown keys", () => {
    expect(() => parseStages({ dev: { ...valid, waf: { requestsPer5Minutes: 5 } } })).toThrow(/requestsPer5Minutes/);
    expect(() =>
      parseStages({ dev: { ...valid, waf: { requestsPer5Minutes: 100, authRequestsPer5Minutes: 200 } } }),
    ).toThrow(/must not be above requestsPer5Minutes[\s\S]*at dev\.waf\.authRequestsPer5Minutes/);
    expect(() => parseStages({ dev: { ...valid, reservedConcurrency: { platform: 5 } } })).toThrow(StageConfigError);
    expect(() => parseStages({ dev: { ...valid, reservedConcurrency: { accounts: 0 } } })).toThrow(StageConfigError);
  });

  it('refuse reservations that leave less than the 100 executions AWS keeps unreserved of 1000', () => {
    expect(RESERVED_CONCURRENCY_BUDGET).toBe(900);
    const derived = capacityPlan(DEFAULT_EXPECTED_FOUNDERS.other).reservations;
    const areas = derived.accounts + derived.payments + derived.journey + derived.ai;
    // The smallest per-consumer number that takes the areas' reservations + consumers x RULES.length past 900.
    const consumers = Math.floor((RESERVED_CONCURRENCY_BUDGET - areas) / RULES.length) + 1;
    expect(() => parseStages({ dev: { ...valid, reservedConcurrency: { consumers } } })).toThrow(
      /reserves \d+ concurrent executions in all .* more than 900[\s\S]*at dev\.reservedConcurrency/,
    );
    expect(() => parseStages({ dev: { ...valid, reservedConcurrency: { consumers: consumers - 1 } } })).not.toThrow();
  });

  it('can be switched off for an account with a low concurrency limit', () => {
    expect(parseStages({ dev: { ...valid, reservedConcurrency: false } }).dev?.reservedConcurrency).toBe(false);
  });
});

describe('the Cognito tier', () => {
  it('is Plus on a production stage and Essentials elsewhere unless the stage names one', () => {
    expect(parseStages({ prod: production }).prod?.cognitoTier).toBe('plus');
    expect(parseStages({ dev: valid }).dev?.cognitoTier).toBe('essentials');
    expect(parseStages({ prod: { ...production, cognitoTier: 'essentials' } }).prod?.cognitoTier).toBe('essentials');
    expect(() => parseStages({ dev: { ...valid, cognitoTier: 'lite' } })).toThrow(/cognitoTier/);
  });

  it('is stated in cdk.json for dev and prod', () => {
    const raw = cdkJsonContext().stages as Record<string, Record<string, unknown>>;
    expect(raw.dev?.cognitoTier).toBe('essentials');
    expect(raw.prod?.cognitoTier).toBe('plus');
  });
});

describe('the Bedrock model setting', () => {
  const withModel = (bedrock: unknown) => () => parseStages({ dev: { ...valid, bedrock } });

  it('is optional (offline drafter) and accepts a foundation model or a geographic profile with its Regions', () => {
    expect(parseStages({ dev: valid }).dev?.bedrock).toBe(false);
    expect(withModel({ modelId: 'amazon.nova-micro-v1:0' })().dev?.bedrock).toEqual({
      modelId: 'amazon.nova-micro-v1:0',
    });
    expect(
      withModel({ modelId: 'eu.amazon.nova-lite-v1:0', profileRegions: ['eu-central-1', 'eu-west-1'] })().dev?.bedrock,
    ).toMatchObject({ profileRegions: ['eu-central-1', 'eu-west-1'] });
  });

  it('refuses a profile without its Regions, Regions without a profile, a global profile and a malformed id', () => {
    expect(withModel({ modelId: 'eu.amazon.nova-lite-v1:0' })).toThrow(
      /inference profile: list the Regions[\s\S]*at dev\.bedrock\.profileRegions/,
    );
    expect(withModel({ modelId: 'amazon.nova-lite-v1:0', profileRegions: ['eu-west-1'] })).toThrow(
      /is a foundation model, called in eu-central-1 only: remove profileRegions/,
    );
    expect(withModel({ modelId: 'global.amazon.nova-2-lite-v1:0', profileRegions: ['eu-west-1'] })).toThrow(
      /global inference profile routes to every commercial Region/,
    );
    expect(withModel({ modelId: 'nova lite' })).toThrow(/expected a Bedrock model id/);
    expect(withModel({ modelId: 'eu.amazon.nova-lite-v1:0', profileRegions: ['Frankfurt'] })).toThrow(
      /expected an AWS region/,
    );
  });
});

describe('bootstrap qualifier (each stage its own CDK bootstrap roles)', () => {
  it("is the stage's name by default, or its own setting", () => {
    const stages = parseStages({ dev: valid, prod: { ...production, bootstrapQualifier: 'live1' } });
    expect(stages.dev?.bootstrapQualifier).toBe('dev');
    expect(stages.prod?.bootstrapQualifier).toBe('live1');
    expect(toolkitStackNameOf(stages.prod ?? { bootstrapQualifier: '' })).toBe('CDKToolkit-live1');
  });

  it('takes a name of up to 10 characters as it is, and asks a longer one for a qualifier', () => {
    expect(parseStages({ abcdefghij: valid }).abcdefghij?.bootstrapQualifier).toBe('abcdefghij');
    expect(() => parseStages({ abcdefghijk: valid })).toThrow(/longer than a CDK bootstrap qualifier/);
    expect(parseStages({ abcdefghijk: { ...valid, bootstrapQualifier: 'abc' } }).abcdefghijk?.bootstrapQualifier).toBe(
      'abc',
    );
  });

  it('refuses one qualifier for two stages, and one the CLI would not take', () => {
    expect(() => parseStages({ dev: valid, prod: { ...production, bootstrapQualifier: 'dev' } })).toThrow(
      /"dev" is stage dev's bootstrap qualifier too/,
    );
    expect(() => parseStages({ dev: { ...valid, bootstrapQualifier: 'Dev' } })).toThrow(/1-10 lower-case/);
    expect(() => parseStages({ dev: { ...valid, bootstrapQualifier: 'abcdefghijk' } })).toThrow(/1-10 lower-case/);
    expect(() => parseStages({ dev: { ...valid, bootstrapQualifier: '' } })).toThrow(/1-10 lower-case/);
  });
});
