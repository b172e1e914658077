import { App, RemovalPolicy } from 'aws-cdk-lib';
import type { Node } from 'constructs';
import { describe, expect, it } from 'vitest';
import { parseStages, removalPolicyOf, StageConfigError, stagesFromContext } from '../stages';
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

  it('selects the stage named by -c stage=..., or every stage without it', () => {
    const stages = { dev: valid, prod: { ...valid, production: true } };
    expect(stagesFromContext(contextNode({ stages, stage: 'prod' })).map((s) => s.name)).toEqual(['prod']);
    expect(stagesFromContext(contextNode({ stages })).map((s) => s.name)).toEqual(['dev', 'prod']);
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
    const [dev, prod] = stagesFromContext(
      contextNode({ stages: { dev: valid, prod: { ...valid, production: true } } }),
    );
    expect(dev && removalPolicyOf(dev)).toBe(RemovalPolicy.DESTROY);
    expect(prod && removalPolicyOf(prod)).toBe(RemovalPolicy.RETAIN);
  });
});
