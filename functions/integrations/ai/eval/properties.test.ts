import { describe, expect, it } from 'vitest';
import {
  checkIdeas,
  checkSuggestions,
  contentWords,
  hasBoilerplate,
  hasEllipsis,
  isComplete,
  repeats,
  usesFounderWords,
} from './properties';

describe('a complete sentence', () => {
  it.each([
    'Save time every week.',
    'Which task is your customer trying to get done?',
    'It works!',
    '40 minutes saved per drop.',
    '“Second brain” for nurses.',
    'Thinking of “Vans return empty”, who pays?',
    'She said “go.”',
    'Bikes for Amsterdam (1) and Utrecht (2).',
    'Zürich commuters wait.',
  ])('accepts %s', (text) => {
    expect(isComplete(text)).toBe(true);
  });

  it.each([
    ['lower-case start', 'save time every week.'],
    ['no full stop', 'Save time every week'],
    ['a leading space', ' Save time.'],
    ['a trailing space', 'Save time. '],
    ['a double space', 'Save  time.'],
    ['a space before punctuation', 'Save time .'],
    ['a space before a comma', 'Save time , now.'],
    ['an unfilled slot', 'Feel in control of {p}.'],
    ['an unclosed quotation', 'Thinking of “vans, who pays?'],
    ['a quotation closed first', 'Thinking of ”vans“, who pays?'],
    ['a dangling preposition', 'A simple product that takes care of.'],
    ['a dangling article', 'Save time on the.'],
    ['a dangling conjunction', 'Save time and.'],
    ['a dangling possessive', 'Win over your.'],
    ['nothing but punctuation', '.'],
    ['an empty text', ''],
  ])('rejects %s', (_why, text) => {
    expect(isComplete(text)).toBe(false);
  });

  it('needs no full stop for a title, but still a capital and a word that can end it', () => {
    expect(isComplete('MealMate for busy parents', false)).toBe(true);
    expect(isComplete('MealMate for', false)).toBe(false);
    expect(isComplete('mealMate', false)).toBe(false);
  });
});

describe('truncation and boilerplate', () => {
  it('finds the ellipsis character and three dots, and nothing else', () => {
    expect(hasEllipsis('Meal plans for busy parents who…')).toBe(true);
    expect(hasEllipsis('Meal plans...')).toBe(true);
    expect(hasEllipsis('Meal plans. For parents.')).toBe(false);
  });

  it.each([
    'Meal plans — for a specific niche',
    'Meal plans — as a subscription service',
    'Meal plans — with a marketplace model',
    'Start with the one group of customers who need your idea most.',
    'Too much time lost on what you described',
    'Drafted offline: meal plans',
  ])('finds the old drafter’s boilerplate in %s', (text) => {
    expect(hasBoilerplate(text)).toBe(true);
  });

  it('lets the same words through when the founder uses them differently', () => {
    expect(hasBoilerplate('A subscription service for a specific niche of bakers.')).toBe(false);
  });
});

describe('the founder’s words', () => {
  it('counts words of three letters or more, or with a digit, that are not among the commonest', () => {
    expect([...contentWords('The app for B2B teams in Zürich: 40 mins, and their 3D maps')]).toEqual([
      'app',
      'b2b',
      'teams',
      'zürich',
      '40',
      'mins',
      '3d',
      'maps',
    ]);
  });

  it('finds a shared content word whatever its case, and ignores shared common words', () => {
    expect(usesFounderWords('Thinking of “Zürich commuters”, who pays?', 'Coffee for zürich commuters')).toBe(true);
    expect(usesFounderWords('Which task is your customer trying to get done?', 'Coffee for Zürich commuters')).toBe(
      false,
    );
    expect(usesFounderWords('What would they want?', 'What would they want?')).toBe(true);
    expect(usesFounderWords('Anything at all.', 'It is what it is.')).toBe(true);
  });
});

describe('repeats', () => {
  it('lists the later copies, ignoring case and surrounding space', () => {
    expect(repeats(['Save time.', 'save time. ', 'Save money.', 'SAVE TIME.'])).toEqual(['save time. ', 'SAVE TIME.']);
    expect(repeats(['a', 'b'])).toEqual([]);
  });
});

describe('an idea set', () => {
  const input = 'Meal plans for busy parents.';
  const good = [
    { title: 'As a subscription: Meal plans for busy parents.', description: 'Charge a monthly fee for the plans.' },
    { title: 'MealMate', description: 'Weekly meal plans for busy parents.' },
  ];

  it('passes complete, distinct ideas that use the founder’s words in the title or the description', () => {
    expect(checkIdeas(good, input)).toEqual([]);
  });

  it('names each broken property with the text that breaks it', () => {
    expect(
      checkIdeas(
        [
          { title: 'Meal plans for busy parents… — for a specific niche', description: 'Start small' },
          { title: 'Lunch boxes', description: 'Something else entirely.' },
          { title: 'lunch boxes', description: 'Something else entirely.' },
        ],
        input,
      ),
    ).toEqual([
      { property: 'no-ellipsis', text: 'Meal plans for busy parents… — for a specific niche' },
      { property: 'no-boilerplate', text: 'Meal plans for busy parents… — for a specific niche' },
      { property: 'sentence-complete', text: 'Start small' },
      { property: 'founder-words', text: 'Lunch boxes Something else entirely.' },
      { property: 'sentence-complete', text: 'lunch boxes' },
      { property: 'founder-words', text: 'lunch boxes Something else entirely.' },
      { property: 'distinct', text: 'lunch boxes' },
      { property: 'distinct', text: 'Something else entirely.' },
    ]);
  });

  it('holds the count and length limits, on both sides of each', () => {
    expect(checkIdeas([], input)).toEqual([{ property: 'within-limits', text: '0 ideas' }]);
    const four = [1, 2, 3, 4].map((n) => ({ title: `Plans ${n}`, description: `Meal plans, version ${n}.` }));
    expect(checkIdeas(four.slice(0, 3), input)).toEqual([]);
    expect(checkIdeas(four, input)).toEqual([{ property: 'within-limits', text: '4 ideas' }]);
    const title = `Meal ${'x'.repeat(195)}`;
    const description = `Meal ${'x'.repeat(1994)}.`;
    expect(title).toHaveLength(200);
    expect(description).toHaveLength(2000);
    expect(checkIdeas([{ title, description }], input)).toEqual([]);
    const longer = `Meal ${'x'.repeat(1995)}.`;
    expect(checkIdeas([{ title: `${title}x`, description: longer }], input)).toEqual([
      { property: 'within-limits', text: `${title}x` },
      { property: 'within-limits', text: longer },
    ]);
  });
});

describe('a suggestion set', () => {
  const input = 'Vans return empty from Leeds.';
  const categories = ['Customer Jobs', 'Customer Pains'];

  it('passes complete, distinct suggestions built from the founder’s words in every category', () => {
    expect(
      checkSuggestions(
        { 'Customer Jobs': ['Fill the vans on the way back from Leeds.'], 'Customer Pains': ['Empty vans cost fuel.'] },
        categories,
        input,
      ),
    ).toEqual([]);
  });

  it('names an empty or missing category, and each draft that breaks a property', () => {
    expect(
      checkSuggestions(
        {
          'Customer Jobs': ['Feel in control of Leeds returning…', 'Save money.', 'Fill vans.', 'fill vans.'],
          Other: ['ignored'],
        },
        categories,
        input,
      ),
    ).toEqual([
      { property: 'sentence-complete', text: 'Feel in control of Leeds returning…' },
      { property: 'no-ellipsis', text: 'Feel in control of Leeds returning…' },
      { property: 'founder-words', text: 'Save money.' },
      { property: 'sentence-complete', text: 'fill vans.' },
      { property: 'distinct', text: 'fill vans.' },
      { property: 'within-limits', text: 'Customer Pains: 0 suggestions' },
    ]);
  });

  it('holds the per-category count and the item length, on both sides of each', () => {
    const twenty = Array.from({ length: 20 }, (_, n) => `Leeds vans, idea ${n}.`);
    const long = `Leeds ${'x'.repeat(493)}.`;
    expect(long).toHaveLength(500);
    expect(checkSuggestions({ 'Customer Jobs': [...twenty.slice(0, 19), long] }, ['Customer Jobs'], input)).toEqual([]);
    expect(checkSuggestions({ 'Customer Jobs': [...twenty, 'Leeds vans, more.'] }, ['Customer Jobs'], input)).toEqual([
      { property: 'within-limits', text: 'Customer Jobs: 21 suggestions' },
    ]);
    const longer = `Leeds ${'x'.repeat(494)}.`;
    expect(checkSuggestions({ 'Customer Jobs': [longer] }, ['Customer Jobs'], input)).toEqual([
      { property: 'within-limits', text: longer },
    ]);
  });
});
