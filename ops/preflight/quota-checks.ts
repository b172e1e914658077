/**
 * The service quotas the stage needs (infra/quotas.ts, the list the capacity model and the runbook share), each read
 * from Service Quotas: the account's applied value, or AWS's default where none was ever applied. A new entry there
 * is checked here with no change.
 */
import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import {
  GetAWSDefaultServiceQuotaCommand,
  GetServiceQuotaCommand,
  type ServiceQuotasClient,
} from '@aws-sdk/client-service-quotas';
import { LAMBDA_UNRESERVED_MINIMUM, type RequiredQuota } from '../../infra/quotas';
import { type CheckResult, fail, type PreflightContext, pass, warn } from './check';

/** The quota's value in the account: applied if AWS ever applied one, else the service's default. */
async function quotaValue(client: ServiceQuotasClient, quota: RequiredQuota): Promise<number | undefined> {
  const ids = { ServiceCode: quota.serviceCode, QuotaCode: quota.quotaCode };
  try {
    return (await client.send(new GetServiceQuotaCommand(ids))).Quota?.Value;
  } catch (err) {
    if (!(err instanceof Error && err.name === 'NoSuchResourceException')) throw err;
    return (await client.send(new GetAWSDefaultServiceQuotaCommand(ids))).Quota?.Value;
  }
}

export const increaseCommand = (quota: RequiredQuota): string =>
  `aws service-quotas request-service-quota-increase --region ${quota.region} --service-code ${quota.serviceCode} ` +
  `--quota-code ${quota.quotaCode} --desired-value ${quota.needed}`;

export async function checkQuotas({ stage, clients }: PreflightContext): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const quota of stage.quotas) {
    const name = `Quota ${quota.serviceCode} ${quota.name} ${quota.region}`;
    const value = await quotaValue(clients.serviceQuotas(quota.region), quota);
    if (value === undefined) {
      results.push(fail(name, `Service Quotas returned no value for ${quota.quotaCode}`, increaseCommand(quota)));
    } else if (value < quota.needed) {
      results.push(
        fail(
          name,
          `${value} in the account, ${quota.needed} needed: ${quota.why}`,
          `${increaseCommand(quota)} (AWS answers in hours to days)` +
            (quota.serviceCode === 'lambda'
              ? `, or set context.stages.${stage.name}.reservedConcurrency to false meanwhile`
              : ''),
        ),
      );
    } else {
      results.push(pass(name, `${value} in the account holds the ${quota.needed} needed (${quota.why})`));
    }
  }
  return results;
}

/**
 * Other stages or apps in the region reserve from the same Lambda quota; this stage's own reservations are among
 * them once it is deployed, so a shortfall here only matters to a first deploy (a warning, not a failure).
 */
export async function checkUnreserved({ stage, clients }: PreflightContext): Promise<CheckResult> {
  const name = 'Lambda reservations';
  const reserved = stage.reservedConcurrency;
  if (reserved === 0) return pass(name, 'the stage reserves no concurrency (reservedConcurrency: false)');
  const out = await clients.lambda.send(new GetAccountSettingsCommand({}));
  const limit = out.AccountLimit?.ConcurrentExecutions ?? 0;
  const unreserved = out.AccountLimit?.UnreservedConcurrentExecutions ?? limit;
  if (unreserved - reserved < LAMBDA_UNRESERVED_MINIMUM) {
    return warn(
      name,
      `functions in ${stage.region} already reserve ${limit - unreserved} of ${limit}: unless they include this ` +
        `stage's, its ${reserved} would leave ${unreserved - reserved} unreserved, below AWS's ${LAMBDA_UNRESERVED_MINIMUM}`,
      `free reservations elsewhere in ${stage.region}, or set context.stages.${stage.name}.reservedConcurrency to false`,
    );
  }
  return pass(name, `${unreserved} of ${limit} are unreserved: room for the ${reserved} the stage reserves`);
}
