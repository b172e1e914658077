/**
 * The Bedrock adapter against a mocked Bedrock Runtime client (there is no Bedrock emulator): the request it sends,
 * and each way an answer can fail — throttling, a timeout, a refusal, a cut-off answer, malformed output — becoming
 * a clean failure the caller turns into a founder's message, never a throw.
 */
import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandInput,
  type ConverseCommandOutput,
  ModelTimeoutException,
  ServiceUnavailableException,
  ThrottlingException,
  ValidationException,
} from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../lib/logger';
import { AI_BEDROCK_CALLS } from '../timeouts';
import { createBedrockAutomations, failureOfError } from './bedrock';
import type { FounderGrounding } from './port';
import { IDEAS_PROMPT_VERSION, MAX_OUTPUT_TOKENS } from './prompts/index';

const mock = mockClient(BedrockRuntimeClient);
beforeAll(() => {
  process.env.AWS_REGION ??= 'eu-central-1';
});
afterEach(() => mock.reset());

interface LogLine {
  level: string;
  message: string;
  data?: Record<string, unknown>;
}

function recordingLogger(): { log: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: string) => (message: string, data?: Record<string, unknown>) => {
    lines.push({ level, message, ...(data ? { data } : {}) });
  };
  const log: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), child: () => log };
  return { log, lines };
}

const MODEL = 'eu.amazon.nova-lite-v1:0';

function automations(kind: 'http' | 'consumer' = 'http') {
  const logger = recordingLogger();
  return { ai: createBedrockAutomations({ modelId: MODEL, kind, log: logger.log }), ...logger };
}

function answer(text: string, stopReason: ConverseCommandOutput['stopReason'] = 'end_turn'): ConverseCommandOutput {
  return {
    $metadata: {},
    output: { message: { role: 'assistant', content: [{ text }] } },
    stopReason,
    usage: { inputTokens: 812, outputTokens: 214, totalTokens: 1026 },
    metrics: { latencyMs: 1840 },
  };
}

const sent = (): ConverseCommandInput[] => mock.commandCalls(ConverseCommand).map((call) => call.args[0].input);

const IDEAS = {
  'Meal kits for shift workers': 'Weekly boxes for nurses on night shifts, cooked in ten minutes.',
  'Night-shift pantry': 'A subscription pantry delivered before a shift starts.',
  'Hospital canteen partner': 'Healthy meals sold through hospital canteens at night.',
};

const GROUNDING: FounderGrounding = {
  setup: {
    startupName: 'NightBite',
    businessType: 'consumer',
    stage: 'idea',
    industry: 'healthcare',
    customerType: 'b2c',
    description: 'Food for people who work at night',
    teamSize: 'solo',
    fundingStatus: 'bootstrapped',
    website: null,
  },
  idea: null,
  phases: [],
  target: null,
};

describe('bedrock automations: good answers', () => {
  it('send the versioned prompt to the stage model with its token cap, and read three ideas', async () => {
    mock.on(ConverseCommand).resolves(answer(JSON.stringify(IDEAS)));
    const { ai, lines } = automations();
    const outcome = await ai.generateIdeas('Meals for night-shift nurses', async () => GROUNDING);
    expect(outcome).toEqual({
      ok: true,
      source: 'bedrock',
      value: Object.entries(IDEAS).map(([title, description]) => ({ title, description })),
    });
    const [input] = sent();
    expect(input).toMatchObject({
      modelId: MODEL,
      inferenceConfig: { maxTokens: MAX_OUTPUT_TOKENS.ideas, temperature: 0.7 },
    });
    expect(input?.system?.[0]).toHaveProperty('text', expect.stringContaining('Answer with one JSON object'));
    const user = input?.messages?.[0]?.content?.[0]?.text ?? '';
    expect(user).toContain('<request>\nMeals for night-shift nurses\n</request>');
    expect(user).toContain('Startup name: NightBite');
    // Tokens, latency and the prompt's version are logged with every call.
    expect(lines).toContainEqual({
      level: 'info',
      message: 'ai model answered',
      data: {
        automation: 'ideas',
        modelId: MODEL,
        promptVersion: IDEAS_PROMPT_VERSION,
        stopReason: 'end_turn',
        inputTokens: 812,
        outputTokens: 214,
        latencyMs: 1840,
      },
    });
  });

  it('read suggestions with the webhook keys, through a code fence, and cap them like webhook answers', async () => {
    const body = {
      customerSegments: ['Night nurses'],
      valuePrepositions: ['Dinner ready in ten minutes'],
      channels: ['Hospital staff groups'],
      customerRelationships: ['Weekly check-in'],
      revenueStreams: ['Weekly subscription'],
      keyResources: ['Recipes'],
      keyActivities: ['Cooking'],
      keyPartners: ['Hospital canteens'],
      costStructure: Array.from({ length: 30 }, (_, i) => `Cost ${i}`),
    };
    mock.on(ConverseCommand).resolves(answer(`\`\`\`json\n${JSON.stringify(body)}\n\`\`\``));
    const { ai } = automations('consumer');
    const outcome = await ai.businessModelSuggestions('Night nurses\nDinner ready');
    expect(outcome.ok && outcome.source).toBe('bedrock');
    expect(outcome.ok && outcome.value['Value Propositions']).toEqual(['Dinner ready in ten minutes']);
    expect(outcome.ok && outcome.value['Cost Structure']).toHaveLength(20);
    expect(sent()[0]?.inferenceConfig?.maxTokens).toBe(MAX_OUTPUT_TOKENS.businessModel);
  });

  it('ask nothing when there is nothing of the founder to build on', async () => {
    const { ai } = automations('consumer');
    expect(await ai.valuePropositionSuggestions('  ')).toMatchObject({ ok: true, source: 'bedrock' });
    expect(sent()).toEqual([]);
  });

  it('prompt with the text alone when the grounding cannot be read', async () => {
    mock.on(ConverseCommand).resolves(answer(JSON.stringify({ Customer_Jobs: ['Eat well at night'] })));
    const { ai, lines } = automations('consumer');
    const outcome = await ai.triggerSuggestions('Meals for night-shift nurses', () =>
      Promise.reject(new Error('DynamoDB is down')),
    );
    expect(outcome).toMatchObject({ ok: true, value: { 'Customer Jobs': ['Eat well at night'] } });
    expect(lines.some((line) => line.level === 'warn' && line.message.startsWith('ai grounding'))).toBe(true);
  });
});

describe('bedrock automations: each failure is reported, never thrown', () => {
  const service = <E extends Error>(Type: new (o: { message: string; $metadata: object }) => E, status: number) =>
    new Type({ message: 'from the mock', $metadata: { httpStatusCode: status } });
  const timeout = Object.assign(new Error('Connection timed out after 7000 ms'), { name: 'TimeoutError' });

  const cases: { name: string; reject?: Error; resolve?: ConverseCommandOutput; reason: string }[] = [
    { name: 'throttling', reject: service(ThrottlingException, 429), reason: 'throttled' },
    { name: 'an unavailable service', reject: service(ServiceUnavailableException, 503), reason: 'throttled' },
    { name: 'a request timeout', reject: timeout, reason: 'timeout' },
    { name: "the model's own timeout", reject: service(ModelTimeoutException, 408), reason: 'timeout' },
    { name: 'a refused request (validation)', reject: service(ValidationException, 400), reason: 'http-error' },
    { name: 'a content filter', resolve: answer('', 'content_filtered'), reason: 'refused' },
    { name: 'a guardrail', resolve: answer('I cannot help.', 'guardrail_intervened'), reason: 'refused' },
    { name: 'an answer cut at maxTokens', resolve: answer('{"A": "b", "C": "d', 'max_tokens'), reason: 'truncated' },
    { name: 'prose instead of JSON', resolve: answer('Here are some thoughts on your idea.'), reason: 'malformed' },
    { name: 'JSON of the wrong shape', resolve: answer('["an", "array"]'), reason: 'malformed' },
    { name: 'an empty answer', resolve: answer(''), reason: 'malformed' },
  ];

  for (const { name, reject, resolve, reason } of cases) {
    it(`report ${name} as ${reason}, with one warn line`, async () => {
      if (reject) mock.on(ConverseCommand).rejects(reject);
      else if (resolve) mock.on(ConverseCommand).resolves(resolve);
      const { ai, lines } = automations();
      const outcome = await ai.generateIdeas('Meals for night-shift nurses');
      expect(outcome).toMatchObject({ ok: false, reason });
      const warns = lines.filter((line) => line.level === 'warn');
      expect(warns).toHaveLength(1);
      expect(warns[0]).toMatchObject({
        message: 'ai automation failed',
        data: { automation: 'ideas', provider: 'bedrock', reason, promptVersion: IDEAS_PROMPT_VERSION },
      });
    });
  }

  it('report something that is not an Error as a network failure', () => {
    expect(failureOfError('boom')).toEqual({ reason: 'network', detail: 'boom' });
  });
});

describe('the client the adapter calls', () => {
  it('is built with the limits of its caller (timeouts.ts), once per container', async () => {
    mock.on(ConverseCommand).resolves(answer(JSON.stringify(IDEAS)));
    const { ai } = automations();
    await ai.generateIdeas('one');
    await ai.generateIdeas('two');
    const clients = new Set(mock.send.getCalls().map((call) => call.thisValue as BedrockRuntimeClient));
    expect(clients.size).toBe(1);
    const [client] = [...clients];
    expect(await client?.config.maxAttempts()).toBe(AI_BEDROCK_CALLS.http.maxAttempts);
  });
});
