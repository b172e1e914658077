import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/domain/questions';
import { createOfflineAutomations } from './offline';
import { keyPhrases, shorten } from './phrases';

const IDEA =
  'Meal planning app for busy parents. Parents lose hours deciding what to cook; the app plans weekly meals ' +
  'from what is already in the fridge and orders missing groceries.';

describe('offline automations', () => {
  const ai = createOfflineAutomations();

  it('draft three ideas from the first sentence, saying they were drafted offline', async () => {
    const outcome = await ai.generateIdeas(IDEA);
    if (!outcome.ok) throw new Error('offline drafting cannot fail');
    expect(outcome.source).toBe('offline');
    expect(outcome.value.map((idea) => idea.title)).toEqual([
      'Meal planning app for busy parents — for a specific niche',
      'Meal planning app for busy parents — as a subscription service',
      'Meal planning app for busy parents — with a marketplace model',
    ]);
    for (const idea of outcome.value) {
      expect(idea.description).toMatch(/^Drafted offline from your description: /);
      expect(idea.description.length).toBeLessThanOrEqual(2000);
    }
  });

  it('keep titles short for a long first sentence', async () => {
    const outcome = await ai.generateIdeas(`${'Very long idea words '.repeat(40)}.`);
    expect(outcome.ok && outcome.value).toHaveLength(3);
    for (const idea of outcome.ok ? outcome.value : []) expect(idea.title.length).toBeLessThanOrEqual(100);
  });

  it('are deterministic: the same text gives the same drafts', async () => {
    const other = createOfflineAutomations();
    expect(await other.generateIdeas(IDEA)).toEqual(await ai.generateIdeas(IDEA));
    expect(await other.triggerSuggestions(IDEA)).toEqual(await ai.triggerSuggestions(IDEA));
    expect(await other.valuePropositionSuggestions(IDEA)).toEqual(await ai.valuePropositionSuggestions(IDEA));
    expect(await other.businessModelSuggestions(IDEA)).toEqual(await ai.businessModelSuggestions(IDEA));
  });

  it('fill every category, in order, with drafts built from the text', async () => {
    const checks = [
      ['trigger', await ai.triggerSuggestions(IDEA)],
      ['value-proposition', await ai.valuePropositionSuggestions(IDEA)],
      ['business-model', await ai.businessModelSuggestions(IDEA)],
    ] as const;
    for (const [type, outcome] of checks) {
      if (!outcome.ok) throw new Error('offline drafting cannot fail');
      expect(outcome.source).toBe('offline');
      expect(Object.keys(outcome.value)).toEqual([...CATEGORIES[type]]);
      for (const items of Object.values<string[]>(outcome.value)) {
        expect(items.length).toBeGreaterThan(0);
        expect(items.length).toBeLessThanOrEqual(20);
        expect(items.some((item) => /meal|parents|groceries/i.test(item))).toBe(true);
      }
    }
    const trigger = await ai.triggerSuggestions(IDEA);
    expect(trigger.ok && trigger.value['Customer Jobs'][0]).toMatch(/^Get '.+' done faster$/);
  });

  it('give empty lists and zero ideas for empty text', async () => {
    expect(await ai.generateIdeas('')).toEqual({ ok: true, value: [], source: 'offline' });
    expect(await ai.generateIdeas(' \n ')).toEqual({ ok: true, value: [], source: 'offline' });
    const vp = await ai.valuePropositionSuggestions('  ');
    expect(vp).toEqual({
      ok: true,
      source: 'offline',
      value: Object.fromEntries(CATEGORIES['value-proposition'].map((category) => [category, []])),
    });
    const bmc = await ai.businessModelSuggestions('');
    expect(bmc.ok && Object.values(bmc.value).every((items) => items.length === 0)).toBe(true);
    expect(bmc.ok && Object.keys(bmc.value)).toHaveLength(9);
  });

  it('still draft from a text made only of short or common words', async () => {
    const outcome = await ai.triggerSuggestions('It is what it is.');
    expect(outcome.ok && outcome.value['Customer Pains'][0]).toBe("Too much time lost on 'It is what it is'");
  });
});

describe('key phrases', () => {
  it('prefer multi-word topics and skip stopwords and verbs', () => {
    expect(keyPhrases(IDEA, 3)).toEqual(['plans weekly meals', 'meal planning app', 'missing groceries']);
  });

  it('keep names and acronyms but lower a sentence-initial capital', () => {
    expect(keyPhrases('Invoices for SaaS startups in Berlin.', 5)).toEqual(['SaaS startups', 'invoices', 'Berlin']);
  });

  it('shorten at a word boundary', () => {
    expect(shorten('one two three four five', 12)).toBe('one two…');
    expect(shorten('short', 12)).toBe('short');
  });
});
