/**
 * What every preflight check returns and how the run prints it: one line per check, with the fix to
 * apply when it did not pass. A check that cannot even ask AWS (access denied, no network) fails too,
 * naming the error — preflight never passes what it could not see.
 */
import type { ACMClient } from '@aws-sdk/client-acm';
import type { BedrockClient } from '@aws-sdk/client-bedrock';
import type { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import type { CloudTrailClient } from '@aws-sdk/client-cloudtrail';
import type { LambdaClient } from '@aws-sdk/client-lambda';
import type { Route53Client } from '@aws-sdk/client-route-53';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { ServiceQuotasClient } from '@aws-sdk/client-service-quotas';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { SNSClient } from '@aws-sdk/client-sns';
import type { SSMClient } from '@aws-sdk/client-ssm';
import type { STSClient } from '@aws-sdk/client-sts';
import type { SecretRead } from '../lib/secrets';
import type { OpsStage } from '../lib/stage';

/**
 * `warn`: not ready for real founders yet, but nothing a deploy would trip over (does not fail the run).
 * `skip`: only makes sense after a later step of the runbook (the detail names it); does not fail the run.
 */
export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skip';

/**
 * The runbook's two preflights: before the first deploy (step 7), when the stack and what it creates do not exist
 * yet, and the full check after it (step 8), which also reads what the deploy made.
 */
export type Phase = 'before-first-deploy' | 'full';

export interface CheckResult {
  readonly name: string;
  readonly status: CheckStatus;
  readonly detail: string;
  /** What to do about it (set unless it passed or was skipped). */
  readonly fix?: string;
}

/** The part of node:dns preflight asks: injectable, so tests answer without the network. */
export interface NameServerResolver {
  resolveNs(hostname: string): Promise<string[]>;
}

export interface PreflightClients {
  readonly sts: STSClient;
  /** The stage region's and us-east-1's (the CDK bootstrap lives in both). */
  readonly ssm: (region: string) => SSMClient;
  readonly lambda: LambdaClient;
  readonly sesv2: SESv2Client;
  /** us-east-1: the only region CloudFront takes certificates from. */
  readonly acm: ACMClient;
  readonly secrets: SecretsManagerClient;
  /** The stage region's (the main stack; the site's URL). */
  readonly cloudFormation: CloudFormationClient;
  /** Any region's: the edge alarms stack lives in us-east-1. */
  readonly cloudFormationIn: (region: string) => CloudFormationClient;
  /** A region's Bedrock control plane: inference profiles and model availability (no model is called). */
  readonly bedrock: (region: string) => BedrockClient;
  /** Route 53 is global. */
  readonly route53: Route53Client;
  /** A quota's region's Service Quotas. */
  readonly serviceQuotas: (region: string) => ServiceQuotasClient;
  /** An alarm topic's region's SNS. */
  readonly sns: (region: string) => SNSClient;
  /** The stage region's: which trails record its management events. */
  readonly cloudTrail: CloudTrailClient;
  /** Public DNS, as a resolver on the internet answers it. */
  readonly dns: NameServerResolver;
}

export interface PreflightContext {
  readonly stage: OpsStage;
  readonly phase: Phase;
  readonly clients: PreflightClients;
  /** Read once per run and shared by the checks that need a secret; values are never printed. */
  readonly secret: (name: string) => Promise<SecretRead>;
  /** Another Stripe API server than api.stripe.com (tests). */
  readonly stripeApiBase?: string;
}

export type Check = (ctx: PreflightContext) => Promise<CheckResult | CheckResult[]>;

export interface CheckDefinition {
  readonly name: string;
  readonly run: Check;
  /** A failure here makes every later check meaningless (wrong or no credentials): the run stops after it. */
  readonly stopsOnFailure?: boolean;
}

export const pass = (name: string, detail: string): CheckResult => ({ name, status: 'pass', detail });
export const fail = (name: string, detail: string, fix: string): CheckResult => ({ name, status: 'fail', detail, fix });
export const warn = (name: string, detail: string, fix: string): CheckResult => ({ name, status: 'warn', detail, fix });
export const skip = (name: string, detail: string): CheckResult => ({ name, status: 'skip', detail });

/** The line of a check that waits for the first deploy, in the phase before it. */
export const afterFirstDeploy = (name: string, what: string): CheckResult =>
  skip(name, `after the first deploy: ${what} (npm run preflight -- --stage <name> once it has run)`);

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH']);
const REFUSED_CREDENTIALS = new Set([
  'InvalidClientTokenId',
  'UnrecognizedClientException',
  'SignatureDoesNotMatch',
  'ExpiredToken',
  'ExpiredTokenException',
]);

/** Why a call did not get an answer from AWS, in the words an operator acts on. */
export function explainAwsError(err: unknown): { detail: string; fix: string } {
  const error: Error & { code?: string } = err instanceof Error ? err : new Error(String(err));
  const text = `${error.name}: ${error.message}`;
  if (error.name === 'CredentialsProviderError' || /could not load credentials/i.test(error.message)) {
    return {
      detail: `no credentials (${text})`,
      fix: 'sign in first: aws sso login --profile <profile> and export AWS_PROFILE=<profile>, or set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    };
  }
  if (REFUSED_CREDENTIALS.has(error.name)) {
    return {
      detail: `AWS refused the credentials (${text})`,
      fix: 'renew them (an expired session: aws sso login again) or use credentials of the stage account',
    };
  }
  if (
    NETWORK_CODES.has(error.code ?? '') ||
    NETWORK_CODES.has(error.name) ||
    /TimeoutError|RequestTimeout/.test(error.name)
  ) {
    return {
      detail: `cannot reach AWS (${text})`,
      fix: 'check the network, a proxy (HTTPS_PROXY) or a VPN, and AWS_ENDPOINT_URL if set; then run preflight again',
    };
  }
  return {
    detail: `could not check (${text})`,
    fix: 'run preflight with credentials allowed the read-only actions of docs/operations.md, step 7',
  };
}

/**
 * Runs the checks one after another (each line in order) and turns a thrown error into that check's failure. After a
 * failed check that stops the run, the rest would only repeat its error: one line says why, and nothing more runs.
 */
export async function runChecks(ctx: PreflightContext, checks: readonly CheckDefinition[]): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    let out: CheckResult[];
    try {
      const result = await check.run(ctx);
      out = Array.isArray(result) ? result : [result];
    } catch (err) {
      const { detail, fix } = explainAwsError(err);
      out = [fail(check.name, detail, fix)];
    }
    if (check.stopsOnFailure && failed(out)) {
      results.push(...out.map((r) => (r.status === 'fail' ? { ...r, detail: `${r.detail}; no other check ran` } : r)));
      break;
    }
    results.push(...out);
  }
  return results;
}

const MARK: Record<CheckStatus, string> = { pass: 'PASS', warn: 'WARN', fail: 'FAIL', skip: 'SKIP' };

export function formatResult(result: CheckResult): string {
  const line = `${MARK[result.status]}  ${result.name}: ${result.detail}`;
  return result.fix ? `${line} — fix: ${result.fix}` : line;
}

export const failed = (results: readonly CheckResult[]): boolean => results.some((r) => r.status === 'fail');
