/**
 * The CDK app (`"app": "npx tsx infra/app.ts"` in cdk.json).
 *   npx cdk synth -c stage=dev        one stage
 *   npx cdk synth                     every stage in cdk.json
 * Synthesis needs no AWS credentials: each stage names its region, and the account is
 * taken from the stage or, at deploy time, from the CLI's credentials.
 */
import { App } from 'aws-cdk-lib';
import { addStacks } from './stack';

const app = new App();
addStacks(app);
app.synth();
