/**
 * The preflight command line: the stage from `--stage`, the phase (`--before-first-deploy`, else the full check),
 * one printed line per check, and the exit code.
 */
import { parseArgs } from 'node:util';
import { StageConfigError } from '../../infra/stages';
import type { OpsStage } from '../lib/stage';
import { stageNamed, UsageError } from '../lib/stage';
import { failed, formatResult, type Phase, type PreflightClients } from './check';
import { preflight } from './preflight';

/** 0: every check passed (warnings and skips allowed); 1: a check failed; 2: the command or cdk.json is wrong. */
export type ExitCode = 0 | 1 | 2;

export interface CliOptions {
  readonly cdkJsonPath?: string;
  readonly print?: (line: string) => void;
  /** Tests: clients for the stage, and another Stripe API server. */
  readonly clientsFor?: (stage: OpsStage) => PreflightClients;
  readonly stripeApiBase?: string;
}

const USAGE = 'Usage: npm run preflight -- --stage <name> [--before-first-deploy]';

function argsOf(argv: readonly string[]): { stage: string | undefined; phase: Phase } {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { stage: { type: 'string' }, 'before-first-deploy': { type: 'boolean', default: false } },
      allowPositionals: false,
    });
    return { stage: values.stage, phase: values['before-first-deploy'] ? 'before-first-deploy' : 'full' };
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`);
  }
}

export async function preflightCli(argv: readonly string[], options: CliOptions = {}): Promise<ExitCode> {
  const print = options.print ?? ((line: string) => console.log(line));
  let stage: OpsStage;
  let phase: Phase;
  try {
    const args = argsOf(argv);
    phase = args.phase;
    stage = await stageNamed(args.stage, options.cdkJsonPath);
  } catch (err) {
    if (!(err instanceof UsageError || err instanceof StageConfigError)) throw err;
    print(err.message);
    return 2;
  }
  const when = phase === 'before-first-deploy' ? 'before the first deploy' : 'full check';
  print(`Preflight of stage ${stage.name} (${stage.region}, account ${stage.account ?? 'not set'}), ${when}`);
  const results = await preflight(stage, {
    phase,
    ...(options.clientsFor ? { clients: options.clientsFor(stage) } : {}),
    ...(options.stripeApiBase ? { stripeApiBase: options.stripeApiBase } : {}),
  });
  for (const result of results) print(formatResult(result));
  const count = (status: string) => results.filter((r) => r.status === status).length;
  const tail = `${count('warn')} warning(s), ${count('skip')} to check after the first deploy`;
  print(
    failed(results)
      ? `${count('fail')} check(s) failed, ${tail}: fix the failures before deploying.`
      : `All checks passed (${tail}).`,
  );
  return failed(results) ? 1 : 0;
}
