/**
 * What every preflight check returns and how the run prints it: one line per check, with the fix to
 * apply when it did not pass. A check that cannot even ask AWS (access denied, no network) fails too,
 * naming the error — preflight never passes what it could not see.
 */
import type { ACMClient } from '@aws-sdk/client-acm';
import type { BedrockClient } from '@aws-sdk/client-bedrock';
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import type { LambdaClient } from '@aws-sdk/client-lambda';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { SSMClient } from '@aws-sdk/client-ssm';
import type { STSClient } from '@aws-sdk/client-sts';
import type { SecretRead } from '../lib/secrets';
import type { OpsStage } from '../lib/stage';

/** `warn`: not ready for real founders yet, but nothing a deploy would trip over (does not fail the run). */
export type CheckStatus = 'pass' | 'warn' | 'fail';

export interface CheckResult {
  readonly name: string;
  readonly status: CheckStatus;
  readonly detail: string;
  /** What to do about it (set unless it passed). */
  readonly fix?: string;
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
  readonly cloudFormation: CloudFormationClient;
  /** The stage region's Bedrock control plane (inference profiles) and runtime (the model itself). */
  readonly bedrock: BedrockClient;
  readonly bedrockRuntime: BedrockRuntimeClient;
}

export interface PreflightContext {
  readonly stage: OpsStage;
  readonly clients: PreflightClients;
  /** Read once per run and shared by the checks that need a secret; values are never printed. */
  readonly secret: (name: string) => Promise<SecretRead>;
  /** Another Stripe API server than api.stripe.com (tests). */
  readonly stripeApiBase?: string;
}

export type Check = (ctx: PreflightContext) => Promise<CheckResult | CheckResult[]>;

export const pass = (name: string, detail: string): CheckResult => ({ name, status: 'pass', detail });
export const fail = (name: string, detail: string, fix: string): CheckResult => ({ name, status: 'fail', detail, fix });
export const warn = (name: string, detail: string, fix: string): CheckResult => ({ name, status: 'warn', detail, fix });

/** Runs the checks one after another (each line in order) and turns a thrown error into that check's failure. */
export async function runChecks(
  ctx: PreflightContext,
  checks: readonly { name: string; run: Check }[],
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    try {
      const out = await check.run(ctx);
      results.push(...(Array.isArray(out) ? out : [out]));
    } catch (err) {
      const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      results.push(
        fail(
          check.name,
          `could not check (${message})`,
          'run preflight with credentials allowed to read this (e.g. the ReadOnlyAccess policy plus secretsmanager:GetSecretValue on the stage secrets)',
        ),
      );
    }
  }
  return results;
}

const MARK: Record<CheckStatus, string> = { pass: 'PASS', warn: 'WARN', fail: 'FAIL' };

export function formatResult(result: CheckResult): string {
  const line = `${MARK[result.status]}  ${result.name}: ${result.detail}`;
  return result.fix ? `${line} — fix: ${result.fix}` : line;
}

export const failed = (results: readonly CheckResult[]): boolean => results.some((r) => r.status === 'fail');
