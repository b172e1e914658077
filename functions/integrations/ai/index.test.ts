import { describe, expect, it } from 'vitest';
import type { Logger } from '../../lib/logger';
import { AI_ENV, aiAutomationsFromEnv, joinAnswersByCategory, joinAnswersByLine } from './index';

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
      ['ai automation url is not an http(s) URL; using offline drafts', { env: 'AI_TRIGGER_SUGGESTIONS_URL' }],
    ]);
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
