import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../lib/stage';
import { testStage } from '../testing/preflight-fixture';
import { bootstrapArgs, EXECUTION_POLICY } from './bootstrap';

const run = promisify(execFile);

describe('bootstrapArgs', () => {
  it("bootstraps the stage's region and us-east-1 with its own qualifier and toolkit stack", () => {
    expect(bootstrapArgs(testStage({ production: false, name: 'dev', bootstrapQualifier: 'dev' }))).toEqual([
      'bootstrap',
      'aws://111122223333/eu-central-1',
      'aws://111122223333/us-east-1',
      '--qualifier',
      'dev',
      '--toolkit-stack-name',
      'CDKToolkit-dev',
      '--cloudformation-execution-policies',
      EXECUTION_POLICY,
    ]);
  });

  it('protects a production stage’s bootstrap stacks from deletion', () => {
    expect(bootstrapArgs(testStage())).toContain('--termination-protection');
  });

  it("bootstraps every Region the stage deploys into, its backup copies' included", () => {
    const args = bootstrapArgs(testStage({ deployRegions: ['eu-central-1', 'us-east-1', 'eu-west-1'] }));
    expect(args.filter((a) => a.startsWith('aws://'))).toEqual([
      'aws://111122223333/eu-central-1',
      'aws://111122223333/us-east-1',
      'aws://111122223333/eu-west-1',
    ]);
  });

  it('refuses a stage without an account, saying where to set it', () => {
    expect(() => bootstrapArgs(testStage({ account: undefined }))).toThrow(UsageError);
    expect(() => bootstrapArgs(testStage({ account: undefined }))).toThrow(/context\.stages\.prod\.account/);
  });
});

describe('npm run bootstrap', { timeout: 60_000 }, () => {
  const main = join(import.meta.dirname, 'main.ts');
  const tsx = join(import.meta.dirname, '../../node_modules/.bin/tsx');

  /** A cdk.json of its own, in a directory of its own: the command reads ./cdk.json. */
  function project(stages: Record<string, unknown>): string {
    const dir = mkdtempSync(join(tmpdir(), 'preseed-bootstrap-test-'));
    writeFileSync(join(dir, 'cdk.json'), JSON.stringify({ context: { stages } }));
    return dir;
  }
  const stage = {
    production: false,
    region: 'eu-west-1',
    account: '111122223333',
    senderEmail: 'dev@preseed.test',
    stripePriceId: 'price_replace_me',
    price: { amount: 100, currency: 'eur' },
    secrets: { stripeSecretKey: 'a', stripeWebhookSecret: 'b' },
  };

  it('prints the command for the stage, placeholders and all (bootstrap comes before they are filled in)', async () => {
    const cwd = project({ review: stage, prod: { ...stage, production: true, alarmEmail: 'none' } });
    const { stdout } = await run(tsx, [main, '--stage', 'review', '--print'], { cwd });
    expect(stdout.trim()).toBe(
      'npx cdk bootstrap aws://111122223333/eu-west-1 aws://111122223333/us-east-1 --qualifier review ' +
        `--toolkit-stack-name CDKToolkit-review --cloudformation-execution-policies ${EXECUTION_POLICY}`,
    );
  });

  it('refuses without --stage, or an unknown option, with exit code 2 and the reason', async () => {
    const cwd = project({ dev: stage });
    await expect(run(tsx, [main, '--print'], { cwd })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--stage <name>'),
    });
    await expect(run(tsx, [main, '--stage', 'dev', '--qualifier', 'x'], { cwd })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--qualifier'),
    });
  });
});
