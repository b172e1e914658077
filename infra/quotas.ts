/**
 * The AWS service quotas a stage needs raised (or at their default) before its deploy can carry its load: one
 * list for the capacity model (docs/capacity.md), the preflight (ops/preflight) and the runbook, so the three
 * cannot disagree. Kept free of CDK imports like bundling.ts: the preflight reads it without synthesizing.
 */
import { type StageConfig, totalReservedConcurrency } from './stages';

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
}

export function requiredQuotas(stage: StageConfig): RequiredQuota[] {
  const reserved = totalReservedConcurrency(stage.reservedConcurrency);
  return [
    {
      serviceCode: 'lambda',
      quotaCode: 'L-B99A9384',
      name: 'Concurrent executions',
      region: stage.region,
      needed: reserved + LAMBDA_UNRESERVED_MINIMUM,
      why: `the stage reserves ${reserved} executions and Lambda keeps ${LAMBDA_UNRESERVED_MINIMUM} unreserved`,
    },
  ];
}
