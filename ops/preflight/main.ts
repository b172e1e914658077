/**
 * `npm run preflight -- --stage <name>`: read-only checks, with the operator's AWS credentials, of what
 * a deploy of the stage needs. One line per check; exits 1 when any failed.
 */
import { StageConfigError } from '../../infra/stages';
import { stageFromArgs, UsageError } from '../lib/stage';
import { failed, formatResult } from './check';
import { preflight } from './preflight';

try {
  const stage = await stageFromArgs(process.argv.slice(2));
  console.log(`Preflight of stage ${stage.name} (${stage.region}, account ${stage.account ?? 'not set'})`);
  const results = await preflight(stage);
  for (const result of results) console.log(formatResult(result));
  const failures = results.filter((r) => r.status === 'fail').length;
  const warnings = results.filter((r) => r.status === 'warn').length;
  console.log(
    failed(results)
      ? `${failures} check(s) failed, ${warnings} warning(s): fix the failures before deploying.`
      : `All checks passed (${warnings} warning(s)).`,
  );
  process.exitCode = failed(results) ? 1 : 0;
} catch (err) {
  if (!(err instanceof UsageError || err instanceof StageConfigError)) throw err;
  console.error(err.message);
  process.exitCode = 2;
}
