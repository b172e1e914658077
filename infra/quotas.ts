/**
 * The AWS service quotas a stage needs raised (or at their default) before its deploy can carry its load: one
 * list for the capacity model (docs/capacity.md), the preflight (ops/preflight) and the runbook, so the three
 * cannot disagree. Kept free of CDK imports like bundling.ts: the preflight reads it without synthesizing.
 *
 * Every number comes from the capacity model (infra/capacity-model.ts) at the stage's `expectedFounders`. Not here,
 * because Service Quotas does not hold them or their codes could not be confirmed: SES's sending quota and rate
 * (SES GetAccount's SendQuota, which the preflight reads), Cognito's per-category request rates, and Bedrock's
 * cross-Region requests per minute (raised together with the cross-Region tokens per minute, which is here).
 */
import { capacityPlan, HEADROOM } from './capacity-model';
import { inferenceProfileGeo, type StageConfig, totalReservedConcurrency } from './stages';

/** Concurrent executions Lambda always keeps unreserved in an account and Region. */
export const LAMBDA_UNRESERVED_MINIMUM = 100;

export interface RequiredQuota {
  /** Service Quotas' service code, e.g. `lambda`. */
  readonly serviceCode: string;
  /** Service Quotas' quota code, e.g. `L-B99A9384`. */
  readonly quotaCode: string;
  /** The quota's name as the Service Quotas console shows it. */
  readonly name: string;
  /** The Region the quota applies in. */
  readonly region: string;
  /** The smallest value that carries the stage. */
  readonly needed: number;
  /** Why the stage needs that much, for the preflight's line and the quota request. */
  readonly why: string;
  /**
   * AWS's usual default for an established account, when known: a need at or below it asks for no increase (a new
   * account may start lower, as Lambda's 10 executions; the preflight reads the applied value).
   */
  readonly usualDefault?: number;
}

/**
 * Bedrock's per-model quotas by foundation model (the part of a profile id after its geography). A stage's model
 * missing here gets no Bedrock entry: look its codes up with `aws service-quotas list-service-quotas
 * --service-code bedrock` and add them.
 */
export const BEDROCK_QUOTA_CODES: Readonly<
  Record<string, { model: string; onDemandTokens: string; onDemandRequests: string; crossRegionTokens: string }>
> = {
  'amazon.nova-lite-v1:0': {
    model: 'Amazon Nova Lite',
    onDemandTokens: 'L-70423BF8',
    onDemandRequests: 'L-E386A278',
    crossRegionTokens: 'L-7C42E72A',
  },
};

const int = (n: number) => Math.ceil(n - 1e-9);

export function requiredQuotas(stage: StageConfig): RequiredQuota[] {
  const plan = capacityPlan(stage.expectedFounders);
  const founders = stage.expectedFounders.toLocaleString('en-US');
  const reserved = totalReservedConcurrency(stage.reservedConcurrency);
  const unreserved = Math.max(LAMBDA_UNRESERVED_MINIMUM, plan.unreservedConcurrency);
  const everyFunction = int(
    (Object.values(plan.areas).reduce((sum, load) => sum + load.concurrency, 0) + plan.bedrock.concurrency) * HEADROOM,
  );
  const quotas: RequiredQuota[] = [
    stage.reservedConcurrency
      ? {
          serviceCode: 'lambda',
          quotaCode: 'L-B99A9384',
          name: 'Concurrent executions',
          region: stage.region,
          needed: reserved + unreserved,
          usualDefault: 1_000,
          why:
            `the stage reserves ${reserved} executions and the rest of its functions need ${unreserved} unreserved ` +
            `(at least the ${LAMBDA_UNRESERVED_MINIMUM} Lambda keeps) at the peak of ${founders} founders`,
        }
      : {
          serviceCode: 'lambda',
          quotaCode: 'L-B99A9384',
          name: 'Concurrent executions',
          region: stage.region,
          needed: everyFunction,
          usualDefault: 1_000,
          why: `nothing is reserved: every function shares the account's executions, ${everyFunction} at twice the peak of ${founders} founders`,
        },
    {
      serviceCode: 'apigateway',
      quotaCode: 'L-8A5B8E43',
      name: 'Throttle rate',
      region: stage.region,
      needed: plan.apiThrottle.rateLimit + plan.realtimeThrottle.rateLimit,
      usualDefault: 10_000,
      why:
        `the account's requests a second across its APIs hold the HTTP stage's ${plan.apiThrottle.rateLimit} and ` +
        `the WebSocket stage's ${plan.realtimeThrottle.rateLimit} (twice the peak of ${founders} founders)`,
    },
    {
      serviceCode: 'apigateway',
      quotaCode: 'L-9ED1E49A',
      name: 'New connections per second per account (across all WebSocket APIs) per Region',
      region: stage.region,
      needed: int(plan.realtimeConnectsPerSecond * HEADROOM),
      usualDefault: 500,
      why: `founders' tabs connect and reconnect after the 10-minute idle timeout: twice the peak of ${founders} founders`,
    },
  ];
  if (stage.bedrock) {
    const geo = inferenceProfileGeo(stage.bedrock.modelId);
    const foundation = geo ? stage.bedrock.modelId.slice(geo.length + 1) : stage.bedrock.modelId;
    const codes = BEDROCK_QUOTA_CODES[foundation];
    if (codes) {
      const calls = `${plan.bedrock.requestsPerMinute} calls a minute (twice the peak of ${founders} founders)`;
      const tokens = `${calls} of up to ~${Math.round(plan.bedrock.tokensPerMinute / plan.bedrock.requestsPerMinute)} tokens each, input and output cap`;
      if (geo) {
        quotas.push({
          serviceCode: 'bedrock',
          quotaCode: codes.crossRegionTokens,
          name: `Cross-region model inference tokens per minute for ${codes.model}`,
          region: stage.region,
          needed: plan.bedrock.tokensPerMinute,
          why: `${stage.bedrock.modelId} is a cross-Region profile: ${tokens}`,
        });
      } else {
        quotas.push(
          {
            serviceCode: 'bedrock',
            quotaCode: codes.onDemandRequests,
            name: `On-demand model inference requests per minute for ${codes.model}`,
            region: stage.region,
            needed: plan.bedrock.requestsPerMinute,
            why: calls,
          },
          {
            serviceCode: 'bedrock',
            quotaCode: codes.onDemandTokens,
            name: `On-demand model inference tokens per minute for ${codes.model}`,
            region: stage.region,
            needed: plan.bedrock.tokensPerMinute,
            why: tokens,
          },
        );
      }
    }
  }
  return quotas;
}

/** Whether the stage must ask for more than AWS usually grants (always, where the default is not known). */
export const needsIncrease = (quota: RequiredQuota): boolean =>
  quota.usualDefault === undefined || quota.needed > quota.usualDefault;

/** The command an operator runs to ask for a quota (docs/capacity.md prints them for each stage). */
export function quotaRequestCommand(quota: RequiredQuota): string {
  return (
    `aws service-quotas request-service-quota-increase --service-code ${quota.serviceCode} ` +
    `--quota-code ${quota.quotaCode} --desired-value ${quota.needed} --region ${quota.region}`
  );
}
