/** The preflight command line: the stage from `--stage`, one printed line per check, and the exit code. */
import { StageConfigError } from '../../infra/stages';
import type { OpsStage } from '../lib/stage';
import { stageFromArgs, UsageError } from '../lib/stage';
import { failed, formatResult, type PreflightClients } from './check';
import { preflight } from './preflight';

/** 0: every check passed (warnings allowed); 1: a check failed; 2: the command or cdk.json is wrong. */
export type ExitCode = 0 | 1 | 2;

export interface CliOptions {
  readonly cdkJsonPath?: string;
  readonly print?: (line: string) => void;
  /** Tests: clients for the stage, and another Stripe API server. */
  readonly clientsFor?: (stage: OpsStage) => PreflightClients;
  readonly stripeApiBase?: string;
}

export async function preflightCli(argv: readonly string[], options: CliOptions = {}): Promise<ExitCode> {
  const print = options.print ?? ((line: string) => console.log(line));
  let stage: OpsStage;
  try {
    stage = await stageFromArgs(argv, options.cdkJsonPath);
  } catch (err) {
    if (!(err instanceof UsageError || err instanceof StageConfigError)) throw err;
    print(err.message);
    return 2;
  }
  print(`Preflight of stage ${stage.name} (${stage.region}, account ${stage.account ?? 'not set'})`);
  const results = await preflight(stage, {
    ...(options.clientsFor ? { clients: options.clientsFor(stage) } : {}),
    ...(options.stripeApiBase ? { stripeApiBase: options.stripeApiBase } : {}),
  });
  for (const result of results) print(formatResult(result));
  const failures = results.filter((r) => r.status === 'fail').length;
  const warnings = results.filter((r) => r.status === 'warn').length;
  print(
    failed(results)
      ? `${failures} check(s) failed, ${warnings} warning(s): fix the failures before deploying.`
      : `All checks passed (${warnings} warning(s)).`,
  );
  return failed(results) ? 1 : 0;
}
