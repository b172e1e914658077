/**
 * Starts the offline stack once for the integration tests: every emulator in
 * memory on free ports, the local bus and the API server (no frontend). The
 * workers inherit the endpoints through process.env, set before they start.
 */
import '../local/quiet-warnings';
import type { TestProject } from 'vitest/node';
import { AI_ENV } from '../functions/integrations/ai/index';
import { setLogSink } from '../functions/lib/logger';
import { freePort } from '../local/emulators/index';
import { startLocalStack } from '../local/stack';
import { TEST_ADMIN_PASSWORD } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    cognitoEndpoint: string;
    sesEndpoint: string;
    userPoolId: string;
    userPoolClientId: string;
    stripeEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!process.env.LOG_LEVEL) setLogSink(() => undefined);
  // Every answer of the in-process API is checked against its route's response schema (functions/lib/http.ts).
  process.env.PRESEED_CHECK_RESPONSES = '1';
  // The value-proposition automation points at a closed port: tests prove an unlock still works
  // (and still emails) when the automation fails. Other automations use the offline drafter.
  process.env[AI_ENV.valueProposition] = `http://127.0.0.1:${await freePort()}/vp-suggestions`;
  const stack = await startLocalStack({
    port: 0,
    frontend: 'none',
    adminPassword: TEST_ADMIN_PASSWORD,
    stripe: 'local',
  });
  process.env.PRESEED_API_URL = stack.url;
  project.provide('apiUrl', stack.url);
  project.provide('cognitoEndpoint', stack.emulators.endpoints.cognito);
  project.provide('sesEndpoint', stack.emulators.endpoints.ses);
  project.provide('userPoolId', stack.resources.userPoolId);
  project.provide('userPoolClientId', stack.resources.userPoolClientId);
  project.provide('stripeEndpoint', stack.stripe?.endpoint ?? '');
  return () => stack.stop();
}
