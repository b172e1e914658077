import { describe, expect, it } from 'vitest';
import { excerpt, extractJson, parseIdeas, parseSuggestions, parseToolSuggestions, toStringList } from './parse';
import { AI_LIMITS } from './port';

describe('extractJson', () => {
  it('reads plain, fenced, prose-wrapped and doubly encoded JSON', () => {
    expect(extractJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(extractJson('```json\n{"a":1}\n```')).toEqual({ ok: true, value: { a: 1 } });
    expect(extractJson('```\n{"a":1}\n```')).toEqual({ ok: true, value: { a: 1 } });
    expect(extractJson('Here it is: {"a": {"b": 2}} — enjoy')).toEqual({ ok: true, value: { a: { b: 2 } } });
    expect(extractJson(JSON.stringify(JSON.stringify({ a: 1 })))).toEqual({ ok: true, value: { a: 1 } });
  });

  it('reports empty and non-JSON bodies', () => {
    expect(extractJson('  ')).toEqual({ ok: false, detail: 'empty response body' });
    expect(extractJson('no json {here')).toEqual({ ok: false, detail: 'response is not JSON: "no json {here"' });
  });
});

describe('toStringList', () => {
  it('accepts arrays of strings, comma- or newline-joined strings and null', () => {
    expect(toStringList([' a ', '', 'b', 'A'], 'k')).toEqual({ ok: true, value: ['a', 'b'] });
    expect(toStringList('a, b,,c ', 'k')).toEqual({ ok: true, value: ['a', 'b', 'c'] });
    expect(toStringList('- a\n2. b\n• c', 'k')).toEqual({ ok: true, value: ['a', 'b', 'c'] });
    expect(toStringList(null, 'k')).toEqual({ ok: true, value: [] });
  });

  it('rejects numbers, mixed arrays and objects', () => {
    expect(toStringList([1, 2], 'k').ok).toBe(false);
    expect(toStringList(['a', 2], 'k').ok).toBe(false);
    expect(toStringList({ a: 'b' }, 'k')).toEqual({
      ok: false,
      detail: '"k" must be a string or an array of strings, got a object',
    });
  });
});

describe('parseSuggestions', () => {
  it('fills missing categories with empty lists', () => {
    expect(parseSuggestions('value-proposition', { customerJobs: 'Cook' })).toEqual({
      ok: true,
      value: {
        'Customer Jobs': ['Cook'],
        'Customer Pains': [],
        'Customer Gains': [],
        'Products & Services': [],
        'Pain Relievers': [],
        'Gain Creators': [],
      },
    });
  });

  it('accepts the corrected spelling valuePropositions as well as valuePrepositions', () => {
    const outcome = parseSuggestions('business-model', { valuePropositions: ['Less waste'] });
    expect(outcome.ok && outcome.value['Value Propositions']).toEqual(['Less waste']);
  });

  it('does not read camelCase keys for trigger suggestions, whose contract is Customer_Jobs / Customer Jobs', () => {
    expect(parseSuggestions('trigger', { customerJobs: ['Cook'] }).ok).toBe(false);
  });
});

describe('parseIdeas', () => {
  it('skips entries without string values or with blank text', () => {
    expect(parseIdeas({ a: 1, ' ': 'x', b: '  ', c: 'Idea C' })).toEqual({
      ok: true,
      value: [{ title: 'c', description: 'Idea C' }],
    });
  });
});

describe('malformed automation output', () => {
  const expectedKeys = 'Customer_Jobs, Customer Jobs, Customer_Gains, Customer Gains, Customer_Pains, Customer Pains';

  it.each([
    ['an array', [{ Customer_Jobs: ['Cook'] }], 'an array'],
    ['null', null, 'null'],
    ['a string', 'Customer_Jobs: Cook', 'a string'],
    ['a number', 7, 'a number'],
  ])('refuses suggestions given as %s, naming what came and what was expected', (_, json, kind) => {
    expect(parseSuggestions('trigger', json)).toEqual({
      ok: false,
      detail: `expected a JSON object with ${expectedKeys}; got ${kind}`,
    });
  });

  it('refuses an object with none of the expected keys, and a recognised key of the wrong type', () => {
    expect(parseSuggestions('trigger', { jobs: ['Cook'] })).toEqual({
      ok: false,
      detail: `none of the expected keys (${expectedKeys}) in the response`,
    });
    expect(parseSuggestions('trigger', { Customer_Jobs: ['Cook'], Customer_Pains: 3 })).toEqual({
      ok: false,
      detail: '"Customer_Pains" must be a string or an array of strings, got a number',
    });
  });

  it.each([
    ['an array', [['Idea', 'Text']], 'an array'],
    ['null', null, 'null'],
    ['a string', 'A meal kit', 'a string'],
  ])('refuses ideas given as %s', (_, json, kind) => {
    expect(parseIdeas(json)).toEqual({
      ok: false,
      detail: `expected a JSON object of idea title → description; got ${kind}`,
    });
  });

  it('refuses an idea object with nothing usable in it', () => {
    expect(parseIdeas({})).toEqual({
      ok: false,
      detail: 'no idea with a string title and description in the response',
    });
    expect(parseIdeas({ a: null, b: ['x'] }).ok).toBe(false);
  });

  it('reads suggestions from a fenced block and from JSON inside prose, end to end', () => {
    const fenced = extractJson('Sure!\n```json\n{"Customer Jobs": ["Cook dinner", "Shop"]}\n```\nAnything else?');
    expect(fenced.ok && parseSuggestions('trigger', fenced.value)).toEqual({
      ok: true,
      value: { 'Customer Jobs': ['Cook dinner', 'Shop'], 'Customer Gains': [], 'Customer Pains': [] },
    });
    const prose = extractJson('Here are your ideas: {"Meal kits": "Weekly boxes"} Hope this helps.');
    expect(prose.ok && parseIdeas(prose.value)).toEqual({
      ok: true,
      value: [{ title: 'Meal kits', description: 'Weekly boxes' }],
    });
    const list = extractJson('The list: ["a", "b"] as asked');
    expect(list).toEqual({ ok: true, value: ['a', 'b'] });
  });

  it('takes the body itself before a fence inside it, and does not unwrap a JSON string twice', () => {
    expect(extractJson('"```json\\n{}\\n```"')).toEqual({ ok: true, value: {} });
    const twice = JSON.stringify(JSON.stringify(JSON.stringify({ a: 1 })));
    expect(extractJson(twice)).toEqual({ ok: true, value: JSON.stringify({ a: 1 }) });
    expect(extractJson('"just words"')).toEqual({ ok: true, value: 'just words' });
  });

  it('reports a fence without JSON, a closing brace before the opening one, and shortens long bodies', () => {
    expect(extractJson('```\nnot json\n```')).toEqual({
      ok: false,
      detail: 'response is not JSON: "``` not json ```"',
    });
    expect(extractJson('} then {').ok).toBe(false);
    const long = `<html>${'x'.repeat(200)}</html>`;
    expect(extractJson(long)).toEqual({ ok: false, detail: `response is not JSON: "${excerpt(long)}"` });
    expect(excerpt(long)).toBe(`${long.slice(0, 80)}…`);
    expect(excerpt('a'.repeat(80))).toBe('a'.repeat(80));
    expect(excerpt(' two\n\n lines ')).toBe('two lines');
  });
});

describe('list markers and limits in string lists', () => {
  it('strips "10." and "3)" markers and bullets, but keeps a dash or a number inside an answer', () => {
    expect(toStringList('9. Nine\n10. Ten\n3) Three', 'k')).toEqual({ ok: true, value: ['Nine', 'Ten', 'Three'] });
    expect(toStringList('* Star\n- Night-shift nurses - with kids\n2025 plans', 'k')).toEqual({
      ok: true,
      value: ['Star', 'Night-shift nurses - with kids', '2025 plans'],
    });
    // A marker needs the space after it: "-5 degrees" and "1.5x faster" are answers, not list items.
    expect(toStringList('-5 degrees\n1.5x faster', 'k')).toEqual({ ok: true, value: ['-5 degrees', '1.5x faster'] });
  });

  it('leaves the items of an array as they are but trimmed (markers are stripped only from joined strings)', () => {
    expect(toStringList(['- a', ' 1. b '], 'k')).toEqual({ ok: true, value: ['- a', '1. b'] });
  });

  it('caps each item at the item limit and a category at the items limit, after dropping duplicates', () => {
    const long = `${'w'.repeat(AI_LIMITS.itemChars - 1)} tail`;
    const capped = toStringList([long], 'k');
    expect(capped.ok && capped.value[0]).toBe(long.slice(0, AI_LIMITS.itemChars).trimEnd());
    expect(capped.ok && capped.value[0]?.length).toBe(AI_LIMITS.itemChars - 1);
    const exact = 'e'.repeat(AI_LIMITS.itemChars);
    expect(toStringList([exact], 'k')).toEqual({ ok: true, value: [exact] });
    const many = Array.from({ length: AI_LIMITS.itemsPerCategory + 5 }, (_, i) => `item ${i}`);
    expect(toStringList(['item 0', 'ITEM 0', ...many], 'k')).toEqual({
      ok: true,
      value: many.slice(0, AI_LIMITS.itemsPerCategory),
    });
    expect(toStringList(undefined, 'k')).toEqual({ ok: true, value: [] });
  });

  it('merges aliases of one category within the limits', () => {
    const outcome = parseSuggestions('trigger', { Customer_Jobs: ['Cook', 'Shop'], 'Customer Jobs': 'shop, Clean' });
    expect(outcome).toEqual({
      ok: true,
      value: { 'Customer Jobs': ['Cook', 'Shop', 'Clean'], 'Customer Gains': [], 'Customer Pains': [] },
    });
  });

  it('caps idea titles and descriptions and keeps at most three ideas', () => {
    const title = 't'.repeat(AI_LIMITS.ideaTitleChars + 10);
    const description = 'd'.repeat(AI_LIMITS.ideaDescriptionChars + 10);
    const outcome = parseIdeas({ [title]: description, b: 'B', c: 'C', d: 'D' });
    expect(outcome).toEqual({
      ok: true,
      value: [
        {
          title: title.slice(0, AI_LIMITS.ideaTitleChars),
          description: description.slice(0, AI_LIMITS.ideaDescriptionChars),
        },
        { title: 'b', description: 'B' },
        { title: 'c', description: 'C' },
      ],
    });
  });
});

describe('parseToolSuggestions', () => {
  const SECTIONS = ['Strengths', 'Weaknesses', 'Opportunities', 'Threats'] as const;

  it('reads lists keyed by section title, whatever the case or spacing of the key, with every section present', () => {
    expect(parseToolSuggestions(SECTIONS, { ' threats ': ['A rival copies us'], Strengths: 'Fast, Cheap' })).toEqual({
      ok: true,
      value: { Strengths: ['Fast', 'Cheap'], Weaknesses: [], Opportunities: [], Threats: ['A rival copies us'] },
    });
  });

  it('caps an oversized answer like a phase: 20 items per section of at most 500 characters, duplicates dropped', () => {
    const items = Array.from({ length: 30 }, (_, i) => `${i} ${'x'.repeat(600)}`);
    const parsed = parseToolSuggestions(SECTIONS, { Threats: [...items, items[0]] });
    if (!parsed.ok) throw new Error(parsed.detail);
    expect(parsed.value.Threats).toHaveLength(20);
    for (const item of parsed.value.Threats ?? []) expect(item.length).toBeLessThanOrEqual(500);
  });

  it('reports malformed answers rather than guessing', () => {
    expect(parseToolSuggestions(SECTIONS, ['Threats'])).toEqual({
      ok: false,
      detail: 'expected a JSON object keyed by Strengths, Weaknesses, Opportunities, Threats; got an array',
    });
    expect(parseToolSuggestions(SECTIONS, { Ideas: ['x'] })).toEqual({
      ok: false,
      detail: 'none of the sections (Strengths, Weaknesses, Opportunities, Threats) in the response',
    });
    expect(parseToolSuggestions(SECTIONS, { Threats: [1, 2] }).ok).toBe(false);
  });

  it('reads a fenced answer wrapped in prose through extractJson', () => {
    const json = extractJson('Here you go:\n```json\n{"Weaknesses": ["Small team"]}\n```');
    expect(json.ok && parseToolSuggestions(SECTIONS, json.value)).toEqual({
      ok: true,
      value: { Strengths: [], Weaknesses: ['Small team'], Opportunities: [], Threats: [] },
    });
  });
});
