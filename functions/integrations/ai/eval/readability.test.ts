/** The readability properties, each on both sides of its threshold. */
import { describe, expect, it } from 'vitest';
import {
  checkReadability,
  endsAsSentence,
  hasQuotedFragment,
  isClause,
  MAX_SIMILARITY,
  MIN_CLAUSE_WORDS,
  nearDuplicates,
  similarity,
} from './readability';

describe('sentence-final', () => {
  it('accepts . ! ? (a closing bracket may follow) and nothing else', () => {
    for (const text of ['Customers pay per use.', 'It works!', 'Who pays?', 'It works (62 sign-ups).', 'Ends. ']) {
      expect(endsAsSentence(text), text).toBe(true);
    }
    for (const text of ['Customers pay per use', 'Customers pay:', 'Customers pay,', 'It works…', 'Said “so”']) {
      expect(endsAsSentence(text), text).toBe(false);
    }
  });
});

describe('no-quoted-fragment', () => {
  it('finds every kind of quotation mark, and a single quote opening a word', () => {
    for (const text of [
      'Ask “Restaurants” to help.',
      'The pain "late vans" hurts.',
      'Ask ‘them’ now.',
      "Ask 'Restaurants with idle kitchens' now.",
      'Le «marché» est là.',
      '’Tis a pain.',
    ]) {
      expect(hasQuotedFragment(text), text).toBe(true);
    }
  });

  it('leaves apostrophes inside and after words alone', () => {
    for (const text of [
      "Customers don't wait.",
      'Your customer’s job.',
      'Customers’ budgets shrink.',
      "Shops' margins.",
    ]) {
      expect(hasQuotedFragment(text), text).toBe(false);
    }
  });
});

describe('clause', () => {
  it(`needs ${MIN_CLAUSE_WORDS} words and a verb-ish one`, () => {
    expect(MIN_CLAUSE_WORDS).toBe(4);
    expect(isClause('Customers pay per use.')).toBe(true);
    expect(isClause('Customers pay monthly.')).toBe(false);
    expect(isClause('Bakeries in the north.')).toBe(false);
    expect(isClause('Vans returned empty yesterday.')).toBe(true);
    expect(isClause('Drivers waiting at depots.')).toBe(true);
    expect(isClause('Weekly meal plans with grocery lists.')).toBe(false);
    // Any word after a subject pronoun is its verb; a pronoun at the end has none.
    expect(isClause('Because you serve bookshops.')).toBe(true);
    expect(isClause('Bookshops near you.')).toBe(false);
    // Short -ed and -ing words ("red", "king") are not verbs.
    expect(isClause('A red king for sale.')).toBe(false);
  });
});

describe('similarity', () => {
  it('is the Jaccard index of the word sets, ignoring case and punctuation', () => {
    expect(similarity('Vans return empty.', 'vans RETURN empty!')).toBe(1);
    expect(similarity('a b c d', 'a b c e')).toBe(3 / 5);
    expect(similarity('a b', 'c d')).toBe(0);
    expect(similarity('', '…')).toBe(1);
  });
});

describe('checkReadability', () => {
  it('passes whole, distinct sentences', () => {
    expect(
      checkReadability([
        'Your customer has a job to get done around weekly meals.',
        'Because food goes off every week, your customer would hand over part of the work.',
      ]),
    ).toEqual([]);
  });

  it('reports each property with the draft that breaks it', () => {
    expect(checkReadability(['Ask “Bakers” first', 'Bakeries.'])).toEqual([
      { property: 'sentence-final', text: 'Ask “Bakers” first' },
      { property: 'no-quoted-fragment', text: 'Ask “Bakers” first' },
      { property: 'clause', text: 'Ask “Bakers” first' },
      { property: 'clause', text: 'Bakeries.' },
    ]);
  });

  it(`reports the later of two drafts whose similarity is ${MAX_SIMILARITY} or more, and not below`, () => {
    // 8 shared words of 10: exactly at the threshold.
    const base = 'one two three four five six seven eight';
    const at = [`${base} nine.`, `${base} ten.`];
    expect(similarity(at[0] ?? '', at[1] ?? '')).toBe(0.8);
    expect(checkReadability(at, { title: true })).toEqual([{ property: 'distinct-wording', text: `${base} ten.` }]);
    // 8 shared of 11: below it.
    const below = [`${base} nine.`, `${base} ten eleven.`];
    expect(similarity(below[0] ?? '', below[1] ?? '')).toBeLessThan(MAX_SIMILARITY);
    expect(checkReadability(below, { title: true })).toEqual([]);
  });

  it('leaves near-duplicates to the caller when told, and names them with nearDuplicates', () => {
    const twice = ['Customers could pay per use.', 'Customers could pay per use!'];
    expect(checkReadability(twice, { distinct: false })).toEqual([]);
    expect(nearDuplicates(twice)).toEqual(['Customers could pay per use!']);
    expect(nearDuplicates(['Customers could pay per use.', 'Some would pay more for a premium tier.'])).toEqual([]);
  });

  it('checks titles only for quotes and near-duplicates', () => {
    expect(checkReadability(['Bakeries, sold as a subscription'], { title: true })).toEqual([]);
    expect(checkReadability(['“Bakeries”, sold as a subscription'], { title: true })).toEqual([
      { property: 'no-quoted-fragment', text: '“Bakeries”, sold as a subscription' },
    ]);
  });
});
