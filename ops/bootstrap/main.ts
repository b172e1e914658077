/**
 * `npm run bootstrap -- --stage <name> [--print]`: bootstraps CDK for one stage (ops/bootstrap/bootstrap.ts) with the
 * administrator's credentials of the shell. `--print` prints the command instead of running it.
 *
 * The CLI runs in an empty directory: in the repository it would read cdk.json and synthesize the app first, which
 * refuses without `-c stage=` and with the placeholders a stage still holds at step 2.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { StageConfigError } from '../../infra/stages';
import { stageFromArgs, UsageError } from '../lib/stage';
import { bootstrapArgs } from './bootstrap';

try {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { stage: { type: 'string' }, print: { type: 'boolean', default: false } },
    allowPositionals: false,
  });
  const stage = await stageFromArgs(values.stage === undefined ? [] : ['--stage', values.stage]);
  const args = bootstrapArgs(stage);
  if (values.print) {
    console.log(`npx cdk ${args.join(' ')}`);
  } else {
    const cdk = createRequire(import.meta.url).resolve('aws-cdk/bin/cdk');
    const empty = mkdtempSync(join(tmpdir(), 'preseed-bootstrap-'));
    try {
      const run = spawnSync(process.execPath, [cdk, ...args], { cwd: empty, stdio: 'inherit' });
      process.exitCode = run.status ?? 1;
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }
} catch (err) {
  if (!(err instanceof UsageError || err instanceof StageConfigError || err instanceof TypeError)) throw err;
  // TypeError: parseArgs refusing an unknown option; its message names it.
  console.error(err.message);
  process.exitCode = 2;
}
