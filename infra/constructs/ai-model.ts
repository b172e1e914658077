/**
 * What the stage's functions may invoke on Amazon Bedrock: the configured foundation model in the stage's Region, or
 * the configured inference profile and its foundation model in each Region the profile routes to (cdk.json
 * `bedrock`). `bedrock:InvokeModel` authorizes the Converse call; no other model, profile or Region is allowed.
 */
import type { Stack } from 'aws-cdk-lib';
import { inferenceProfileGeo, type StageConfig } from '../stages';

/** The foundation model behind a geographic profile id: `eu.amazon.nova-lite-v1:0` → `amazon.nova-lite-v1:0`. */
export function foundationModelOf(modelId: string): string {
  return inferenceProfileGeo(modelId) ? modelId.slice(modelId.indexOf('.') + 1) : modelId;
}

/** The ARNs `bedrock:InvokeModel` is granted on, or none when the stage has no model. */
export function aiModelArns(stack: Stack, bedrock: StageConfig['bedrock']): string[] {
  if (!bedrock) return [];
  const { partition, region, account } = stack;
  const model = foundationModelOf(bedrock.modelId);
  const foundation = (where: string) => `arn:${partition}:bedrock:${where}::foundation-model/${model}`;
  if (!inferenceProfileGeo(bedrock.modelId)) return [foundation(region)];
  return [
    `arn:${partition}:bedrock:${region}:${account}:inference-profile/${bedrock.modelId}`,
    ...(bedrock.profileRegions ?? []).map(foundation),
  ];
}
