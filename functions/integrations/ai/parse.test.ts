import { describe, expect, it } from 'vitest';
import { extractJson, parseIdeas, parseSuggestions, toStringList } from './parse';

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
