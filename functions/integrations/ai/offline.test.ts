import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/domain/questions';
import { checkIdeas, checkSuggestions } from './eval/properties';
import { checkReadability } from './eval/readability';
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

/** Every readability property the eval holds the offline drafter to (issue 36). */
function readable(list: readonly string[]) {
  return checkReadability(list);
}

describe('offline ideas', () => {
  it('restate the first sentence with each business shape, each described from the second statement', async () => {
    const because =
      'Because parents lose hours deciding what to cook, and the app plans weekly meals from what is already in the ' +
      'fridge and orders missing groceries, ';
    expect(await ideas(IDEA)).toEqual([
      {
        title: 'Meal planning app for busy parents, starting with one niche',
        description: `${because}pick the customers who need it most, win them over completely, and widen out from there.`,
      },
      {
        title: 'Meal planning app for busy parents, sold as a subscription',
        description: `${because}charge a monthly fee for ongoing help, so customers keep getting value and you earn predictable revenue.`,
      },
      {
        title: 'Meal planning app for busy parents, run as a marketplace',
        description: `${because}bring together the people who need it and those who can provide it, and earn a fee on each match.`,
      },
    ]);
  });

  it('name the shape first when the idea is a clause, and describe the shape on its own after one statement', async () => {
    const drafted = await ideas('  freelance translators chase late invoices!!  ');
    expect(drafted.map((idea) => idea.title)).toEqual([
      'A niche-first business because freelance translators chase late invoices',
      'A subscription because freelance translators chase late invoices',
      'A marketplace because freelance translators chase late invoices',
    ]);
    expect(drafted.map((idea) => idea.description)).toEqual([
      'Pick the customers who need it most, win them over completely, and widen out from there.',
      'Charge a monthly fee for ongoing help, so customers keep getting value and you earn predictable revenue.',
      'Bring together the people who need it and those who can provide it, and earn a fee on each match.',
    ]);
  });

  it('set a verb phrase after "lets people" and a description of the idea after "that"', async () => {
    expect((await ideas('Rent a tool for a weekend.'))[1]?.title).toBe(
      'A subscription that lets people rent a tool for a weekend',
    );
    expect((await ideas('Helps teams collect feedback.'))[0]?.title).toBe(
      'A niche-first business that helps teams collect feedback',
    );
  });

  it('never restate a shape the idea already names ("As a marketplace: A marketplace where…")', async () => {
    const titles = (await ideas('A marketplace where farmers sell to restaurants.')).map((idea) => idea.title);
    expect(titles).toEqual([
      'A marketplace where farmers sell to restaurants, starting with one niche',
      'A marketplace where farmers sell to restaurants, sold as a subscription',
      'A marketplace where farmers sell to restaurants, offered as a done-for-you service',
    ]);
    for (const title of titles) expect(title).not.toMatch(/marketplace.*marketplace/i);
  });

  it.each([
    ['I want to build a marketplace for used skis.', 'A marketplace for used skis, starting with one niche'],
    ['We would like to create tours of Kraków.', 'Tours of Kraków, starting with one niche'],
    ['i plan to launch pop-up saunas', 'Pop-up saunas, starting with one niche'],
    ["I'm building an app for choirs.", 'An app for choirs, starting with one niche'],
    ['We are developing dog food from insects.', 'Dog food from insects, starting with one niche'],
    ['I want recipes for students.', 'A niche-first business because I want recipes for students'],
  ])('leave out how the founder announces their idea: %s', async (text, title) => {
    expect((await ideas(text))[0]?.title).toBe(title);
  });

  it('keep a long first sentence whole when it fits, and take its main clause when it does not', async () => {
    const fits = `${'word '.repeat(29)}words.`;
    expect(fits.length - 1).toBe(CORE_CHARS);
    expect((await ideas(fits))[1]?.title).toBe(`W${fits.slice(1, -1)}, sold as a subscription`);
    expect((await ideas(`${fits.slice(0, -1)}s.`))[1]?.title).toBe('Word wordss, sold as a subscription');

    const runOn =
      'A platform that helps small independent bookshops across the north of England share stock with each other ' +
      'so that when a customer asks for a title one shop does not have another shop nearby can send it the same day';
    expect((await ideas(runOn))[2]?.title).toBe(
      'A platform that helps small independent bookshops across the north of England share stock with each other, run as a marketplace',
    );
  });

  it('stay within the title limit for the longest statement they restate', async () => {
    const longest = `${'x'.repeat(CORE_CHARS)}.`;
    for (const idea of await ideas(longest)) {
      expect(idea.title.length).toBeLessThanOrEqual(AI_LIMITS.ideaTitleChars);
      expect(idea.title).toContain(`X${'x'.repeat(CORE_CHARS - 1)},`);
    }
  });

  it('open with the shape when the idea is in a script without capitals', async () => {
    expect((await ideas('東京の旅館の予約'))[1]?.title).toBe('A subscription for 東京の旅館の予約');
  });

  it('fall back to the best key phrase when no statement fits', async () => {
    const oneRun = `Tools ${'for teams '.repeat(30)}in Oslo`;
    expect((await ideas(oneRun))[0]?.title).toBe('Tools, starting with one niche');
  });

  it('give zero ideas for empty text, and pass every property for the founder texts the tests use', async () => {
    expect(await ai.generateIdeas('')).toEqual({ ok: true, value: [], source: 'offline' });
    expect(await ai.generateIdeas(' \n ')).toEqual({ ok: true, value: [], source: 'offline' });
    for (const text of [IDEA, 'Bakeries.', 'It is what it is.', 'dog walking for busy commuters']) {
      const drafted = await ideas(text);
      expect(checkIdeas(drafted, text)).toEqual([]);
      expect(readable(drafted.map((idea) => idea.description))).toEqual([]);
      for (const idea of drafted) expect(idea.title).not.toMatch(/["“”‘]/);
    }
  });
});

describe('offline suggestions', () => {
  it('restate the founder’s statements in turn as sentences, each category starting at the next one', async () => {
    const text = 'Vans return empty from Leeds.\nHauliers wait a median 40 minutes per drop.\nFuel costs £180 a week.';
    const outcome = await ai.triggerSuggestions(text);
    expect(outcome).toEqual({
      ok: true,
      source: 'offline',
      value: {
        'Customer Jobs': [
          'Vans return empty from Leeds, so your customer has a job to get done.',
          'Because hauliers wait a median 40 minutes per drop, your customer would gladly hand over part of the work.',
          'When fuel costs £180 a week, your customer has a decision to make, with a deadline to meet.',
        ],
        'Customer Gains': [
          'Because vans return empty from Leeds, your customer would value a result they can see.',
          'When hauliers wait a median 40 minutes per drop, your customer would like to save time or money.',
          'Fuel costs £180 a week, and your customer would be glad to tell others once that changes.',
        ],
        'Customer Pains': [
          'Vans return empty from Leeds, and that takes your customer too long today.',
          'Because hauliers wait a median 40 minutes per drop, your customer is afraid of making a costly mistake.',
          'When fuel costs £180 a week, the options your customer has now feel expensive or clumsy.',
        ],
      },
    });
  });

  it('rotate through more statements than one category uses', async () => {
    const answers = ['One', 'Two', 'Three', 'Four', 'Five'].map((word) => `${word} answer`).join('\n');
    const outcome = await ai.valuePropositionSuggestions(answers);
    if (!outcome.ok) throw new Error('offline drafting cannot fail');
    const used = (items: string[]) => items.map((item) => /\b(one|two|three|four|five) answer\b/i.exec(item)?.[1]);
    expect(used(outcome.value['Customer Jobs'])).toEqual(['one', 'two', 'three']);
    expect(used(outcome.value['Customer Pains'])).toEqual(['four', 'five', 'one']);
    expect(used(outcome.value['Customer Gains'])).toEqual(['two', 'three', 'four']);
  });

  it('fill every category of each type, in order, with distinct, readable sentences', async () => {
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
        expect(items).toHaveLength(3);
        expect(readable(items)).toEqual([]);
      }
      expect(checkSuggestions(outcome.value, CATEGORIES[type], IDEA)).toEqual([]);
    }
  });

  it('draft once per statement: one statement is never said three times in one category', async () => {
    const bmc = await ai.businessModelSuggestions('Chefs buy vegetables.');
    expect(bmc.ok && bmc.value['Revenue Streams']).toEqual([
      'Because chefs buy vegetables, customers could pay a monthly subscription.',
    ]);
  });

  it('add plural topics of a one-line text, never a bare singular, a figure or a verb', async () => {
    const outcome = await ai.triggerSuggestions('An app that plans weekly family meals from what is in the fridge.');
    expect(outcome.ok && outcome.value['Customer Jobs']).toEqual([
      'Your customer has a job to get done around an app that plans weekly family meals from what is in the fridge.',
      'Part of the work around family meals is something your customer would gladly hand over.',
    ]);
  });

  it('set key phrases in when no statement is short enough to take whole', async () => {
    const oneRun = `Tools ${'for teams '.repeat(30)}in Oslo`;
    const outcome = await ai.triggerSuggestions(oneRun);
    expect(outcome.ok && outcome.value['Customer Jobs']).toEqual([
      'Your customer has a job to get done around tools.',
      'Part of the work around teams is something your customer would gladly hand over.',
      'Your customer has decisions to make about Oslo, with a deadline to meet.',
    ]);
  });

  it.each([
    // The reviewer's fragments (issue 36), and what the drafts say instead.
    [
      'Unreliable access is the worst: 14 of 18 interviews.',
      'Unreliable access is the worst (14 of 18 interviews), and that takes your customer too long today.',
    ],
    [
      '“Restaurants with idle kitchens off-peak”',
      'Your customer loses time today over restaurants with idle kitchens off-peak.',
    ],
    ["'Double bookings.'", 'Your customer loses time today over double bookings.'],
    ['Bake bread.', 'It takes your customer too long today to bake bread.'],
    [
      'Which medicines run out next week?',
      'It is hard to tell which medicines run out next week, and that takes your customer too long today.',
    ],
    [
      'They cancel trips; sitters do not show up.',
      'They cancel trips, and sitters do not show up, and that takes your customer too long today.',
    ],
  ])('set %j into a sentence without quoting it', async (text, pain) => {
    const outcome = await ai.triggerSuggestions(text);
    if (!outcome.ok) throw new Error('offline drafting cannot fail');
    const [first] = outcome.value['Customer Pains'];
    expect(first).toBe(pain);
    for (const items of Object.values<string[]>(outcome.value)) expect(readable(items)).toEqual([]);
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
