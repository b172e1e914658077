/**
 * The slice of a stage's settings the operator tools read, taken from cdk.json through the same
 * `parseStages` the CDK app uses, so a stage the tools accept is one `cdk deploy` accepts too.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { edgeAlarmsStackName } from '../../infra/edge-alarms-stack';
import { edgeStackName } from '../../infra/edge-stack';
import { type RequiredQuota, requiredQuotas } from '../../infra/quotas';
import { deployRegionsOf, stackName } from '../../infra/stack';
import { parseStages, placeholderProblems, type StageConfig, totalReservedConcurrency } from '../../infra/stages';

export interface OpsStage {
  readonly name: string;
  readonly production: boolean;
  readonly region: string;
  readonly account: string | undefined;
  readonly domainName: string | undefined;
  readonly certificateArn: string | undefined;
  /** A Route 53 zone the stack writes the domain's records into; without it the operator creates them. */
  readonly hostedZone: { readonly id: string; readonly name: string } | undefined;
  readonly senderEmail: string;
  /** Cognito sends through the SES identity only once this is true (until then: Cognito's own mail). */
  readonly sesIdentityVerified: boolean;
  readonly stripePriceId: string;
  readonly price: { readonly amount: number; readonly currency: string };
  readonly secrets: { readonly stripeSecretKey: string; readonly stripeWebhookSecret: string };
  /** Concurrent executions the stage's functions reserve in all (0: no reservations). */
  readonly reservedConcurrency: number;
  /** The stage's Bedrock model or inference profile and the Regions its grant covers (false: offline drafter). */
  readonly bedrock: StageConfig['bedrock'];
  /** Where alarm notifications go (undefined: none, on purpose or on a stage that needs none). */
  readonly alarmEmail: string | undefined;
  /** The service quotas the stage needs (infra/quotas.ts), each checked by preflight. */
  readonly quotas: readonly RequiredQuota[];
  /** What in cdk.json still stands in for a real value: the deploy's own guard (infra/stages.ts) refuses these. */
  readonly placeholders: readonly string[];
  readonly stackName: string;
  readonly edgeStackName: string;
  readonly edgeAlarmsStackName: string;
  /** The stage's CDK bootstrap qualifier (infra/stages.ts): its bootstrap roles, bucket and version parameter. */
  readonly bootstrapQualifier: string;
  /** Every Region its stacks deploy into (infra/stack.ts): each needs the stage's bootstrap. */
  readonly deployRegions: readonly string[];
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** `raw`: the stage as cdk.json writes it, before defaults (what the deploy's placeholder guard reads). */
export function toOpsStage(config: StageConfig, raw?: unknown): OpsStage {
  return {
    name: config.name,
    production: config.production,
    region: config.region,
    account: config.account,
    domainName: config.domainName,
    certificateArn: config.certificateArn,
    hostedZone: config.hostedZone,
    senderEmail: config.senderEmail,
    sesIdentityVerified: config.sesIdentityVerified,
    stripePriceId: config.stripePriceId,
    price: config.price,
    secrets: config.secrets,
    reservedConcurrency: totalReservedConcurrency(config.reservedConcurrency),
    bedrock: config.bedrock,
    alarmEmail: config.alarmEmail,
    quotas: requiredQuotas(config),
    placeholders: raw === undefined ? [] : placeholderProblems(raw),
    stackName: stackName(config),
    edgeStackName: edgeStackName(config),
    edgeAlarmsStackName: edgeAlarmsStackName(config),
    bootstrapQualifier: config.bootstrapQualifier,
    deployRegions: deployRegionsOf(config),
  };
}

/** The stage named on the command line (`--stage <name>`), from the project's cdk.json. */
export async function stageFromArgs(argv: readonly string[], cdkJsonPath = 'cdk.json'): Promise<OpsStage> {
  const { values } = parseArgs({ args: [...argv], options: { stage: { type: 'string' } }, allowPositionals: false });
  return stageNamed(values.stage, cdkJsonPath);
}

/** The stage of that name in the project's cdk.json (a UsageError without a name or for an unknown one). */
export async function stageNamed(name: string | undefined, cdkJsonPath = 'cdk.json'): Promise<OpsStage> {
  const cdkJson = JSON.parse(await readFile(cdkJsonPath, 'utf8')) as { context?: { stages?: unknown } };
  const stages = parseStages(cdkJson.context?.stages);
  const known = Object.keys(stages).join(', ');
  if (!name) throw new UsageError(`Name a stage: --stage <name> (one of: ${known}).`);
  const config = stages[name];
  if (!config) throw new UsageError(`Unknown stage "${name}". Known stages in cdk.json: ${known}.`);
  return toOpsStage(config, (cdkJson.context?.stages as Record<string, unknown> | undefined)?.[name]);
}

/** Every SDK call of the tools gives up well before an operator would think it hung. */
export const AWS_CLIENT_OPTIONS = {
  maxAttempts: 3,
  requestHandler: { connectionTimeout: 5_000, requestTimeout: 15_000 },
} as const;
