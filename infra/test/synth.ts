/**
 * Synthesizes a stage the way `cdk synth -c stage=<name>` does, with cdk.json's context,
 * but without bundling the Lambdas (the template does not depend on the bundles' contents).
 */
import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { repoPath } from '../constructs/paths';
import { addStacks, type PreseedStack } from '../stack';

export interface SynthesizedStage {
  readonly stack: PreseedStack;
  readonly template: Template;
}

interface CdkJson {
  readonly context: Record<string, unknown>;
}

export const cdkJsonContext = (): Record<string, unknown> =>
  (JSON.parse(readFileSync(repoPath('cdk.json'), 'utf8')) as CdkJson).context;

const cache = new Map<string, SynthesizedStage>();

export function synthStage(stage: string, extraContext: Record<string, unknown> = {}): SynthesizedStage {
  const key = `${stage}:${JSON.stringify(extraContext)}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const app = new App({
    context: { ...cdkJsonContext(), ...extraContext, stage, 'aws:cdk:bundling-stacks': [] },
  });
  const [stack] = addStacks(app);
  if (!stack) throw new Error(`No stack for stage ${stage}`);
  // Synthesis also runs cdk-nag (a validation plugin) and throws on any unacknowledged finding.
  const result = { stack, template: Template.fromStack(stack) };
  cache.set(key, result);
  return result;
}

/** The Properties of every resource of one type, typed by the caller. */
export function propertiesOf<T>(template: Template, type: string): T[] {
  const found: Record<string, { Properties?: unknown }> = template.findResources(type);
  return Object.values(found).map((resource) => resource.Properties as T);
}
