/**
 * Preflight checks of the stage's Amazon Bedrock model (cdk.json `bedrock`): that the Regions its grant lists are
 * the ones the inference profile routes to (a missing one means calls routed there are denied), and that the account
 * may call the model in the stage's Region — one Converse call of a few tokens, as the functions will make it.
 */
import { GetInferenceProfileCommand } from '@aws-sdk/client-bedrock';
import { ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { foundationModelOf } from '../../infra/constructs/ai-model';
import { inferenceProfileGeo } from '../../infra/stages';
import { type CheckResult, fail, type PreflightContext, pass, warn } from './check';

/** The Region of a Bedrock ARN: `arn:aws:bedrock:eu-west-1::foundation-model/…` → eu-west-1. */
const regionOf = (arn: string): string => arn.split(':')[3] ?? '';

async function checkProfileRegions({ stage, clients }: PreflightContext, modelId: string): Promise<CheckResult> {
  const name = 'Bedrock profile Regions';
  const listed = stage.bedrock ? (stage.bedrock.profileRegions ?? []) : [];
  const profile = await clients.bedrock.send(new GetInferenceProfileCommand({ inferenceProfileIdentifier: modelId }));
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

async function checkModelAccess({ stage, clients }: PreflightContext, modelId: string): Promise<CheckResult> {
  const name = `Bedrock model access ${stage.region}`;
  const fix =
    `in the Bedrock console (${stage.region}) open "Model access" and enable ${foundationModelOf(modelId)}, ` +
    `or choose a model the account may use in context.stages.${stage.name}.bedrock.modelId`;
  try {
    const out = await clients.bedrockRuntime.send(
      new ConverseCommand({
        modelId,
        messages: [{ role: 'user', content: [{ text: 'Answer with the word OK.' }] }],
        inferenceConfig: { maxTokens: 5 },
      }),
    );
    return pass(name, `${modelId} answered (${out.usage?.totalTokens ?? 0} tokens)`);
  } catch (err) {
    if (!(err instanceof Error)) throw err;
    if (['AccessDeniedException', 'ResourceNotFoundException', 'ValidationException'].includes(err.name)) {
      return fail(name, `${modelId} refused the call: ${err.name}: ${err.message}`, fix);
    }
    throw err;
  }
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
  if (inferenceProfileGeo(modelId)) results.push(await checkProfileRegions(ctx, modelId));
  results.push(await checkModelAccess(ctx, modelId));
  return results;
}
