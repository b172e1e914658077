/**
 * The source file of every Lambda the stack deploys, in one place for the constructs that
 * create them (api.ts, events.ts, realtime.ts) and for the benchmark that bundles them.
 * Kept free of CDK imports, like bundling.ts.
 */

import { COGNITO_SESSIONS_RULE, RULES } from '#shared/events';
import { AREAS, type Area } from '#shared/routes';

export const areaEntry = (area: Area) => `functions/http/${area}.ts`;
export const consumerEntry = (consumer: string) => `functions/consumers/${consumer}.ts`;
/** The WebSocket API's $connect/$disconnect handler. */
export const REALTIME_ENTRY = 'functions/realtime/handler.ts';
/** The table's stream consumer (infra/constructs/table-stream.ts). */
export const TABLE_STREAM_ENTRY = 'functions/streams/table-changes.ts';
/** Cognito's CustomMessage trigger (infra/constructs/auth.ts). */
export const COGNITO_MESSAGES_ENTRY = 'functions/cognito/custom-message.ts';
/** The daily user-pool export (infra/constructs/user-pool-export.ts). */
export const USER_POOL_EXPORT_ENTRY = 'functions/user-pool-export/handler.ts';

/**
 * Every function: `http/<area>`, `consumers/<name>`, `realtime/connections`, `streams/table-changes` and
 * `cognito/custom-message` and `scheduled/user-pool-export`.
 */
export function lambdaEntries(): Array<{ name: string; entry: string }> {
  return [
    ...AREAS.map((area) => ({ name: `http/${area}`, entry: areaEntry(area) })),
    ...[...RULES, COGNITO_SESSIONS_RULE].map((rule) => ({
      name: `consumers/${rule.consumer}`,
      entry: consumerEntry(rule.consumer),
    })),
    { name: 'realtime/connections', entry: REALTIME_ENTRY },
    { name: 'streams/table-changes', entry: TABLE_STREAM_ENTRY },
    { name: 'cognito/custom-message', entry: COGNITO_MESSAGES_ENTRY },
    { name: 'scheduled/user-pool-export', entry: USER_POOL_EXPORT_ENTRY },
  ];
}
