/**
 * Who drafts a tool's suggestions, against a mocked Bedrock Runtime client (Bedrock has no emulator): the stage's
 * model when configured, read section by section; throttling and a timeout become failures with their reason,
 * never an offline draft; the offline drafter without a model, or when the founder has written nothing yet.
 */
import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandOutput,
  ThrottlingException,
} from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, setLogSink } from '../../lib/logger';
import { AI_MODEL_ENV } from './index';
import { writeFirst } from './offline-tools';
import { TOOL_SUGGESTIONS_PROMPT_VERSION } from './prompts/tool-suggestions';
import { OFFLINE_TOOL_DRAFTER_VERSION, toolDrafterFromEnv } from './tool-drafter';
import type { ToolMaterial } from './tool-material';

const mock = mockClient(BedrockRuntimeClient);
beforeAll(() => {
  process.env.AWS_REGION ??= 'eu-central-1';
  setLogSink(() => undefined);
});
afterEach(() => mock.reset());

const MODEL = { [AI_MODEL_ENV]: 'eu.amazon.nova-lite-v1:0' };
const MATERIAL: ToolMaterial = {
  tool: 'swot',
  idea: 'Same-day bike couriers for independent shops',
  setup: null,
  answers: [{ type: 'value-proposition', questionId: 'q', category: 'Customer Pains', answers: ['Late couriers'] }],
  tests: [],
  guidance: [],
};

const answer = (text: string, stopReason: ConverseCommandOutput['stopReason'] = 'end_turn') => ({
  $metadata: {},
  stopReason,
  output: { message: { role: 'assistant' as const, content: [{ text }] } },
});

describe('the tool drafter', () => {
  it("asks the stage's model with the tool prompt and reads its sections", async () => {
    mock.on(ConverseCommand).resolves(answer('{"Threats": ["A carrier copies same-day delivery"], "Strengths": []}'));
    const drafter = toolDrafterFromEnv(MODEL, createLogger());
    expect(drafter.identity).toBe(`bedrock:eu.amazon.nova-lite-v1:0:${TOOL_SUGGESTIONS_PROMPT_VERSION}`);
    expect(await drafter.draft(MATERIAL)).toEqual({
      ok: true,
      source: 'bedrock',
      value: { Strengths: [], Weaknesses: [], Opportunities: [], Threats: ['A carrier copies same-day delivery'] },
    });
    const input = mock.commandCalls(ConverseCommand)[0]?.args[0].input;
    expect(input?.modelId).toBe('eu.amazon.nova-lite-v1:0');
    expect(input?.messages?.[0]?.content?.[0]?.text).toContain('<answer>Late couriers</answer>');
  });

  it('reports throttling and a timeout as failures with their reason, not as an offline draft', async () => {
    mock.on(ConverseCommand).rejects(new ThrottlingException({ message: 'Too many requests', $metadata: {} }));
    expect(await toolDrafterFromEnv(MODEL, createLogger()).draft(MATERIAL)).toMatchObject({
      ok: false,
      reason: 'throttled',
    });
    mock.on(ConverseCommand).rejects(Object.assign(new Error('timed out after 7000 ms'), { name: 'TimeoutError' }));
    expect(await toolDrafterFromEnv(MODEL, createLogger()).draft(MATERIAL)).toMatchObject({
      ok: false,
      reason: 'timeout',
    });
    mock.on(ConverseCommand).resolves(answer('Sorry, I cannot help with that.'));
    expect(await toolDrafterFromEnv(MODEL, createLogger()).draft(MATERIAL)).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });

  it('asks no model when the founder has written nothing: the drafter says where to start', async () => {
    const empty: ToolMaterial = { ...MATERIAL, idea: null, answers: [] };
    const outcome = await toolDrafterFromEnv(MODEL, createLogger()).draft(empty);
    expect(outcome).toMatchObject({ ok: true, source: 'offline' });
    expect(outcome.ok && outcome.value.Threats).toEqual([writeFirst('swot', 'Threats')]);
    expect(mock.commandCalls(ConverseCommand)).toHaveLength(0);
  });

  it('drafts offline without a model', async () => {
    const drafter = toolDrafterFromEnv({}, createLogger());
    expect(drafter.identity).toBe(OFFLINE_TOOL_DRAFTER_VERSION);
    expect(await drafter.draft(MATERIAL)).toMatchObject({ ok: true, source: 'offline' });
    expect(mock.commandCalls(ConverseCommand)).toHaveLength(0);
  });
});
