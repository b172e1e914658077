/**
 * Preflight checks of the stage's Amazon Bedrock model (cdk.json `bedrock`): that the Regions its grant lists are
 * the ones the inference profile routes to (a missing one means calls routed there are denied), and that the account
 * may use the foundation model in each Region a call can land in. Both are control-plane reads
 * (GetInferenceProfile, GetFoundationModelAvailability): preflight never invokes a model.
 */
import { GetFoundationModelAvailabilityCommand, GetInferenceProfileCommand } from '@aws-sdk/client-bedrock';
import { foundationModelOf } from '../../infra/constructs/ai-model';
import { inferenceProfileGeo } from '../../infra/stages';
import { type CheckResult, fail, type PreflightContext, pass, warn } from './check';

/** The Region of a Bedrock ARN: `arn:aws:bedrock:eu-west-1::foundation-model/…` → eu-west-1. */
const regionOf = (arn: string): string => arn.split(':')[3] ?? '';

async function checkProfileRegions({ stage, clients }: PreflightContext, modelId: string): Promise<CheckResult> {
  const name = 'Bedrock profile Regions';
  const listed = stage.bedrock ? (stage.bedrock.profileRegions ?? []) : [];
  const profile = await clients
    .bedrock(stage.region)
    .send(new GetInferenceProfileCommand({ inferenceProfileIdentifier: modelId }));
  const routed = [...new Set((profile.models ?? []).map((model) => regionOf(model.modelArn ?? '')))].sort();
  const missing = routed.filter((region) => !listed.includes(region));
  const extra = listed.filter((region) => !routed.includes(region));
  const fix = `set context.stages.${stage.name}.bedrock.profileRegions to ${JSON.stringify(routed)} and deploy`;
  if (missing.length > 0) {
    return fail(name, `${modelId} also routes to ${missing.join(', ')}: calls sent there would be denied`, fix);
  }
  if (extra.length > 0) {
    return warn(name, `${extra.join(', ')} are granted but ${modelId} does not route there`, fix);
  }
  return pass(name, `the grant covers the ${routed.length} Regions ${modelId} routes to (${routed.join(', ')})`);
}

/** Model ids in availability answers carry no profile prefix: `amazon.nova-lite-v1:0`. */
async function checkModelAccess({ stage, clients }: PreflightContext, modelId: string, region: string) {
  const model = foundationModelOf(modelId);
  const name = `Bedrock model access ${region}`;
  const fix =
    `in the Bedrock console (${region}) open "Model access" and enable ${model}, ` +
    `or choose a model the account may use in context.stages.${stage.name}.bedrock.modelId`;
  const out = await clients.bedrock(region).send(new GetFoundationModelAvailabilityCommand({ modelId: model }));
  const refused = [
    out.regionAvailability === 'NOT_AVAILABLE' && `${model} is not offered in ${region}`,
    out.entitlementAvailability === 'NOT_AVAILABLE' && 'the account is not entitled to it',
    out.authorizationStatus === 'NOT_AUTHORIZED' && 'the account is not authorized to use it',
    out.agreementAvailability?.status === 'ERROR' &&
      `its agreement failed (${out.agreementAvailability.errorMessage ?? 'no reason given'})`,
  ].filter((reason): reason is string => typeof reason === 'string');
  if (refused.length > 0) return fail(name, refused.join('; '), fix);
  if (out.agreementAvailability?.status === 'PENDING') {
    return warn(name, `the agreement for ${model} is still pending`, 'wait for it, then run preflight again');
  }
  return pass(name, `the account may use ${model} in ${region}`);
}

export async function checkBedrockModel(ctx: PreflightContext): Promise<CheckResult[]> {
  const { stage } = ctx;
  if (!stage.bedrock) {
    const detail = 'no Bedrock model: AI operations without a webhook answer with offline drafts';
    const fix = `set context.stages.${stage.name}.bedrock (docs/ai.md)`;
    return [stage.production ? warn('Bedrock model', detail, fix) : pass('Bedrock model', detail)];
  }
  const { modelId } = stage.bedrock;
  const results: CheckResult[] = [];
  const profile = inferenceProfileGeo(modelId) !== undefined;
  if (profile) results.push(await checkProfileRegions(ctx, modelId));
  // A profile's call may land in any Region its grant lists; a foundation model's only in the stage's.
  const regions = profile ? (stage.bedrock.profileRegions ?? [stage.region]) : [stage.region];
  for (const region of regions) results.push(await checkModelAccess(ctx, modelId, region));
  return results;
}
