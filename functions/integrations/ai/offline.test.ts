import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/domain/questions';
import { createOfflineAutomations } from './offline';
import { keyPhrases, sentences, shorten } from './phrases';

const IDEA =
  'Meal planning app for busy parents. Parents lose hours deciding what to cook; the app plans weekly meals ' +
  'from what is already in the fridge and orders missing groceries.';

describe('offline automations', () => {
  const ai = createOfflineAutomations();

  it('draft three ideas from the first sentence, labelled offline by their source (not by a prefix in the text)', async () => {
    const outcome = await ai.generateIdeas(IDEA);
    if (!outcome.ok) throw new Error('offline drafting cannot fail');
    expect(outcome.source).toBe('offline');
    expect(outcome.value.map((idea) => idea.title)).toEqual([
      'Meal planning app for busy parents — for a specific niche',
      'Meal planning app for busy parents — as a subscription service',
      'Meal planning app for busy parents — with a marketplace model',
    ]);
    for (const idea of outcome.value) {
      expect(idea.description).not.toMatch(/offline/i);
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
    expect(trigger.ok && trigger.value['Customer Jobs'][0]).toBe('Get the work around meal planning app done faster');
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
    expect(outcome.ok && outcome.value['Customer Pains'][0]).toBe('Too much time lost on what you described');
  });
});

/** Founders' texts of different shapes: a noun phrase, a verb-led clause, names and acronyms, adverbs, one line. */
const TEXTS = [
  IDEA,
  'Software that helps internal audit teams collect evidence automatically.',
  'Invoices for SaaS startups in Berlin.',
  'I want to build a marketplace where local farmers sell vegetables directly to restaurants, quickly and cheaply.',
  'dog walking for busy commuters',
  'It is what it is.',
];

async function everyDraft(text: string): Promise<string[]> {
  const ai = createOfflineAutomations();
  const outcomes = [
    await ai.triggerSuggestions(text),
    await ai.valuePropositionSuggestions(text),
    await ai.businessModelSuggestions(text),
  ];
  const ideas = await ai.generateIdeas(text);
  return [
    ...outcomes.flatMap((outcome) => (outcome.ok ? Object.values<string[]>(outcome.value).flat() : [])),
    ...(ideas.ok ? ideas.value.flatMap((idea) => [idea.title, idea.description]) : []),
  ];
}

describe('offline drafts read as English', () => {
  it.each(TEXTS)('quote no fragment, leave no placeholder and start each draft with a capital: %s', async (text) => {
    const drafts = await everyDraft(text);
    expect(drafts.length).toBeGreaterThan(40);
    for (const draft of drafts) {
      expect(draft).not.toMatch(/['‘’"“”]/);
      expect(draft).not.toMatch(/[{}]|\s{2,}|\s[.,]|^\s|\s$/);
      expect(draft).toMatch(/^\p{Lu}/u);
    }
  });

  it('put the key phrase into the sentence as a plain noun phrase', async () => {
    const ai = createOfflineAutomations();
    const audit = await ai.triggerSuggestions(TEXTS[1] ?? '');
    if (!audit.ok) throw new Error('offline drafting cannot fail');
    expect(audit.value['Customer Jobs'][0]).toBe('Get the work around internal audit teams done faster');
    expect(audit.value['Customer Pains']).toContain('Too much time lost on internal audit teams');

    const farmers = await ai.businessModelSuggestions(TEXTS[3] ?? '');
    if (!farmers.ok) throw new Error('offline drafting cannot fail');
    expect(farmers.value['Customer Segments'][0]).toBe('People who struggle with local farmers');
    // Verbs and manner adverbs do not become topics.
    const all = Object.values<string[]>(farmers.value).flat().join(' | ');
    expect(all).not.toMatch(/\b(build|directly|quickly|cheaply)\b/);

    const names = await ai.valuePropositionSuggestions(TEXTS[2] ?? '');
    expect(names.ok && names.value['Customer Jobs'][0]).toBe('Get the work around SaaS startups done faster');
  });

  it('speak of "your idea" in idea descriptions rather than splice in a phrase', async () => {
    const outcome = await createOfflineAutomations().generateIdeas(TEXTS[1] ?? '');
    if (!outcome.ok) throw new Error('offline drafting cannot fail');
    expect(outcome.value[0]?.title).toBe(
      'Software that helps internal audit teams collect evidence… — for a specific niche',
    );
    for (const idea of outcome.value) expect(idea.description).toMatch(/your idea/);
  });
});

describe('key phrases', () => {
  it('prefer multi-word topics and skip stopwords and verbs', () => {
    expect(keyPhrases(IDEA, 3)).toEqual(['meal planning app', 'weekly meals', 'missing groceries']);
  });

  it('keep names and acronyms but lower a sentence-initial capital', () => {
    expect(keyPhrases('Invoices for SaaS startups in Berlin.', 5)).toEqual(['SaaS startups', 'invoices', 'Berlin']);
  });

  it('cut a run with a verb glued in to its last two words, and end phrases at manner adverbs', () => {
    expect(keyPhrases('The app plans weekly meals.', 1)).toEqual(['weekly meals']);
    expect(keyPhrases('Teams collect evidence automatically.', 3)).toEqual(['teams', 'evidence']);
  });

  it('shorten at a word boundary', () => {
    expect(shorten('one two three four five', 12)).toBe('one two…');
    expect(shorten('short', 12)).toBe('short');
  });
});

describe('offline drafts, pinned word for word', () => {
  const ai = createOfflineAutomations();
  const TEXT =
    'Freelance translators chase late invoices. Translators waste evenings on invoices and reminders! Our tool ' +
    'sends reminders automatically to clients, quickly and politely; 2024 tax rules included?';

  it('splits sentences after . ! ? and at line breaks, dropping blank ones', () => {
    expect(sentences(TEXT)).toEqual([
      'Freelance translators chase late invoices.',
      'Translators waste evenings on invoices and reminders!',
      'Our tool sends reminders automatically to clients, quickly and politely; 2024 tax rules included?',
    ]);
    expect(sentences('one\n\n two  \n')).toEqual(['one', 'two']);
    expect(sentences('a.b c. d')).toEqual(['a.b c.', 'd']);
  });

  it('ranks phrases by co-occurrence, ends them at adverbs, keeps words with digits and drops short ones', () => {
    expect(keyPhrases(TEXT)).toEqual([
      'tool sends reminders',
      'rules included',
      'late invoices',
      'reminders',
      'invoices',
    ]);
    expect(keyPhrases(TEXT, 2)).toEqual(['tool sends reminders', 'rules included']);
    // "AI", "UX" and "EU" are too short to be topics; "B2B" has a digit, so it is one.
    expect(keyPhrases('AI and B2B. An app for UX of e-commerce shops in EU')).toEqual([
      'e-commerce shops',
      'B2B',
      'app',
    ]);
  });

  it('rotates the three best phrases through each category’s three prompts', async () => {
    const outcome = await ai.valuePropositionSuggestions(TEXT);
    expect(outcome.ok && outcome.value['Customer Jobs']).toEqual([
      'Get the work around tool sends reminders done faster',
      'Make confident decisions about rules included',
      'Keep everything to do with late invoices organised without extra effort',
    ]);
    expect(outcome.ok && outcome.value['Gain Creators']).toEqual([
      'Shows progress on tool sends reminders at a glance',
      'Delivers a quick first win with rules included',
      'Gives customers a reason to recommend you for late invoices',
    ]);
  });

  it('uses one phrase in every prompt when there is one, and a neutral topic when there is none', async () => {
    const one = await ai.triggerSuggestions('Bakeries.');
    expect(one.ok && one.value['Customer Pains']).toEqual([
      'Too much time lost on bakeries',
      'Worry about making costly mistakes with bakeries',
      'Current options for bakeries are expensive or clumsy',
    ]);
    const none = await ai.triggerSuggestions('It is what it is.');
    expect(none.ok && none.value['Customer Gains']).toEqual([
      'Save time and money on what you described',
      'See visible, measurable results with what you described',
      'Feel in control of what you described',
    ]);
  });

  it('titles ideas with the first sentence, capitalised and without its end punctuation', async () => {
    const outcome = await ai.generateIdeas('  freelance translators chase late invoices!!  Next sentence.');
    expect(outcome).toEqual({
      ok: true,
      source: 'offline',
      value: [
        {
          title: 'Freelance translators chase late invoices — for a specific niche',
          description:
            'Start with the one group of customers who need your idea most, win them over completely, and widen out from there.',
        },
        {
          title: 'Freelance translators chase late invoices — as a subscription service',
          description:
            'Offer your idea as a recurring subscription, so customers keep getting value and you earn predictable revenue.',
        },
        {
          title: 'Freelance translators chase late invoices — with a marketplace model',
          description:
            'Connect the people who need what your idea offers with those who can provide it, and earn a fee on each match.',
        },
      ],
    });
  });

  it('shortens at the last space past half the length, else mid-word, and never ends on punctuation', () => {
    expect(shorten('abcdefghij', 10)).toBe('abcdefghij');
    expect(shorten('abcdefghijk', 10)).toBe('abcdefghij…');
    expect(shorten('abcde fghijk', 10)).toBe('abcde fghi…');
    expect(shorten('abcdef ghijk', 10)).toBe('abcdef…');
    expect(shorten('ab cdefghijkl', 10)).toBe('ab cdefghi…');
    expect(shorten('abcd, efghijkl', 10)).toBe('abcd, efgh…');
    expect(shorten('abcdefg, hijkl', 10)).toBe('abcdefg…');
    expect(shorten('abcd efgh-ijkl', 10)).toBe('abcd efgh…');
    expect(shorten(' a  b ', 10)).toBe('a b');
  });
});
