/**
 * The CDK app (`"app": "npx tsx infra/app.ts"` in cdk.json).
 *   npx cdk deploy --all -c stage=prod       one stage: its edge stack, its stack, its edge alarms
 *   npx cdk synth -c stage=dev -c check=true  a check of a stage as committed (placeholders allowed)
 * Synthesis needs no AWS credentials: each stage names its region and account. A stage that is not named,
 * or still holds placeholders, is refused here, before the CLI calls AWS (infra/stages.ts, decision 016).
 */
import { App } from 'aws-cdk-lib';
import { addStacks } from './stack';
import { StageConfigError } from './stages';

const app = new App();
try {
  addStacks(app);
} catch (error) {
  // The operator needs the message, not the stack trace.
  if (!(error instanceof StageConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
app.synth();
