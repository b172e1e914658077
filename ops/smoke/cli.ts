/**
 * `npm run smoke -- --stage <name>` (or `--url <site>`): the post-deploy smoke checks (ops/smoke/checks.ts).
 * The canary's credentials come from the stage's secret `preseed/<stage>/canary`, or, offline and in tests, from
 * `--canary-file <path>` or the PRESEED_CANARY variable (the same JSON); never from an argument, which `ps` shows.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { StageConfigError } from '../../infra/stages';
import { readSecretValue } from '../lib/secrets';
import { siteUrlOf } from '../lib/site-url';
import { AWS_CLIENT_OPTIONS, stageNamed, UsageError } from '../lib/stage';
import { type Canary, canarySecretName, formatResult, parseCanary, runSmoke } from './checks';

/** 0: every check passed; 1: a check failed (the FAIL lines say which); 2: the command is wrong or cannot start. */
export type ExitCode = 0 | 1 | 2;

export const CANARY_ENV = 'PRESEED_CANARY';

const USAGE =
  'Usage: npm run smoke -- (--stage <name> | --url <site URL>) [--canary-file <path to {username,password}>]';

export interface SmokeCliOptions {
  readonly cdkJsonPath?: string;
  readonly print?: (line: string) => void;
  readonly env?: NodeJS.ProcessEnv;
}

async function canaryOf(
  stage: { name: string; region: string } | undefined,
  file: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<Canary> {
  if (file !== undefined) return parseCanary(await readFile(file, 'utf8'));
  const fromEnv = env[CANARY_ENV];
  if (fromEnv) return parseCanary(fromEnv);
  if (!stage)
    throw new UsageError(`Give the canary: --canary-file <path>, ${CANARY_ENV}, or --stage to read its secret.`);
  const name = canarySecretName(stage.name);
  const read = await readSecretValue(new SecretsManagerClient({ region: stage.region, ...AWS_CLIENT_OPTIONS }), name);
  if (read.state !== 'present') {
    throw new UsageError(`The canary secret ${name} is ${read.state}: create it (docs/operations.md, step 10).`);
  }
  return parseCanary(read.value);
}

export async function smokeCli(argv: readonly string[], options: SmokeCliOptions = {}): Promise<ExitCode> {
  const print = options.print ?? ((line: string) => console.log(line));
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { stage: { type: 'string' }, url: { type: 'string' }, 'canary-file': { type: 'string' } },
    });
    if ((values.stage === undefined) === (values.url === undefined)) {
      throw new UsageError('Name the stage (--stage <name>) or the site (--url <site URL>), one of them.');
    }
    let siteUrl = values.url;
    let stage: { name: string; region: string } | undefined;
    if (values.stage !== undefined) {
      const opsStage = await stageNamed(values.stage, options.cdkJsonPath);
      stage = opsStage;
      const site = await siteUrlOf(opsStage);
      if (!site.known) throw new UsageError(`No site to check: ${site.reason}.`);
      siteUrl = site.url;
    }
    if (!siteUrl || !/^https?:\/\//.test(siteUrl)) throw new UsageError('--url takes the site as http(s)://host.');
    const canary = await canaryOf(stage, values['canary-file'], options.env ?? process.env);
    print(`Smoke checks against ${siteUrl}`);
    const results = await runSmoke(siteUrl, canary);
    for (const r of results) print(formatResult(r));
    const failures = results.filter((r) => !r.ok).length;
    print(failures === 0 ? 'All smoke checks passed.' : `${failures} smoke check(s) failed.`);
    return failures === 0 ? 0 : 1;
  } catch (err) {
    const parse = err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS');
    if (err instanceof UsageError || err instanceof StageConfigError || parse) {
      print((err as Error).message);
      print(USAGE);
      return 2;
    }
    if (err instanceof Error && /canary secret/.test(err.message)) {
      print(err.message);
      return 2;
    }
    throw err;
  }
}
