/** The stage's settings themselves, through the guard `cdk deploy` applies (infra/stages.ts): placeholders fail. */
import { type CheckResult, fail, type PreflightContext, pass } from './check';

export async function checkPlaceholders({ stage }: PreflightContext): Promise<CheckResult> {
  const name = 'Stage settings';
  if (stage.placeholders.length === 0) return pass(name, `cdk.json holds real values for stage ${stage.name}`);
  return fail(
    name,
    `the deploy would refuse stage ${stage.name}: ${stage.placeholders.map((p) => `stages.${stage.name}.${p}`).join('; ')}`,
    'set the real values in cdk.json (docs/operations.md, step 1)',
  );
}
