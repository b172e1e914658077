import * as z from 'zod';
import type { AreaContract } from './schema';

/** What the health check reports on; offline each is an emulator, in the cloud an AWS service. */
export const HEALTH_DEPENDENCIES = ['dynamodb', 'cognito', 's3', 'ses'] as const;
export type HealthDependency = (typeof HEALTH_DEPENDENCIES)[number];

/** `unchecked`: this deployment does not look (the cloud function has no grants to; decision 039). */
export const dependencyState = z.enum(['up', 'down', 'unchecked']);
export type DependencyState = z.infer<typeof dependencyState>;

export const healthDependencies = z.object({
  dynamodb: dependencyState,
  cognito: dependencyState,
  s3: dependencyState,
  ses: dependencyState,
});
export type HealthDependencies = z.infer<typeof healthDependencies>;

/** The `details` of the 503 the health check answers while a dependency is down (the body is the error shape). */
export const healthUnavailableDetails = z.object({ dependencies: healthDependencies });

export const platformContract = {
  'platform.health': { response: z.object({ status: z.literal('ok'), dependencies: healthDependencies }) },
} as const satisfies AreaContract<'platform'>;
