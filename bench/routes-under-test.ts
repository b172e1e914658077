/**
 * What the API figures exercise, built from the bench stack's founders and coach: the routes
 * whose latency and overhead are measured, the raw DynamoDB baselines, and the routes whose
 * DynamoDB requests are counted. Paths come from the route table, never retyped.
 */

import { toolFieldQuestionId } from '#shared/domain/validate-tools';
import { buildPath, type RouteId, routeKey } from '#shared/routes';
import { reviewListPath, SEEDED_TYPE } from '#shared/seeded-review-list';
import { keys } from '../functions/store/keys';
import { seededSub } from '../test/seed-founders';
import type { LatencyScenario } from './api-latency';
import { type BenchFounder, type BenchStack, expectOk, saveAnswerCall } from './bench-stack';
import type { CountedRoute } from './ddb-requests-per-call';
import type { HttpCall } from './http-client';

export { reviewListPath, SEEDED_TYPE };
/** The Validate tool whose review list the seeded founders join too, and whose routes are counted. */
export const SEEDED_TOOL = 'market-research';
const toolReviewListPath = `${buildPath('review.list', { type: SEEDED_TOOL })}?state=pending`;
/** The tool field the counted save updates (a number field: the kind check runs too). */
const TOOL_FIELD = toolFieldQuestionId(SEEDED_TOOL, 'tam');

function toolSaveCall(founder: BenchFounder, value: string): HttpCall {
  return {
    method: 'PUT',
    path: buildPath('journey.saveAnswer', { type: SEEDED_TOOL, questionId: TOOL_FIELD }),
    token: founder.token,
    body: JSON.stringify({ answers: [value] }),
  };
}

/** Saves the counted tool field once, so every counted save is an update at every scale, as the trigger save is. */
export async function prepareCountedRoutes(bench: BenchStack): Promise<void> {
  await expectOk(bench.api.request(toolSaveCall(first(bench.founders), '1000000')), 'first tool answer');
}
/** The coaches' founder directory: every seeded founder has an entry in it (test/seed-founders.ts). */
const directoryPath = buildPath('founders.list');

function get(id: RouteId, token: string, params: Record<string, string> = {}): HttpCall {
  return { method: 'GET', path: buildPath(id, params), token };
}

function first(founders: readonly BenchFounder[]): BenchFounder {
  const founder = founders[0];
  if (!founder) throw new Error('the benchmark needs at least one founder');
  return founder;
}

/** An API route the latency figures call: `calls[i]` is what client i sends, again and again. */
export interface ApiScenario {
  name: string;
  calls: HttpCall[];
}

export function apiScenarios(bench: BenchStack): ApiScenario[] {
  return [
    {
      name: `${routeKey('accounts.me')} (founder read)`,
      calls: bench.founders.map((f) => get('accounts.me', f.token)),
    },
    {
      name: `${routeKey('journey.saveAnswer')} (founder write)`,
      calls: bench.founders.map((f) => saveAnswerCall(f, 'An answer saved under load')),
    },
    {
      name: `GET ${reviewListPath} (coach list)`,
      calls: [{ method: 'GET', path: reviewListPath, token: bench.adminToken }],
    },
  ];
}

/** Raw DynamoDB Local GetItem and PutItem of the founders' profiles, at the given concurrencies. */
export function rawScenarios(bench: BenchStack, clients: readonly number[]): LatencyScenario[] {
  return (['GetItem', 'PutItem'] as const).map((operation) => ({
    name: `DynamoDB ${operation} (raw)`,
    kind: 'raw',
    clients,
    target: {
      kind: 'dynamodb',
      operation,
      endpoint: bench.stack.emulators.endpoints.dynamodb,
      tableName: bench.stack.resources.tableName,
      keys: bench.founders.map((f) => keys.profile(f.sub)),
    },
  }));
}

export function countedRoutes(bench: BenchStack): CountedRoute[] {
  const founder = first(bench.founders);
  const admin = bench.adminToken;
  // Each unlock needs a founder still pending; seeded founders 0, 1, … are, in both seedings.
  let unlocks = 0;
  const route = (id: RouteId, call: () => HttpCall, label: string = routeKey(id)): CountedRoute => ({
    name: label,
    call,
  });
  return [
    route('accounts.me', () => get('accounts.me', founder.token)),
    route('journey.dashboard', () => get('journey.dashboard', founder.token)),
    route('questions.list', () => get('questions.list', founder.token, { type: 'trigger' })),
    route('journey.listAnswers', () => get('journey.listAnswers', founder.token, { type: 'trigger' })),
    route(
      'journey.saveAnswer',
      () => saveAnswerCall(founder, 'An answer, counted'),
      `${routeKey('journey.saveAnswer')} (update)`,
    ),
    route('dataroom.list', () => get('dataroom.list', founder.token)),
    route('validation.list', () => get('validation.list', founder.token)),
    route('review.stats', () => get('review.stats', admin)),
    route('review.list', () => ({ method: 'GET', path: reviewListPath, token: admin }), `GET ${reviewListPath}`),
    route('review.answers', () => get('review.answers', admin, { userId: founder.sub, type: 'trigger' })),
    // The founder directory: its first page, a searched page and a filtered page.
    route('founders.list', () => get('founders.list', admin), `${routeKey('founders.list')} (first page)`),
    route(
      'founders.list',
      () => ({ method: 'GET', path: `${directoryPath}?q=${seededSub(42)}`, token: admin }),
      `GET ${directoryPath}?q=… (searched page)`,
    ),
    route(
      'founders.list',
      () => ({ method: 'GET', path: `${directoryPath}?phase=generate-idea&status=in-progress`, token: admin }),
      `GET ${directoryPath}?phase=…&status=… (filtered page)`,
    ),
    route('founders.reviewQueue', () => get('founders.reviewQueue', admin)),
    // The Validate toolkit: a tool is a question type, so these are the same routes on a tool.
    route('journey.toolPrefill', () => get('journey.toolPrefill', founder.token, { type: 'one-pager' })),
    route(
      'journey.saveAnswer',
      () => toolSaveCall(founder, '1200000'),
      `${routeKey('journey.saveAnswer')} (tool field, update)`,
    ),
    route(
      'journey.listAnswers',
      () => get('journey.listAnswers', founder.token, { type: SEEDED_TOOL }),
      `${routeKey('journey.listAnswers')} (tool)`,
    ),
    route(
      'review.list',
      () => ({ method: 'GET', path: toolReviewListPath, token: admin }),
      `GET ${toolReviewListPath} (tool)`,
    ),
    route('founders.get', () => get('founders.get', admin, { userId: founder.sub })),
    route(
      'review.unlock',
      () => ({
        method: 'POST',
        path: buildPath('review.unlock', { userId: seededSub(unlocks++) }),
        token: admin,
        body: JSON.stringify({ phase: SEEDED_TYPE }),
      }),
      `${routeKey('review.unlock')} (pending founder)`,
    ),
  ];
}
