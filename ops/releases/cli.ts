/**
 * `npm run release:snapshot -- --stage <name> --out <file>` and `npm run release:rollback -- --stage <name> --to <file>`
 * (ops/releases/releases.ts). The stage gives the Region and the stack; credentials come from the environment.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { StageConfigError } from '../../infra/stages';
import { AWS_CLIENT_OPTIONS, stageNamed, UsageError } from '../lib/stage';
import { parseSnapshot, rollbackAliases, snapshotAliases, stackFunctionNames } from './releases';

export type ExitCode = 0 | 2;

export interface ReleaseCliOptions {
  readonly cdkJsonPath?: string;
  readonly print?: (line: string) => void;
  readonly lambda?: LambdaClient;
  readonly cloudFormation?: CloudFormationClient;
}

const SNAPSHOT_USAGE = 'Usage: npm run release:snapshot -- --stage <name> --out <file>';
const ROLLBACK_USAGE = 'Usage: npm run release:rollback -- --stage <name> --to <snapshot file>';

async function guarded(print: (line: string) => void, usage: string, run: () => Promise<ExitCode>): Promise<ExitCode> {
  try {
    return await run();
  } catch (err) {
    const parse = err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS');
    if (err instanceof UsageError || err instanceof StageConfigError || parse) {
      print((err as Error).message);
      print(usage);
      return 2;
    }
    throw err;
  }
}

export function snapshotCli(argv: readonly string[], options: ReleaseCliOptions = {}): Promise<ExitCode> {
  const print = options.print ?? ((line: string) => console.log(line));
  return guarded(print, SNAPSHOT_USAGE, async () => {
    const { values } = parseArgs({ args: [...argv], options: { stage: { type: 'string' }, out: { type: 'string' } } });
    const stage = await stageNamed(values.stage, options.cdkJsonPath);
    if (!values.out) throw new UsageError('Name the file to write: --out <file>.');
    const config = { region: stage.region, ...AWS_CLIENT_OPTIONS };
    const names = await stackFunctionNames(options.cloudFormation ?? new CloudFormationClient(config), stage.stackName);
    // An empty snapshot still gets written: the rollback after a first deploy then has nothing to move, and says so.
    const snapshot = names ? await snapshotAliases(options.lambda ?? new LambdaClient(config), names) : {};
    await writeFile(values.out, `${JSON.stringify(snapshot, null, 2)}\n`);
    print(
      names
        ? `Recorded ${names.length} live aliases of ${stage.stackName} in ${values.out}.`
        : `${stage.stackName} is not deployed yet: ${values.out} records no aliases (a rollback has nothing to move).`,
    );
    return 0;
  });
}

export function rollbackCli(argv: readonly string[], options: ReleaseCliOptions = {}): Promise<ExitCode> {
  const print = options.print ?? ((line: string) => console.log(line));
  return guarded(print, ROLLBACK_USAGE, async () => {
    const { values } = parseArgs({ args: [...argv], options: { stage: { type: 'string' }, to: { type: 'string' } } });
    const stage = await stageNamed(values.stage, options.cdkJsonPath);
    if (!values.to) throw new UsageError('Name the snapshot to go back to: --to <file>.');
    let snapshot: ReturnType<typeof parseSnapshot>;
    try {
      snapshot = parseSnapshot(await readFile(values.to, 'utf8'));
    } catch (err) {
      throw new UsageError(`${values.to}: ${(err as Error).message}`);
    }
    if (Object.keys(snapshot).length === 0) {
      print(`${values.to} records no aliases (the stage's first deploy): nothing to move back.`);
      return 0;
    }
    const lambda = options.lambda ?? new LambdaClient({ region: stage.region, ...AWS_CLIENT_OPTIONS });
    for (const line of await rollbackAliases(lambda, snapshot)) print(line);
    print(
      `Live aliases of ${stage.stackName} are back at ${values.to}; the template change stays until the next deploy.`,
    );
    return 0;
  });
}
