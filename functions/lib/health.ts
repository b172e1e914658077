/**
 * What the health check knows of its dependencies. The deployed function looks at none of them (decision 039):
 * it has no grants, the route is public, and an outage of DynamoDB or Cognito shows in the area functions' 5xx
 * alarms. The offline stack, which does know (it supervises the emulators), installs its own check.
 */
import type { HealthDependencies } from '#shared/contract/platform';

export type HealthCheck = () => HealthDependencies | Promise<HealthDependencies>;

const UNCHECKED: HealthDependencies = {
  dynamodb: 'unchecked',
  cognito: 'unchecked',
  s3: 'unchecked',
  ses: 'unchecked',
};

let installed: HealthCheck | undefined;

/** Replaces the check (the local stack does); undefined puts the deployed one back. */
export function setHealthCheck(check: HealthCheck | undefined): void {
  installed = check;
}

export async function checkDependencies(): Promise<HealthDependencies> {
  return installed ? await installed() : { ...UNCHECKED };
}
