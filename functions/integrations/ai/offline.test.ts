import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/domain/questions';
import { checkIdeas, checkSuggestions } from './eval/properties';
import { CORE_CHARS, createOfflineAutomations, QUOTE_CHARS } from './offline';
import { keyPhrases, sentences, statements } from './phrases';
import { AI_LIMITS } from './port';

const IDEA =
  'Meal planning app for busy parents. Parents lose hours deciding what to cook; the app plans weekly meals ' +
  'from what is already in the fridge and orders missing groceries.';

const ai = createOfflineAutomations();

async function ideas(text: string) {
  const outcome = await ai.generateIdeas(text);
  if (!outcome.ok) throw new Error('offline drafting cannot fail');
  expect(outcome.source).toBe('offline');
  return outcome.value;
}

describe('offline ideas', () => {
  it('restate the first sentence in three business shapes, each described from the second statement', async () => {
    expect(await ideas(IDEA)).toEqual([
      {
        title: 'Focused on one niche first: Meal planning app for busy parents.',
        description:
          'Starting from “Parents lose hours deciding what to cook; the app plans weekly meals from what is already in the ' +
          'fridge and orders missing groceries”, pick the customers who need it most, win them over completely, and ' +
          'widen out from there.',
      },
      {
        title: 'As a subscription: Meal planning app for busy parents.',
        description:
          'Starting from “Parents lose hours deciding what to cook; the app plans weekly meals from what is already in the ' +
          'fridge and orders missing groceries”, charge a monthly fee for ongoing help, so customers keep getting value ' +
          'and you earn predictable revenue.',
      },
      {
        title: 'As a marketplace: Meal planning app for busy parents.',
        description:
          'Starting from “Parents lose hours deciding what to cook; the app plans weekly meals from what is already in the ' +
          'fridge and orders missing groceries”, bring together the people who need it and those who can provide it, ' +
          'and earn a fee on each match.',
      },
    ]);
  });

  it('describe the shape on its own, capitalised, when the founder wrote one statement', async () => {
    const drafted = await ideas('  freelance translators chase late invoices!!  ');
    expect(drafted.map((idea) => idea.title)).toEqual([
      'Focused on one niche first: Freelance translators chase late invoices.',
      'As a subscription: Freelance translators chase late invoices.',
      'As a marketplace: Freelance translators chase late invoices.',
    ]);
    expect(drafted.map((idea) => idea.description)).toEqual([
      'Pick the customers who need it most, win them over completely, and widen out from there.',
      'Charge a monthly fee for ongoing help, so customers keep getting value and you earn predictable revenue.',
      'Bring together the people who need it and those who can provide it, and earn a fee on each match.',
    ]);
  });

  it.each([
    ['I want to build a marketplace for used skis.', 'A marketplace for used skis'],
    ['We would like to create tours of Kraków.', 'Tours of Kraków'],
    ['i plan to launch pop-up saunas', 'Pop-up saunas'],
    ["I'm building an app for choirs.", 'An app for choirs'],
    ['We are developing dog food from insects.', 'Dog food from insects'],
    ['I want recipes for students.', 'I want recipes for students'],
  ])('leave out how the founder announces their idea: %s', async (text, core) => {
    expect((await ideas(text))[0]?.title).toBe(`Focused on one niche first: ${core}.`);
  });

  it('keep a long first sentence whole when it fits, and take its main clause when it does not', async () => {
    const fits = `${'word '.repeat(29)}words.`;
    expect(fits.length - 1).toBe(CORE_CHARS);
    expect((await ideas(fits))[1]?.title).toBe(`As a subscription: W${fits.slice(1)}`);
    expect((await ideas(`${fits.slice(0, -1)}s.`))[1]?.title).toBe('As a subscription: Word wordss.');

    const runOn =
      'A platform that helps small independent bookshops across the north of England share stock with each other ' +
      'so that when a customer asks for a title one shop does not have another shop nearby can send it the same day';
    expect((await ideas(runOn))[2]?.title).toBe(
      'As a marketplace: A platform that helps small independent bookshops across the north of England share stock with each other.',
    );
  });

  it('stay within the title limit for the longest statement they quote', async () => {
    const longest = `${'x'.repeat(CORE_CHARS)}.`;
    for (const idea of await ideas(longest)) {
      expect(idea.title.length).toBeLessThanOrEqual(AI_LIMITS.ideaTitleChars);
      expect(idea.title).toContain(`X${'x'.repeat(CORE_CHARS - 1)}.`);
    }
  });

  it('fall back to the best key phrase when no statement fits', async () => {
    const oneRun = `Tools ${'for teams '.repeat(30)}in Oslo`;
    expect((await ideas(oneRun))[0]?.title).toBe('Focused on one niche first: Tools.');
  });

  it('give zero ideas for empty text, and pass every property for the founder texts the tests use', async () => {
    expect(await ai.generateIdeas('')).toEqual({ ok: true, value: [], source: 'offline' });
    expect(await ai.generateIdeas(' \n ')).toEqual({ ok: true, value: [], source: 'offline' });
    for (const text of [IDEA, 'Bakeries.', 'It is what it is.', 'dog walking for busy commuters']) {
      expect(checkIdeas(await ideas(text), text)).toEqual([]);
    }
  });
});

describe('offline suggestions', () => {
  it('quote the founder’s statements in turn, each category starting at the next one', async () => {
    const text = 'Vans return empty from Leeds.\nHauliers wait a median 40 minutes per drop.\nFuel costs £180 a week.';
    const outcome = await ai.triggerSuggestions(text);
    expect(outcome).toEqual({
      ok: true,
      source: 'offline',
      value: {
        'Customer Jobs': [
          'Thinking of “Vans return empty from Leeds”, which task is your customer trying to get done?',
          'About “Hauliers wait a median 40 minutes per drop”: what decision does your customer need to make, and by when?',
          'From “Fuel costs £180 a week”, which part of the work would your customer gladly hand over?',
        ],
        'Customer Gains': [
          'Thinking of “Vans return empty from Leeds”, what result would make your customer say it was worth it?',
          'About “Hauliers wait a median 40 minutes per drop”: how much time or money would your customer like to save?',
          'From “Fuel costs £180 a week”, what would your customer be proud to show others afterwards?',
        ],
        'Customer Pains': [
          'Thinking of “Vans return empty from Leeds”, what takes your customer too long today?',
          'About “Hauliers wait a median 40 minutes per drop”: which mistake is your customer most afraid of making?',
          'From “Fuel costs £180 a week”, what is expensive or clumsy about the options your customer has now?',
        ],
      },
    });
  });

  it('rotate through more statements than one category uses', async () => {
    const answers = ['One', 'Two', 'Three', 'Four', 'Five'].map((word) => `${word} answer`).join('\n');
    const outcome = await ai.valuePropositionSuggestions(answers);
    if (!outcome.ok) throw new Error('offline drafting cannot fail');
    const quoted = (items: string[]) => items.map((item) => /“([^”]+)”/.exec(item)?.[1]);
    expect(quoted(outcome.value['Customer Jobs'])).toEqual(['One answer', 'Two answer', 'Three answer']);
    expect(quoted(outcome.value['Customer Pains'])).toEqual(['Four answer', 'Five answer', 'One answer']);
    expect(quoted(outcome.value['Customer Gains'])).toEqual(['Two answer', 'Three answer', 'Four answer']);
  });

  it('fill every category of each type, in order, with three distinct complete sentences', async () => {
    const checks = [
      ['trigger', await ai.triggerSuggestions(IDEA)],
      ['value-proposition', await ai.valuePropositionSuggestions(IDEA)],
      ['business-model', await ai.businessModelSuggestions(IDEA)],
    ] as const;
    for (const [type, outcome] of checks) {
      if (!outcome.ok) throw new Error('offline drafting cannot fail');
      expect(outcome.source).toBe('offline');
      expect(Object.keys(outcome.value)).toEqual([...CATEGORIES[type]]);
      for (const items of Object.values<string[]>(outcome.value)) expect(items).toHaveLength(3);
      expect(checkSuggestions(outcome.value, CATEGORIES[type], IDEA)).toEqual([]);
    }
    const bmc = await ai.businessModelSuggestions('Chefs buy vegetables.');
    expect(bmc.ok && bmc.value['Revenue Streams']).toEqual([
      'Thinking of “Chefs buy vegetables”, would customers pay a monthly subscription?',
      'About “Chefs buy vegetables”: could customers pay per use instead?',
      'From “Chefs buy vegetables”, would some customers pay more for a premium tier or an extra service?',
    ]);
  });

  it('quote key phrases when no statement is short enough to quote whole', async () => {
    const oneRun = `Tools ${'for teams '.repeat(30)}in Oslo`;
    const outcome = await ai.triggerSuggestions(oneRun);
    expect(outcome.ok && outcome.value['Customer Jobs']).toEqual([
      'Thinking of “tools”, which task is your customer trying to get done?',
      'About “teams”: what decision does your customer need to make, and by when?',
      'From “Oslo”, which part of the work would your customer gladly hand over?',
    ]);
  });

  it('give empty lists for empty text or text without a letter', async () => {
    const vp = await ai.valuePropositionSuggestions('  ');
    expect(vp).toEqual({
      ok: true,
      source: 'offline',
      value: Object.fromEntries(CATEGORIES['value-proposition'].map((category) => [category, []])),
    });
    const bmc = await ai.businessModelSuggestions('42 … 7 %');
    expect(bmc.ok && Object.values(bmc.value).every((items) => items.length === 0)).toBe(true);
    expect(bmc.ok && Object.keys(bmc.value)).toHaveLength(9);
  });

  it('are deterministic: the same text gives the same drafts', async () => {
    const other = createOfflineAutomations();
    expect(await other.generateIdeas(IDEA)).toEqual(await ai.generateIdeas(IDEA));
    expect(await other.triggerSuggestions(IDEA)).toEqual(await ai.triggerSuggestions(IDEA));
    expect(await other.valuePropositionSuggestions(IDEA)).toEqual(await ai.valuePropositionSuggestions(IDEA));
    expect(await other.businessModelSuggestions(IDEA)).toEqual(await ai.businessModelSuggestions(IDEA));
  });
});

describe('statements', () => {
  it('keep whole sentences that fit, cleaned of quotes, list markers, spacing and end punctuation', () => {
    expect(
      statements('- A “second brain”  for nurses !\n2. Notes that write themselves.\n   • Handover in 5 minutes?', 80),
    ).toEqual(['A second brain for nurses', 'Notes that write themselves', 'Handover in 5 minutes']);
  });

  it('split a sentence too long to quote at semicolons, colons and dashes, then at commas of three words or more', () => {
    const text = 'Clinics lose appointments; reminders help: we send them — by SMS, in three languages, and on time.';
    expect(statements(text, 30)).toEqual([
      'Clinics lose appointments',
      'reminders help',
      'we send them',
      'in three languages',
      'and on time',
    ]);
    expect(statements('Tarte tatin , crème brûlée and more !', 80)).toEqual(['Tarte tatin, crème brûlée and more']);
    expect(statements(text, text.length)).toEqual([text.slice(0, -1)]);
  });

  it('take the main clause of a run-on part, before the first opener after four words', () => {
    expect(statements('Bikes for kids and parents who ride to school and back every day', 45)).toEqual([
      'Bikes for kids and parents who ride to school',
    ]);
    expect(statements('Bikes for kids and parents who ride to school and back every day', 44)).toEqual([]);
    expect(statements('Shared bikes and more for kids who ride to school every single day', 40)).toEqual([]);
    expect(statements('Refurbished bikes for students because new ones cost too much in Utrecht', 40)).toEqual([
      'Refurbished bikes for students',
    ]);
    // The head must fit too.
    expect(statements('Refurbished bikes for students because new ones cost too much', 20)).toEqual([]);
  });

  it('keep the longest statement that fits and drop the shortest that does not', () => {
    expect(statements('abcde fghij.', 11)).toEqual(['abcde fghij']);
    expect(statements('abcde fghij.', 10)).toEqual([]);
  });

  it('end at an ellipsis the founder typed, and leave it out', () => {
    expect(statements('Pay later… or never...', 80)).toEqual(['Pay later', 'or never']);
  });

  it('drop repeats ignoring case, and statements without a letter', () => {
    expect(statements('Vans. vans! 42. Vans again', 50)).toEqual(['Vans', 'Vans again']);
  });

  it('use the same limit for drafts as the quote and title lengths promise', () => {
    expect(QUOTE_CHARS).toBe(120);
    expect(CORE_CHARS).toBe(150);
  });
});

describe('sentences', () => {
  it('split after . ! ? before a space, after 。！？, and at line breaks, dropping blank ones', () => {
    expect(sentences('Late invoices. Evenings lost! Tax rules included? Yes')).toEqual([
      'Late invoices.',
      'Evenings lost!',
      'Tax rules included?',
      'Yes',
    ]);
    expect(sentences('one\n\n two  \n')).toEqual(['one', 'two']);
    expect(sentences('a.b c. d')).toEqual(['a.b c.', 'd']);
    expect(sentences('Wait… then pay')).toEqual(['Wait…', 'then pay']);
    expect(sentences('旅館の予約。管理ツール！次')).toEqual(['旅館の予約。', '管理ツール！', '次']);
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

  it('rank phrases by co-occurrence, keep words with digits and drop short ones', () => {
    const text =
      'Freelance translators chase late invoices. Translators waste evenings on invoices and reminders! Our tool ' +
      'sends reminders automatically to clients, quickly and politely; 2024 tax rules included?';
    expect(keyPhrases(text)).toEqual([
      'tool sends reminders',
      'rules included',
      'late invoices',
      'reminders',
      'invoices',
    ]);
    expect(keyPhrases(text, 2)).toEqual(['tool sends reminders', 'rules included']);
    // "AI", "UX" and "EU" are too short to be topics; "B2B" has a digit, so it is one.
    expect(keyPhrases('AI and B2B. An app for UX of e-commerce shops in EU')).toEqual([
      'e-commerce shops',
      'B2B',
      'app',
    ]);
  });
});
