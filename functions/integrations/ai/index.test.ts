import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Logger, setLogSink } from '../../lib/logger';
import {
  AI_ENV,
  AI_MODEL_ENV,
  aiAutomationsFromEnv,
  aiProvidersFromEnv,
  counted,
  joinAnswersByCategory,
  joinAnswersByLine,
} from './index';

const bedrock = mockClient(BedrockRuntimeClient);
beforeAll(() => {
  process.env.AWS_REGION ??= 'eu-central-1';
});
afterEach(() => bedrock.reset());

function fakeLogger(): { log: Logger; errors: unknown[][] } {
  const errors: unknown[][] = [];
  const noop = (): void => {};
  const log: Logger = {
    debug: noop,
    info: noop,
    warn: noop,
    error: (message, data) => {
      errors.push([message, data]);
    },
    child: () => log,
  };
  return { log, errors };
}

/** A fetch that records the URLs it is asked for and answers like each automation. */
function recordingFetch() {
  const calls: string[] = [];
  const fetch = async (url: string): Promise<Response> => {
    calls.push(url);
    const body = url.includes('ideas')
      ? { 'From the webhook': 'Yes.' }
      : { Customer_Jobs: ['webhook job'], customerJobs: ['webhook job'], keyPartners: ['webhook partner'] };
    return new Response(JSON.stringify(body), { status: 200 });
  };
  return { calls, fetch };
}

describe('aiAutomationsFromEnv', () => {
  it('uses env names AI_IDEAS_URL, AI_TRIGGER_SUGGESTIONS_URL, AI_VP_SUGGESTIONS_URL, AI_BMC_SUGGESTIONS_URL', () => {
    expect(AI_ENV).toEqual({
      ideas: 'AI_IDEAS_URL',
      trigger: 'AI_TRIGGER_SUGGESTIONS_URL',
      valueProposition: 'AI_VP_SUGGESTIONS_URL',
      businessModel: 'AI_BMC_SUGGESTIONS_URL',
    });
  });

  it('picks the webhook per operation when its URL is set, offline otherwise', async () => {
    const { calls, fetch } = recordingFetch();
    const { log } = fakeLogger();
    const ai = aiAutomationsFromEnv(
      {
        AI_IDEAS_URL: 'https://hooks.example/ideas',
        AI_VP_SUGGESTIONS_URL: 'https://hooks.example/vp',
        AI_BMC_SUGGESTIONS_URL: '',
      },
      log,
      { fetch },
    );
    expect(await ai.generateIdeas('Meal plans')).toMatchObject({ ok: true, source: 'webhook' });
    expect(await ai.triggerSuggestions('Meal plans')).toMatchObject({ ok: true, source: 'offline' });
    expect(await ai.valuePropositionSuggestions('Meal plans')).toMatchObject({ ok: true, source: 'webhook' });
    expect(await ai.businessModelSuggestions('Meal plans')).toMatchObject({ ok: true, source: 'offline' });
    expect(calls).toEqual(['https://hooks.example/ideas', 'https://hooks.example/vp']);
  });

  it('is fully offline with no URLs', async () => {
    const ai = aiAutomationsFromEnv({});
    for (const outcome of [
      await ai.generateIdeas('Meal plans'),
      await ai.triggerSuggestions('Meal plans'),
      await ai.valuePropositionSuggestions('Meal plans'),
      await ai.businessModelSuggestions('Meal plans'),
    ]) {
      expect(outcome).toMatchObject({ ok: true, source: 'offline' });
    }
  });

  it('logs an invalid URL by its env name and drafts offline instead of throwing', async () => {
    const { calls, fetch } = recordingFetch();
    const { log, errors } = fakeLogger();
    const ai = aiAutomationsFromEnv({ AI_TRIGGER_SUGGESTIONS_URL: 'not a url' }, log, { fetch });
    expect(await ai.triggerSuggestions('Meal plans')).toMatchObject({ ok: true, source: 'offline' });
    expect(calls).toEqual([]);
    expect(errors).toEqual([
      ['ai automation url is not an http(s) URL; not using it', { env: 'AI_TRIGGER_SUGGESTIONS_URL' }],
    ]);
  });
});

describe('aiAutomationsFromEnv with a Bedrock model', () => {
  const MODEL = 'eu.amazon.nova-lite-v1:0';

  it('asks Bedrock for every operation without a webhook; a webhook URL wins for its operation', async () => {
    bedrock.on(ConverseCommand).resolves({
      $metadata: {},
      stopReason: 'end_turn',
      output: {
        message: {
          role: 'assistant',
          content: [{ text: '{"From the model": "Yes.", "Customer_Jobs": ["model job"], "keyPartners": ["p"]}' }],
        },
      },
    });
    const { calls, fetch } = recordingFetch();
    const env = { [AI_MODEL_ENV]: MODEL, AI_TRIGGER_SUGGESTIONS_URL: 'https://hooks.example/trigger' };
    expect(aiProvidersFromEnv(env).providers).toEqual({
      ideas: 'bedrock',
      trigger: 'webhook',
      valueProposition: 'bedrock',
      businessModel: 'bedrock',
    });
    const ai = aiAutomationsFromEnv(env, fakeLogger().log, { fetch });
    expect(await ai.generateIdeas('Meal plans')).toMatchObject({ ok: true, source: 'bedrock' });
    expect(await ai.triggerSuggestions('Meal plans')).toMatchObject({ ok: true, source: 'webhook' });
    expect(await ai.businessModelSuggestions('Meal plans')).toMatchObject({ ok: true, source: 'bedrock' });
    expect(calls).toEqual(['https://hooks.example/trigger']);
    expect(bedrock.commandCalls(ConverseCommand).map((call) => call.args[0].input.modelId)).toEqual([MODEL, MODEL]);
  });

  it('never labels a failed Bedrock answer as an offline draft: the drafter answers only where nothing is set', async () => {
    bedrock.on(ConverseCommand).rejects(Object.assign(new Error('slow'), { name: 'TimeoutError' }));
    const ai = aiAutomationsFromEnv({ [AI_MODEL_ENV]: MODEL }, fakeLogger().log);
    expect(await ai.generateIdeas('Meal plans')).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('logs a malformed model id by its env name and drafts offline instead', async () => {
    const { log, errors } = fakeLogger();
    const { providers } = aiProvidersFromEnv({ [AI_MODEL_ENV]: 'nova lite, please' }, log);
    expect(Object.values(providers)).toEqual(['offline', 'offline', 'offline', 'offline']);
    expect(errors).toEqual([
      ['ai model id is not a Bedrock model or inference profile id; not using it', { env: AI_MODEL_ENV }],
    ]);
    expect(bedrock.commandCalls(ConverseCommand)).toEqual([]);
  });

  it('accepts foundation model and inference profile ids', () => {
    for (const id of [
      'amazon.nova-lite-v1:0',
      'eu.amazon.nova-lite-v1:0',
      'us.anthropic.claude-3-5-haiku-20241022-v1:0',
    ]) {
      expect(aiProvidersFromEnv({ [AI_MODEL_ENV]: id }).modelId, id).toBe(id);
    }
  });
});

describe('payload helpers', () => {
  it('join answers one per line, dropping blanks and flattening line breaks', () => {
    expect(joinAnswersByLine([' Plan meals ', '', 'Buy\nfood', '  '])).toBe('Plan meals\nBuy food');
    expect(joinAnswersByLine([])).toBe('');
  });

  it('join answers grouped by category in the fixed CATEGORIES order, whatever the input order', () => {
    const text = joinAnswersByCategory('value-proposition', [
      { category: 'Gain Creators', answers: ['weekly plan'] },
      { category: 'Customer Jobs', answers: ['feed the family', 'shop'] },
      { category: 'Products & Services', answers: ['app'] },
      { category: 'Customer Jobs', answers: ['cook'] },
      { category: 'Customer Pains', answers: [] },
    ]);
    expect(text).toBe('feed the family\nshop\ncook\napp\nweekly plan');
  });

  it('follow the business-model order too', () => {
    const text = joinAnswersByCategory('business-model', [
      { category: 'Revenue Streams', answers: ['subscription'] },
      { category: 'Key Partners', answers: ['supermarkets'] },
      { category: 'Value Propositions', answers: ['less waste'] },
    ]);
    expect(text).toBe('supermarkets\nless waste\nsubscription');
  });
});

describe('the AI metrics', () => {
  const MODEL = 'eu.amazon.nova-lite-v1:0';
  /** The EMF lines written while `run` runs, as metric name → the dimension values of each line. */
  async function metricsOf(run: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
    const lines: string[] = [];
    setLogSink((line) => lines.push(line));
    try {
      await run();
    } finally {
      setLogSink(() => undefined);
    }
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => '_aws' in entry);
  }

  it('counts every call by operation, and nothing else when the call gave an answer', async () => {
    const ai = aiAutomationsFromEnv({}, fakeLogger().log);
    const emitted = await metricsOf(async () => {
      await ai.generateIdeas('Meal plans for busy parents');
      await ai.businessModelSuggestions('Meal plans');
    });
    expect(emitted).toEqual([
      expect.objectContaining({ AiCalls: 1, operation: 'ideas', service: 'preseed' }),
      expect.objectContaining({ AiCalls: 1, operation: 'businessModel', service: 'preseed' }),
    ]);
  });

  it('counts a call that gave nothing usable as a fallback, by its reason', async () => {
    bedrock
      .on(ConverseCommand)
      .rejects(Object.assign(new Error('Too many requests'), { name: 'ThrottlingException', $metadata: {} }));
    const ai = aiAutomationsFromEnv({ [AI_MODEL_ENV]: MODEL }, fakeLogger().log);
    const emitted = await metricsOf(async () => {
      expect(await ai.triggerSuggestions('Meal plans')).toMatchObject({ ok: false, reason: 'throttled' });
    });
    expect(emitted).toEqual([
      expect.objectContaining({ AiCalls: 1, operation: 'trigger' }),
      expect.objectContaining({ AiFallbacks: 1, reason: 'throttled' }),
    ]);
  });

  it('counts a call that threw as a fallback too, and still throws', async () => {
    const emitted = await metricsOf(async () => {
      await expect(counted('ideas', Promise.reject(new Error('adapter bug')))).rejects.toThrow('adapter bug');
    });
    expect(emitted).toEqual([
      expect.objectContaining({ AiCalls: 1, operation: 'ideas' }),
      expect.objectContaining({ AiFallbacks: 1, reason: 'error' }),
    ]);
  });
});
