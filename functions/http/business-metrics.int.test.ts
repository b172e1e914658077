/**
 * The business metrics are emitted where the thing happens, once per thing, and not for a refusal: routes called in
 * this process (the shared stack's API runs in another) with the log sink reading the EMF lines metrics.ts writes.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_METRICS } from '#shared/business-metrics';
import type { Question } from '#shared/domain/questions';
import { api, createUser, setPhases, type TestUser } from '../../test/helpers';
import { createLogger, setLogSink } from '../lib/logger';
import type { Principal } from '../lib/principal';
import { journeyRoutes } from './journey';
import { reviewRoutes } from './review';

const lines: string[] = [];
beforeAll(() => setLogSink((line) => lines.push(line)));
afterAll(() => setLogSink(() => undefined));

/** The EMF entries written while `run` ran that count `metric`. */
async function emitted(metric: string, run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  lines.length = 0;
  await run().catch(() => undefined);
  return lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => '_aws' in entry && metric in entry);
}

const principalOf = (user: TestUser, isAdmin = false): Principal => ({
  sub: user.sub,
  username: user.username,
  groups: isAdmin ? ['admin'] : [],
  isAdmin,
  authTime: Math.floor(Date.now() / 1000),
});

const context = { query: {}, caller: { profile: null, items: [] }, event: {} as APIGatewayProxyEventV2 };
const log = createLogger({ requestId: 'metrics-test' });

describe('business metrics', () => {
  it('counts an answer save once, by question type; a save the phase gate refuses is not counted', async () => {
    const founder = await createUser();
    const questions = (await api<{ questions: Question[] }>('GET', '/api/questions/trigger', { token: founder.token }))
      .body.questions;
    const questionId = questions[0]?.id ?? '';
    const save = () =>
      journeyRoutes['journey.saveAnswer'].handle({
        ...context,
        routeId: 'journey.saveAnswer',
        params: { type: 'trigger', questionId },
        body: { answers: ['Parents plan meals on Sunday.'] },
        principal: principalOf(founder),
        log,
        requestId: 'metrics-test',
      });

    expect(await emitted(BUSINESS_METRICS.answersSaved, save)).toEqual([]);
    await setPhases(founder.sub, { generate_idea_status: true });
    const counted = await emitted(BUSINESS_METRICS.answersSaved, save);
    expect(counted).toEqual([
      expect.objectContaining({ AnswersSaved: 1, questionType: 'trigger', service: 'preseed' }),
    ]);
  });

  it("counts a coach's unlock once: unlocking a phase already open changes nothing and is not counted", async () => {
    const founder = await createUser();
    const unlock = () =>
      reviewRoutes['review.unlock'].handle({
        ...context,
        routeId: 'review.unlock',
        params: { userId: founder.sub },
        body: { phase: 'trigger' },
        principal: principalOf(founder, true),
        log,
        requestId: 'metrics-test',
      });
    expect(await emitted(BUSINESS_METRICS.unlocks, unlock)).toEqual([
      expect.objectContaining({ Unlocks: 1, phase: 'trigger' }),
    ]);
    expect(await emitted(BUSINESS_METRICS.unlocks, unlock)).toEqual([]);
  });
});
