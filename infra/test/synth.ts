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
    // check: cdk.json's stages hold placeholders, which only a synthesis for checks accepts.
    context: { ...cdkJsonContext(), check: true, ...extraContext, stage, 'aws:cdk:bundling-stacks': [] },
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

/**
 * The Properties of the app's own functions (areas, consumers, the realtime handler): every Node 22 function but
 * the user pool's triggers, which Cognito calls while it sends an email and which cannot take the app's environment
 * (it names the pool, which names them: a cycle).
 */
export function appFunctionsOf<T>(template: Template): T[] {
  const triggers = new Set<string>();
  // Cognito calls a trigger through its live alias (infra/constructs/releases.ts): the alias names the function.
  const aliases: Record<string, { Properties?: { FunctionName?: { Ref?: string } } }> =
    template.findResources('AWS::Lambda::Alias');
  for (const pool of propertiesOf<{ LambdaConfig?: Record<string, unknown> }>(template, 'AWS::Cognito::UserPool')) {
    for (const ref of Object.values(pool.LambdaConfig ?? {})) {
      const named = ref as { 'Fn::GetAtt'?: [string, string]; Ref?: string };
      const id = named['Fn::GetAtt']?.[0] ?? named.Ref;
      if (id) triggers.add(aliases[id]?.Properties?.FunctionName?.Ref ?? id);
    }
  }
  const found: Record<string, { Properties?: { Runtime?: string } }> = template.findResources('AWS::Lambda::Function');
  return Object.entries(found)
    .filter(([id, resource]) => resource.Properties?.Runtime === 'nodejs22.x' && !triggers.has(id))
    .map(([, resource]) => resource.Properties as T);
}
