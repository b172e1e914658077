/**
 * The slice of a stage's settings the operator tools read, taken from cdk.json through the same
 * `parseStages` the CDK app uses, so a stage the tools accept is one `cdk deploy` accepts too.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { edgeStackName } from '../../infra/edge-stack';
import { stackName } from '../../infra/stack';
import { parseStages, type StageConfig, totalReservedConcurrency } from '../../infra/stages';

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
  readonly stackName: string;
  readonly edgeStackName: string;
  /** The stage's CDK bootstrap qualifier (infra/stages.ts): its bootstrap roles, bucket and version parameter. */
  readonly bootstrapQualifier: string;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function toOpsStage(config: StageConfig): OpsStage {
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
    stackName: stackName(config),
    edgeStackName: edgeStackName(config),
    bootstrapQualifier: config.bootstrapQualifier,
  };
}

/** The stage named on the command line (`--stage <name>`), from the project's cdk.json. */
export async function stageFromArgs(argv: readonly string[], cdkJsonPath = 'cdk.json'): Promise<OpsStage> {
  const { values } = parseArgs({ args: [...argv], options: { stage: { type: 'string' } }, allowPositionals: false });
  const cdkJson = JSON.parse(await readFile(cdkJsonPath, 'utf8')) as { context?: { stages?: unknown } };
  const stages = parseStages(cdkJson.context?.stages);
  const known = Object.keys(stages).join(', ');
  if (!values.stage) throw new UsageError(`Name a stage: --stage <name> (one of: ${known}).`);
  const config = stages[values.stage];
  if (!config) throw new UsageError(`Unknown stage "${values.stage}". Known stages in cdk.json: ${known}.`);
  return toOpsStage(config);
}

/** Every SDK call of the tools gives up well before an operator would think it hung. */
export const AWS_CLIENT_OPTIONS = {
  maxAttempts: 3,
  requestHandler: { connectionTimeout: 5_000, requestTimeout: 15_000 },
} as const;
