/**
 * The CDK app of the GitHub deploy roles (`npm run github-oidc -- deploy -c repository=<owner/repo>
 * -c deployStages=dev,prod`), apart from the product's app: it is deployed once per account by an operator,
 * before any workflow can deploy. Stage regions come from cdk.json's stages.
 */
import { readFileSync } from 'node:fs';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { deployRegionsOf } from '../../infra/stack';
import { parseStages } from '../../infra/stages';
import { GithubDeployStack } from './stack';

const app = new App();
const repository = app.node.tryGetContext('repository');
const wanted = app.node.tryGetContext('deployStages');
if (typeof repository !== 'string' || typeof wanted !== 'string') {
  throw new Error(
    'Pass -c repository=<owner/repo> -c deployStages=<stage,stage> (stages of cdk.json deployed from GitHub).',
  );
}
const cdkJson = JSON.parse(readFileSync('cdk.json', 'utf8')) as { context?: { stages?: unknown } };
const stages = parseStages(cdkJson.context?.stages);
const chosen = wanted.split(',').map((name) => {
  const stage = stages[name.trim()];
  if (!stage) throw new Error(`Unknown stage "${name}". Known stages: ${Object.keys(stages).join(', ')}.`);
  return {
    name: stage.name,
    region: stage.region,
    deployRegions: deployRegionsOf(stage),
    bootstrapQualifier: stage.bootstrapQualifier,
    production: stage.production,
  };
});
const providerArn = app.node.tryGetContext('oidcProviderArn');
new GithubDeployStack(app, 'Preseed-github-deploy', {
  repository,
  stages: chosen,
  ...(typeof providerArn === 'string' && providerArn !== '' ? { existingProviderArn: providerArn } : {}),
  description: `Preseed: GitHub Actions OIDC deploy roles for ${repository}`,
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
