/**
 * A tool's drafted suggestions with the stage's Bedrock model (its client mocked: Bedrock has no emulator), the rest
 * against the emulators: a good answer is stored as `bedrock` from a prompt of the founder's own answers and reused
 * without another call while they are unchanged; throttling and a timeout answer 503 with the sentence of
 * shared/domain/ai-failures.ts and leave the earlier draft stored.
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
import type { SuggestionsResponse } from '#shared/api-types';
import { TOOL_SUGGESTION_FAILURE_MESSAGES } from '#shared/domain/ai-failures';
import { api, createUser, setPhases, type TestUser } from '../../test/helpers';
import { AI_MODEL_ENV } from '../integrations/ai/index';
import { HttpError } from '../lib/errors';
import { createLogger, setLogSink } from '../lib/logger';
import { getSuggestions } from '../store/suggestions';
import { aiRoutes } from './ai';

const mock = mockClient(BedrockRuntimeClient);
let founder: TestUser;

async function answer(category: string, answers: string[]): Promise<void> {
  const { questions } = (
    await api<{ questions: { id: string; category: string }[] }>('GET', '/api/questions/value-proposition', {
      token: founder.token,
    })
  ).body;
  const id = questions.find((q) => q.category === category)?.id;
  const saved = await api('PUT', `/api/answers/value-proposition/${id}`, { token: founder.token, body: { answers } });
  expect(saved.status).toBe(200);
}

beforeAll(async () => {
  setLogSink(() => undefined);
  process.env.AWS_REGION ??= 'eu-central-1';
  process.env[AI_MODEL_ENV] = 'eu.amazon.nova-lite-v1:0';
  founder = await createUser();
  await setPhases(founder.sub, {
    generate_idea_status: true,
    trigger_questions_status: true,
    value_proposition_status: true,
    bmc_status: true,
  });
  await answer('Customer Pains', ['Night nurses swap shifts by text message']);
});
afterEach(() => mock.reset());
afterAll(() => {
  delete process.env[AI_MODEL_ENV];
  mock.restore();
});

async function draft(): Promise<SuggestionsResponse> {
  const result = await aiRoutes['journey.draftToolSuggestions'].handle({
    routeId: 'journey.draftToolSuggestions',
    body: undefined,
    query: {},
    params: { type: 'swot' },
    principal: { sub: founder.sub, username: founder.username, groups: [], isAdmin: false, authTime: 1 },
    caller: { profile: null, items: [] },
    event: {} as APIGatewayProxyEventV2,
    log: createLogger(),
    requestId: 'test',
  });
  return result.body as SuggestionsResponse;
}

const reply = (text: string, stopReason: ConverseCommandOutput['stopReason'] = 'end_turn') => ({
  $metadata: {},
  stopReason,
  output: { message: { role: 'assistant' as const, content: [{ text }] } },
});

async function refusal(): Promise<HttpError> {
  const error = await draft().then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

describe('tool suggestions through Bedrock', () => {
  it("stores the model's sections as bedrock, from a prompt of the founder's answers, and reuses them", async () => {
    mock.on(ConverseCommand).resolves(reply('{"Threats": ["A rota app adds shift swaps"], "Strengths": []}'));
    const { suggestions } = await draft();
    expect(suggestions?.source).toBe('bedrock');
    expect(suggestions?.sections).toEqual({
      Strengths: [],
      Weaknesses: [],
      Opportunities: [],
      Threats: ['A rota app adds shift swaps'],
    });
    const prompt = mock.commandCalls(ConverseCommand)[0]?.args[0].input.messages?.[0]?.content?.[0]?.text ?? '';
    expect(prompt).toContain('<answer>Night nurses swap shifts by text message</answer>');
    expect(await getSuggestions(founder.sub, 'swot')).toEqual(suggestions);
    // Unchanged material: the stored draft, no second call.
    expect((await draft()).suggestions).toEqual(suggestions);
    expect(mock.commandCalls(ConverseCommand)).toHaveLength(1);
  });

  it('answers 503 with why when the model is throttled or times out, and keeps the earlier draft', async () => {
    const before = await getSuggestions(founder.sub, 'swot');
    await answer('Customer Gains', ['Swaps agreed within the hour']);
    mock.on(ConverseCommand).rejects(new ThrottlingException({ message: 'Too many requests', $metadata: {} }));
    const throttled = await refusal();
    expect([throttled.statusCode, throttled.message]).toEqual([503, TOOL_SUGGESTION_FAILURE_MESSAGES.throttled]);
    mock.on(ConverseCommand).rejects(Object.assign(new Error('timed out after 7000 ms'), { name: 'TimeoutError' }));
    const slow = await refusal();
    expect([slow.statusCode, slow.message]).toEqual([503, TOOL_SUGGESTION_FAILURE_MESSAGES.timeout]);
    expect(await getSuggestions(founder.sub, 'swot')).toEqual(before);
  });
});
