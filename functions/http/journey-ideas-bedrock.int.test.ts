/**
 * The idea route with the stage's Bedrock model (its client mocked: Bedrock has no emulator): a good answer comes back
 * as `source: 'bedrock'` (no "Offline draft" label), the prompt carries the founder's own setup answers, and every
 * way the model can fail answers 200 with a message the founder can act on — never a 5xx, never a saved idea.
 */
import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandOutput,
  ThrottlingException,
} from '@aws-sdk/client-bedrock-runtime';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateIdeasResponse } from '#shared/api-types';
import { IDEA_FAILURE_MESSAGES } from '#shared/domain/ai-failures';
import { api, createUser, type TestUser } from '../../test/helpers';
import { AI_MODEL_ENV } from '../integrations/ai/index';
import { createLogger, setLogSink } from '../lib/logger';
import { getProfile } from '../store/profiles';
import { aiRoutes } from './ai';

const mock = mockClient(BedrockRuntimeClient);
let founder: TestUser;

beforeAll(async () => {
  setLogSink(() => undefined);
  process.env.AWS_REGION ??= 'eu-central-1';
  process.env[AI_MODEL_ENV] = 'eu.amazon.nova-lite-v1:0';
  founder = await createUser();
  const onboarding = {
    startupName: 'Quietshift',
    businessType: 'saas',
    stage: 'idea',
    industry: 'healthcare',
    customerType: 'b2b',
    description: 'Rota planning for night nurses',
    teamSize: 'solo',
    fundingStatus: 'bootstrapped',
    website: null,
  };
  expect((await api('PUT', '/api/me/onboarding', { token: founder.token, body: onboarding })).status).toBe(200);
});
afterEach(() => mock.reset());
afterAll(() => {
  delete process.env[AI_MODEL_ENV];
  mock.restore();
});

async function generate(): Promise<{ status: number | undefined; body: GenerateIdeasResponse }> {
  const result = await aiRoutes['journey.generateIdeas'].handle({
    routeId: 'journey.generateIdeas',
    body: { text: 'Shift swaps for nurses' },
    query: {},
    params: {},
    principal: { sub: founder.sub, username: founder.username, groups: [], isAdmin: false, authTime: 1 },
    caller: { profile: null, items: [] },
    event: {} as APIGatewayProxyEventV2,
    log: createLogger(),
    requestId: 'test',
  });
  return { status: result.statusCode, body: result.body as GenerateIdeasResponse };
}

const answer = (text: string, stopReason: ConverseCommandOutput['stopReason'] = 'end_turn') => ({
  $metadata: {},
  stopReason,
  output: { message: { role: 'assistant' as const, content: [{ text }] } },
});

describe('idea generation through Bedrock', () => {
  it("returns the model's ideas as bedrock, from a prompt holding the founder's setup answers", async () => {
    mock.on(ConverseCommand).resolves(answer('{"Swap board": "Nurses trade shifts in one tap."}'));
    const { status, body } = await generate();
    expect(status ?? 200).toBe(200);
    expect(body).toEqual({
      ideas: [{ title: 'Swap board', description: 'Nurses trade shifts in one tap.' }],
      source: 'bedrock',
    });
    const prompt = mock.commandCalls(ConverseCommand)[0]?.args[0].input.messages?.[0]?.content?.[0]?.text ?? '';
    expect(prompt).toContain('Shift swaps for nurses');
    expect(prompt).toContain('Description: Rota planning for night nurses');
  });

  const failures = [
    { name: 'throttled', reject: new ThrottlingException({ message: 'slow down', $metadata: {} }) },
    { name: 'timeout', reject: Object.assign(new Error('socket timed out'), { name: 'TimeoutError' }) },
    { name: 'refused', resolve: answer('', 'content_filtered') },
    { name: 'truncated', resolve: answer('{"Swap board": "Nurses tr', 'max_tokens') },
    { name: 'malformed', resolve: answer('Here are three ideas for you.') },
  ] as const;

  for (const failure of failures) {
    it(`answers 200 with the ${failure.name} message and no ideas, saving nothing`, async () => {
      if ('reject' in failure) mock.on(ConverseCommand).rejects(failure.reject);
      else mock.on(ConverseCommand).resolves(failure.resolve);
      const { status, body } = await generate();
      expect(status ?? 200).toBe(200);
      expect(body).toEqual({ ideas: [], source: null, error: IDEA_FAILURE_MESSAGES[failure.name] });
      expect((await getProfile(founder.sub))?.idea).toBeNull();
    });
  }
});
