/**
 * The versions behind a stage's `live` aliases, recorded before a deploy and put back after a failed smoke check:
 * the code reverts in about a minute with no revert commit. The template change itself stays deployed; the next
 * deploy fixes forward.
 */
import { type CloudFormationClient, paginateListStackResources } from '@aws-sdk/client-cloudformation';
import { GetAliasCommand, type LambdaClient, UpdateAliasCommand } from '@aws-sdk/client-lambda';
import { LIVE_ALIAS } from '../../infra/constructs/function';
import { isStackMissing } from '../lib/cloudformation';

/** Function name → the version its `live` alias pointed to. */
export type AliasSnapshot = Record<string, string>;

/** The stack's functions, or null when the stack is not deployed yet (a stage's first deploy: nothing to go back to). */
export async function stackFunctionNames(
  cloudFormation: CloudFormationClient,
  stackName: string,
): Promise<string[] | null> {
  const names: string[] = [];
  try {
    for await (const page of paginateListStackResources({ client: cloudFormation }, { StackName: stackName })) {
      for (const r of page.StackResourceSummaries ?? []) {
        if (r.ResourceType === 'AWS::Lambda::Function' && r.PhysicalResourceId) names.push(r.PhysicalResourceId);
      }
    }
  } catch (err) {
    if (isStackMissing(err)) return null;
    throw err;
  }
  return names.sort();
}

export async function snapshotAliases(lambda: LambdaClient, functionNames: readonly string[]): Promise<AliasSnapshot> {
  const snapshot: AliasSnapshot = {};
  for (const name of functionNames) {
    const alias = await lambda.send(new GetAliasCommand({ FunctionName: name, Name: LIVE_ALIAS }));
    if (!alias.FunctionVersion) throw new Error(`${name}:${LIVE_ALIAS} names no version`);
    snapshot[name] = alias.FunctionVersion;
  }
  return snapshot;
}

export function parseSnapshot(text: string): AliasSnapshot {
  const data: unknown = JSON.parse(text);
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new Error('the snapshot is not an object');
  for (const [name, version] of Object.entries(data)) {
    if (typeof version !== 'string' || !/^\d+$/.test(version)) {
      throw new Error(`the snapshot's ${name} has no version number`);
    }
  }
  return data as AliasSnapshot;
}

/**
 * Points each `live` alias back at its recorded version, weights cleared (a canary shift half done points nowhere
 * new). Idempotent: an alias already there is left alone. One line per function says what it did.
 */
export async function rollbackAliases(lambda: LambdaClient, snapshot: AliasSnapshot): Promise<string[]> {
  const lines: string[] = [];
  for (const [name, version] of Object.entries(snapshot)) {
    const current = await lambda.send(new GetAliasCommand({ FunctionName: name, Name: LIVE_ALIAS }));
    const weights = current.RoutingConfig?.AdditionalVersionWeights ?? {};
    if (current.FunctionVersion === version && Object.keys(weights).length === 0) {
      lines.push(`${name}:${LIVE_ALIAS} already at ${version}`);
      continue;
    }
    await lambda.send(
      new UpdateAliasCommand({
        FunctionName: name,
        Name: LIVE_ALIAS,
        FunctionVersion: version,
        RoutingConfig: { AdditionalVersionWeights: {} },
      }),
    );
    lines.push(`${name}:${LIVE_ALIAS} moved ${current.FunctionVersion ?? '?'} → ${version}`);
  }
  return lines;
}
