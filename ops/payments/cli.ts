/**
 * `npm run payments:reconcile -- --stage <name> --table <table> --since <time>`: the stage's price and secrets come
 * from cdk.json, the table is the one the stage uses now (after a switch: the restored one). The functions' code
 * reads its settings from the environment, so the command sets the same names the stack sets on the payments
 * function before it runs it.
 */
import { parseArgs } from 'node:util';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ENV_NAMES, LOCAL_ONLY_ENV } from '#shared/deploy-names';
import { rootLogger } from '../../functions/lib/logger';
import { StageConfigError } from '../../infra/stages';
import { readSecretValue } from '../lib/secrets';
import { AWS_CLIENT_OPTIONS, type OpsStage, stageFromArgs, UsageError } from '../lib/stage';
import { stripeClient } from '../lib/stripe';
import { isParseError } from '../restore/cli';
import { type ReconcileReport, reconcilePayments } from './reconcile';

export type ExitCode = 0 | 1 | 2;

const USAGE = 'Usage: npm run payments:reconcile -- --stage <name> --table <table> --since <ISO 8601 UTC time>';

/** What each ignored session means to an operator. */
const REASONS: Record<string, string> = {
  'no-profile':
    "the founder's profile is not in the table (the account was made after the restore point and was not replayed): " +
    'the founder signs up again, then run this command once more',
  'not-our-price': 'not a payment of the stage’s founder price (another product on the same Stripe account)',
  'no-reference': 'names no founder (client_reference_id), or Stripe no longer has it',
  'not-paid': 'completed without payment',
};

export function formatReconcile(report: ReconcileReport): string[] {
  return [
    ...report.recorded.map((r) => `RECORDED ${r}: the founder is marked paid again.`),
    ...report.ignored.map((i) => `IGNORED ${i.sessionId}: ${REASONS[i.reason] ?? i.reason}.`),
    `${report.sessions} completed session(s): ${report.recorded.length} payment(s) recorded, ` +
      `${report.alreadyRecorded} already in the table, ${report.ignored.length} ignored.`,
  ];
}

/** The names the stack sets on the payments function (infra/constructs/environment.ts), from the stage. */
function setFunctionEnvironment(stage: OpsStage, table: string): void {
  Object.assign(process.env, {
    AWS_REGION: stage.region,
    [ENV_NAMES.tableName]: table,
    [ENV_NAMES.stripePriceId]: stage.stripePriceId,
    [ENV_NAMES.priceAmount]: String(stage.price.amount),
    [ENV_NAMES.priceCurrency]: stage.price.currency,
    [ENV_NAMES.stripeSecretName]: stage.secrets.stripeSecretKey,
  });
}

async function stripeKey(stage: OpsStage): Promise<string> {
  const local = process.env[LOCAL_ONLY_ENV.stripeSecretKey];
  if (local) return local;
  const secrets = new SecretsManagerClient({ region: stage.region, ...AWS_CLIENT_OPTIONS });
  const read = await readSecretValue(secrets, stage.secrets.stripeSecretKey);
  if (read.state !== 'present') {
    throw new UsageError(`The secret ${stage.secrets.stripeSecretKey} is ${read.state}: store the Stripe key first.`);
  }
  return read.value;
}

export async function reconcileCli(
  argv: readonly string[],
  options: { cdkJsonPath?: string; print?: (line: string) => void } = {},
): Promise<ExitCode> {
  const print = options.print ?? ((line: string) => console.log(line));
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { stage: { type: 'string' }, table: { type: 'string' }, since: { type: 'string' } },
    });
    const stage = await stageFromArgs(values.stage === undefined ? [] : ['--stage', values.stage], options.cdkJsonPath);
    if (!values.table) throw new UsageError('Name the table the stage uses now: --table <name>.');
    const since = new Date(values.since ?? '');
    if (!values.since || Number.isNaN(since.getTime())) {
      throw new UsageError('--since takes a time as ISO 8601, e.g. 2026-01-31T12:00:00Z (the restore point).');
    }
    setFunctionEnvironment(stage, values.table);
    const stripe = stripeClient(await stripeKey(stage), process.env[LOCAL_ONLY_ENV.stripeApiUrl]);
    const report = await reconcilePayments({ stripe, since, log: rootLogger.child({ component: 'reconcile' }) });
    for (const line of formatReconcile(report)) print(line);
    return report.ignored.some((i) => i.reason === 'no-profile') ? 1 : 0;
  } catch (err) {
    if (!(err instanceof UsageError || err instanceof StageConfigError || isParseError(err))) throw err;
    print((err as Error).message);
    print(USAGE);
    return 2;
  }
}
