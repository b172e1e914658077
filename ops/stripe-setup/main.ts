/**
 * `npm run stripe:setup -- --stage <name>`: creates (once) the stage's Stripe product, price and webhook
 * endpoint, and stores the endpoint's signing secret in Secrets Manager. Safe to run again.
 */
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { StageConfigError } from '../../infra/stages';
import { AWS_CLIENT_OPTIONS, stageFromArgs, UsageError } from '../lib/stage';
import { SetupError, stripeSetup } from './setup';

try {
  const stage = await stageFromArgs(process.argv.slice(2));
  const clients = { region: stage.region, ...AWS_CLIENT_OPTIONS };
  console.log(`Stripe setup of stage ${stage.name}`);
  const result = await stripeSetup(stage, {
    secrets: new SecretsManagerClient(clients),
    cloudFormation: new CloudFormationClient(clients),
    log: (line) => console.log(line),
  });
  if (result.webhook === 'created') {
    console.log('The app reads the new signing secret when its cached copy expires, or at the next deploy.');
  }
} catch (err) {
  if (err instanceof UsageError || err instanceof StageConfigError || err instanceof SetupError) {
    console.error(err.message);
    process.exitCode = 2;
  } else {
    // AWS or Stripe said no (credentials, permissions, network): what it said is what to act on.
    console.error(`stripe:setup stopped: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
    console.error('Run it again once that is fixed: it reuses whatever it already made.');
    process.exitCode = 1;
  }
}
