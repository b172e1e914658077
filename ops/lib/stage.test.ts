import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StageConfigError } from '../../infra/stages';
import { stageFromArgs, UsageError } from './stage';

const base = {
  production: false,
  region: 'eu-west-1',
  account: '111122223333',
  senderEmail: 'dev@preseed.test',
  stripePriceId: 'price_123',
  price: { amount: 1000, currency: 'eur' },
  secrets: { stripeSecretKey: 'k', stripeWebhookSecret: 'w' },
};

let dir: string;
let cdkJson: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'preseed-ops-'));
  cdkJson = join(dir, 'cdk.json');
  await writeFile(
    cdkJson,
    JSON.stringify({
      context: {
        stages: {
          dev: base,
          lean: { ...base, reservedConcurrency: false },
          east: { ...base, region: 'us-east-1' },
          kept: { ...base, backup: true, backupCopy: { region: 'eu-north-1' } },
        },
      },
    }),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('stageFromArgs', () => {
  it("reads the named stage through the CDK app's own parser, with its stack names", async () => {
    const stage = await stageFromArgs(['--stage', 'dev'], cdkJson);
    expect(stage).toMatchObject({
      name: 'dev',
      region: 'eu-west-1',
      account: '111122223333',
      domainName: undefined,
      hostedZone: undefined,
      sesIdentityVerified: false,
      stackName: 'Preseed-dev',
      edgeStackName: 'Preseed-dev-edge',
    });
    // The defaults reserve 20 + 10 + 30 and 10 per event consumer.
    expect(stage.reservedConcurrency).toBeGreaterThan(60);
    expect((await stageFromArgs(['--stage=lean'], cdkJson)).reservedConcurrency).toBe(0);
  });

  it('asks for a stage, and names the known ones for an unknown one', async () => {
    await expect(stageFromArgs([], cdkJson)).rejects.toThrow(
      new UsageError('Name a stage: --stage <name> (one of: dev, lean, east, kept).'),
    );
    await expect(stageFromArgs(['--stage', 'prod'], cdkJson)).rejects.toThrow(/Unknown stage "prod".*dev, lean/);
  });

  it('refuses a cdk.json the CDK app would refuse, naming the key', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ context: { stages: { dev: { ...base, account: '12' } } } }));
    await expect(stageFromArgs(['--stage', 'dev'], bad)).rejects.toThrow(StageConfigError);
    await expect(stageFromArgs(['--stage', 'dev'], bad)).rejects.toThrow(/account/);
  });
});

describe('deployRegions', () => {
  it("are the stage's Region and us-east-1, each once, plus its backup copies' Region", async () => {
    expect((await stageFromArgs(['--stage', 'dev'], cdkJson)).deployRegions).toEqual(['eu-west-1', 'us-east-1']);
    expect((await stageFromArgs(['--stage', 'east'], cdkJson)).deployRegions).toEqual(['us-east-1']);
    expect((await stageFromArgs(['--stage', 'kept'], cdkJson)).deployRegions).toEqual([
      'eu-west-1',
      'us-east-1',
      'eu-north-1',
    ]);
  });
});
