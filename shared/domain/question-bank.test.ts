import { describe, expect, it } from 'vitest';
import { BUILT_IN_SUGGESTIONS } from './built-in-suggestions';
import { QUESTION_BANK, type SeedQuestion } from './question-bank';
import { CATEGORIES, isCategoryOf, PHASE_TYPES, QUESTION_TYPES, type QuestionType } from './questions';
import { TOOL_EXAMPLES } from './tool-examples';
import { TOOL_IDS } from './validate-tools';

function ofType(type: QuestionType): SeedQuestion[] {
  return QUESTION_BANK.filter((q) => q.type === type);
}

function inCategory(type: QuestionType, category: string): SeedQuestion[] {
  return ofType(type).filter((q) => q.category === category);
}

function slug(category: string): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

describe('QUESTION_BANK', () => {
  it('has 27 trigger questions, 9 in each group', () => {
    expect(ofType('trigger')).toHaveLength(27);
    for (const category of CATEGORIES.trigger) {
      expect(inCategory('trigger', category), category).toHaveLength(9);
    }
  });

  it('has at least one question for every value proposition and business model section', () => {
    for (const type of ['value-proposition', 'business-model'] as const) {
      for (const category of CATEGORIES[type]) {
        expect(inCategory(type, category).length, `${type} / ${category}`).toBeGreaterThanOrEqual(1);
      }
    }
    expect(ofType('value-proposition')).toHaveLength(12);
    expect(ofType('business-model')).toHaveLength(18);
  });

  it('uses only known types and categories valid for their type', () => {
    for (const q of QUESTION_BANK) {
      expect(QUESTION_TYPES, q.id).toContain(q.type);
      expect(isCategoryOf(q.type, q.category), q.id).toBe(true);
    }
  });

  it('has unique ids following seed-<type>-<category-slug>-<n>', () => {
    const ids = QUESTION_BANK.map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const q of QUESTION_BANK) {
      expect(q.id).toMatch(new RegExp(`^seed-${q.type}-${slug(q.category)}-[1-9][0-9]*$`));
    }
  });

  it('numbers the questions of each category 1..n in authored order', () => {
    for (const type of QUESTION_TYPES) {
      for (const category of CATEGORIES[type]) {
        const numbers = inCategory(type, category).map((q) => Number(q.id.slice(q.id.lastIndexOf('-') + 1)));
        expect(numbers, `${type} / ${category}`).toEqual(numbers.map((_, i) => i + 1));
      }
    }
  });

  it('lists questions by type, then by category display order', () => {
    const position = (q: SeedQuestion): [number, number] => [
      QUESTION_TYPES.indexOf(q.type),
      (CATEGORIES[q.type] as readonly string[]).indexOf(q.category),
    ];
    for (let i = 1; i < QUESTION_BANK.length; i++) {
      const [prevType, prevCategory] = position(QUESTION_BANK[i - 1] as SeedQuestion);
      const [type, category] = position(QUESTION_BANK[i] as SeedQuestion);
      expect(type > prevType || (type === prevType && category >= prevCategory)).toBe(true);
    }
  });

  it('has non-empty text, explanation and example, and questions that end with a question mark', () => {
    for (const q of QUESTION_BANK) {
      expect(q.text.trim(), q.id).not.toBe('');
      expect(q.explanation.trim(), q.id).not.toBe('');
      expect(q.example.trim(), q.id).not.toBe('');
      expect(q.text.trim().endsWith('?'), q.id).toBe(true);
      expect(q.text, q.id).toBe(q.text.trim());
    }
  });

  it('does not repeat a question text within a type', () => {
    for (const type of QUESTION_TYPES) {
      const texts = ofType(type).map((q) => q.text.toLowerCase());
      expect(new Set(texts).size, type).toBe(texts.length);
    }
  });

  it('ships without videos; coaches add them later', () => {
    for (const q of QUESTION_BANK) expect(q.videoUrl, q.id).toBeNull();
  });
});

/** 4 to 6 non-empty, distinct examples for each category of the type, and none for another category. */
function expectFourToSix(
  type: QuestionType,
  byCategory: Readonly<Record<string, readonly string[] | undefined>>,
): void {
  expect(Object.keys(byCategory).sort(), type).toEqual([...CATEGORIES[type]].sort());
  for (const category of CATEGORIES[type]) {
    const suggestions = byCategory[category] ?? [];
    expect(suggestions.length, `${type} / ${category}`).toBeGreaterThanOrEqual(4);
    expect(suggestions.length, `${type} / ${category}`).toBeLessThanOrEqual(6);
    expect(new Set(suggestions).size, `${type} / ${category}`).toBe(suggestions.length);
    for (const s of suggestions) expect(s.trim(), `${type} / ${category}`).not.toBe('');
  }
}

describe('BUILT_IN_SUGGESTIONS', () => {
  it('has 4 to 6 non-empty, distinct suggestions for every category of every phase', () => {
    for (const type of PHASE_TYPES) expectFourToSix(type, BUILT_IN_SUGGESTIONS[type]);
  });

  it('has 4 to 6 non-empty, distinct examples for every section of every Validate tool, with no figures', () => {
    for (const tool of TOOL_IDS) {
      expectFourToSix(tool, TOOL_EXAMPLES[tool]);
      // A number on a founder's sheet must be their own; "first 100 customers" is the section's own name.
      for (const line of Object.values(TOOL_EXAMPLES[tool]).flat()) {
        expect(line.replace('first 100 customers', ''), `${tool}: ${line}`).not.toMatch(/\d/);
      }
    }
  });
});

// Type-level check (run by tsc, not by vitest): a category must belong to the question's type.
const _wrongCategory: SeedQuestion<'trigger'> = {
  id: 'x',
  type: 'trigger',
  // @ts-expect-error 'Key Partners' is a business model section, not a trigger group.
  category: 'Key Partners',
  text: 'x?',
  explanation: 'x',
  example: 'x',
  videoUrl: null,
};
void _wrongCategory;
