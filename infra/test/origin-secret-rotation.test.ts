/**
 * Rotating the origin secret without an outage: the command puts a new version and pins it for the next deploy,
 * and that deploy's template makes CloudFront send the new version (the API accepts the current and the
 * previous one meanwhile: functions/lib/middleware.test.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DescribeSecretCommand,
  ListSecretsCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { Match } from 'aws-cdk-lib/assertions';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { newOriginSecretValue, RotationError, rotateOriginSecret } from '../../ops/rotate-origin-secret';
import { ORIGIN_SECRET_TAG } from '../origin-secret-versions';
import { synthStage } from './synth';

const dir = mkdtempSync(path.join(tmpdir(), 'preseed-rotation-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ARN = 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:ApiOriginSecret-AbCdEf';
const OLD = '11111111-2222-4333-8444-555555555555';
const NEW = '66666666-7777-4888-8999-aaaaaaaaaaaa';

// Secrets Manager has no emulator here; the mock answers as it does.
const secretsManager = mockClient(SecretsManagerClient);
afterEach(() => secretsManager.reset());

function secretExists(stage = 'prod') {
  secretsManager.on(ListSecretsCommand).resolves({
    SecretList: [
      { ARN: `${ARN}-dev`, Tags: [{ Key: ORIGIN_SECRET_TAG, Value: 'dev' }] },
      {
        ARN,
        Tags: [
          { Key: 'stage', Value: stage },
          { Key: ORIGIN_SECRET_TAG, Value: stage },
        ],
      },
    ],
  });
  secretsManager.on(DescribeSecretCommand).resolves({ ARN, VersionIdsToStages: { [OLD]: ['AWSCURRENT'] } });
  secretsManager.on(PutSecretValueCommand).resolves({ ARN, VersionId: NEW });
}

const versionsFile = (content?: Record<string, string>) => {
  const file = path.join(dir, `versions-${Math.random().toString(36).slice(2)}.json`);
  if (content) writeFileSync(file, JSON.stringify(content));
  return file;
};

describe('npm run rotate:origin-secret', () => {
  it("puts a new random value as the stage's secret's new version and pins it for the next deploy", async () => {
    secretExists();
    const file = versionsFile({ dev: OLD });
    const client = new SecretsManagerClient({ region: 'eu-central-1' });
    const rotation = await rotateOriginSecret({ stage: 'prod', client, versionsFile: file });
    expect(rotation).toEqual({ secretArn: ARN, versionId: NEW, previousVersionId: OLD });
    const [put] = secretsManager.commandCalls(PutSecretValueCommand);
    expect(put?.args[0].input.SecretId).toBe(ARN);
    expect(put?.args[0].input.SecretString).toMatch(/^[A-Za-z0-9]{64}$/);
    // No VersionStages: Secrets Manager makes the new version AWSCURRENT and keeps the old one as AWSPREVIOUS.
    expect(put?.args[0].input.VersionStages).toBeUndefined();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ dev: OLD, prod: NEW });
  });

  it('refuses to rotate again before the last rotation was recorded and deployed', async () => {
    secretExists();
    secretsManager.on(DescribeSecretCommand).resolves({
      ARN,
      VersionIdsToStages: { [NEW]: ['AWSCURRENT'], [OLD]: ['AWSPREVIOUS'] },
    });
    const file = versionsFile({ prod: OLD });
    const client = new SecretsManagerClient({ region: 'eu-central-1' });
    await expect(rotateOriginSecret({ stage: 'prod', client, versionsFile: file })).rejects.toThrow(
      new RegExp(`pins version ${OLD} for "prod", but the secret's current version is ${NEW}`),
    );
    expect(secretsManager.commandCalls(PutSecretValueCommand)).toHaveLength(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ prod: OLD });
  });

  it("says so, and changes nothing, when the stage's secret does not exist", async () => {
    secretExists('staging');
    const client = new SecretsManagerClient({ region: 'eu-central-1' });
    const file = versionsFile();
    const attempt = rotateOriginSecret({ stage: 'prod', client, versionsFile: file });
    await expect(attempt).rejects.toBeInstanceOf(RotationError);
    await expect(attempt).rejects.toThrow(/No origin secret of stage "prod".*deploy the stage first/);
    expect(secretsManager.commandCalls(PutSecretValueCommand)).toHaveLength(0);
  });

  it('makes 64 letters and digits, different every time', () => {
    const values = new Set(Array.from({ length: 50 }, () => newOriginSecretValue()));
    expect(values.size).toBe(50);
    for (const value of values) expect(value).toMatch(/^[A-Za-z0-9]{64}$/);
  });
});

describe("the distribution's origin header", () => {
  type Origin = { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] };
  const headerOf = (file: string) => {
    const { template } = synthStage('dev', { originSecretVersionsFile: file });
    const [distribution] = Object.values(
      template.findResources('AWS::CloudFront::Distribution') as Record<
        string,
        { Properties: { DistributionConfig: { Origins: Origin[] } } }
      >,
    );
    const origin = distribution?.Properties.DistributionConfig.Origins.find((o) => o.OriginCustomHeaders);
    return JSON.stringify(origin?.OriginCustomHeaders?.find((h) => h.HeaderName === 'x-origin-verify')?.HeaderValue);
  };

  it('sends the current version until a rotation pins one; the pinned id changes the template', () => {
    const unpinned = headerOf(versionsFile());
    // Another stage's pin does not touch this one.
    const pinned = headerOf(versionsFile({ dev: NEW, prod: OLD }));
    expect(unpinned).toContain('{{resolve:secretsmanager:');
    expect(unpinned).toContain(':SecretString:::}}');
    expect(pinned).toContain(`:SecretString:::${NEW}}}`);
    expect(pinned).not.toBe(unpinned);
  });

  it('marks the secret for the rotation command with its stage', () => {
    const { template } = synthStage('dev');
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      Tags: Match.arrayWith([{ Key: ORIGIN_SECRET_TAG, Value: 'dev' }]),
    });
  });
});
