import { describe, expect, it } from 'vitest';
import { createOfflineAutomations } from '../offline';
import { AI_OPERATIONS, type AiAutomations, emptySuggestions } from '../port';
import { CORPUS, type CorpusCase, operationText, toolMaterialOf } from './corpus';
import {
  type CaseResult,
  formatFailures,
  formatTable,
  formatToolFailures,
  ideasSchemaProblem,
  percentile,
  runEval,
  runToolReadability,
  suggestionsSchemaProblem,
  summarise,
  tokensOf,
} from './run';

describe('the corpus', () => {
  it('holds at least twenty founders of different kinds, each with an input for every operation', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(CORPUS.map((entry) => entry.id)).size).toBe(CORPUS.length);
    const ideaTexts = CORPUS.map((entry) => operationText(entry, 'ideas'));
    // Short and long, names outside ASCII, other scripts, figures, lists and several sentences.
    expect(ideaTexts.some((text) => text.split(/\s+/).length <= 2)).toBe(true);
    expect(ideaTexts.some((text) => text.length > 250)).toBe(true);
    expect(ideaTexts.some((text) => /[À-ž]/.test(text))).toBe(true);
    expect(ideaTexts.some((text) => /\p{Script=Han}/u.test(text))).toBe(true);
    expect(ideaTexts.some((text) => /\d+\s?%|£\d|€\d/.test(text))).toBe(true);
    expect(ideaTexts.some((text) => /^- /m.test(text))).toBe(true);
    for (const entry of CORPUS) {
      for (const operation of AI_OPERATIONS) expect(operationText(entry, operation).trim()).not.toBe('');
    }
  });

  it('builds each operation’s text as the handlers do', () => {
    const entry: CorpusCase = {
      id: 'shape',
      ideas: { text: 'Bikes.', context: '  Notes from a file.  ' },
      trigger: { idea: 'Bike repair.' },
      valueProposition: { triggerAnswers: ['Commuters', '  ', 'Flat\ntyres'] },
      businessModel: {
        answers: [
          { category: 'Gain Creators', answers: ['Spare bike'] },
          { category: 'Customer Jobs', answers: ['Get to work'] },
        ],
      },
    };
    expect(operationText(entry, 'ideas')).toBe('Bikes.\n\nNotes from a file.');
    expect(operationText({ ...entry, ideas: { text: 'Bikes.', context: ' ' } }, 'ideas')).toBe('Bikes.');
    expect(operationText(entry, 'trigger')).toBe('Bike repair.');
    expect(operationText(entry, 'valueProposition')).toBe('Commuters\nFlat tyres');
    expect(operationText(entry, 'businessModel')).toBe('Get to work\nSpare bike');
  });
});

describe('the eval of the offline drafter over the corpus', () => {
  it('passes every case of every operation: schema, every draft property and every readability property', async () => {
    let tick = 0;
    const report = await runEval(createOfflineAutomations(), CORPUS, { clock: () => (tick += 2) });
    expect(formatFailures(report.results)).toEqual([]);
    expect(report.results).toHaveLength(CORPUS.length * AI_OPERATIONS.length);
    for (const summary of report.summary) {
      expect(summary).toEqual({
        operation: summary.operation,
        cases: CORPUS.length,
        passed: CORPUS.length,
        passRate: 1,
        readable: CORPUS.length,
        p50Ms: 2,
        p95Ms: 2,
        tokens: null,
        sources: ['offline'],
      });
    }
    expect(report.summary.map((summary) => summary.operation)).toEqual([...AI_OPERATIONS]);
  });
});

describe('the offline tool drafts over the corpus', () => {
  it('reads every case’s idea, trigger answers (as jobs, pains, gains in turn) and canvas answers', () => {
    const material = toolMaterialOf(CORPUS[0] as CorpusCase, 'swot');
    expect(material.tool).toBe('swot');
    expect(material.idea).toBe(CORPUS[0]?.trigger.idea);
    expect(material.answers.slice(0, 3).map((a) => [a.type, a.category])).toEqual([
      ['trigger', 'Customer Jobs'],
      ['trigger', 'Customer Pains'],
      ['trigger', 'Customer Gains'],
    ]);
    expect(material.answers[3]).toMatchObject({ type: 'value-proposition', category: 'Customer Jobs' });
  });

  it('are readable for every case and every tool', () => {
    const results = runToolReadability(CORPUS);
    expect(results).toHaveLength(CORPUS.length * 10);
    expect(formatToolFailures(results)).toEqual([]);
  });

  it('name a drafter’s unreadable section with its tool and case', () => {
    const stitched = () => ({ Strengths: ['Evidence you can show is “62 sign-ups”.'] });
    const results = runToolReadability([CORPUS[0] as CorpusCase], stitched);
    // Only SWOT has a Strengths section: the other tools' sections are empty, which readability does not judge.
    expect(formatToolFailures(results)).toEqual([
      'swot / meal-planning: no-quoted-fragment: "Evidence you can show is “62 sign-ups”."',
    ]);
    expect(formatToolFailures(results, 0)).toEqual(['… and 1 more failed tool cases (all in the JSON file)']);
  });
});

const entry = CORPUS[0] as CorpusCase;

function automations(overrides: Partial<AiAutomations>): AiAutomations {
  return { ...createOfflineAutomations(), ...overrides };
}

describe('judging a provider', () => {
  it('fails a case whose call fails, with the reason, and keeps going', async () => {
    const ai = automations({
      generateIdeas: () => Promise.resolve({ ok: false, reason: 'timeout', detail: 'no answer in 8000 ms' }),
    });
    const { results, summary } = await runEval(ai, [entry], { operations: ['ideas', 'trigger'] });
    expect(results[0]).toMatchObject({
      operation: 'ideas',
      passed: false,
      source: null,
      problem: 'timeout: no answer in 8000 ms',
      violations: [],
      tokens: null,
    });
    expect(results[1]).toMatchObject({ operation: 'trigger', passed: true, source: 'offline', problem: null });
    expect(summary.map((s) => [s.operation, s.passRate, s.sources])).toEqual([
      ['ideas', 0, []],
      ['trigger', 1, ['offline']],
    ]);
  });

  it('fails drafts that break a property, naming it', async () => {
    const ai = automations({
      generateIdeas: () =>
        Promise.resolve({
          ok: true,
          source: 'webhook',
          value: [
            {
              title: 'Meal planning app… — for a specific niche',
              description: 'Start with the one group of customers…',
            },
          ],
        }),
    });
    const [result] = (await runEval(ai, [entry], { operations: ['ideas'] })).results;
    expect(result?.passed).toBe(false);
    expect(result?.problem).toBeNull();
    expect(result?.violations.map((v) => v.property)).toEqual([
      'no-ellipsis',
      'no-boilerplate',
      'sentence-complete',
      'no-ellipsis',
      'no-boilerplate',
    ]);
  });

  it('fails an offline draft that reads as a stitched fragment, and only reports a model’s', async () => {
    const stitched = {
      ...emptySuggestions('trigger'),
      'Customer Jobs': ['Thinking of “meals”, which task is your customer trying to get done?'],
      'Customer Gains': ['Faster meals.'],
      'Customer Pains': [
        'Your customer loses time today over weekly meals.',
        'Your customer loses time today over weekly meals again.',
      ],
    };
    const offline = automations({
      triggerSuggestions: () => Promise.resolve({ ok: true, source: 'offline', value: stitched }),
    });
    const [result] = (await runEval(offline, [entry], { operations: ['trigger'] })).results;
    expect(result?.violations).toEqual([]);
    expect(result?.readability).toEqual([
      { property: 'no-quoted-fragment', text: 'Thinking of “meals”, which task is your customer trying to get done?' },
      { property: 'clause', text: 'Faster meals.' },
      { property: 'distinct-wording', text: 'Your customer loses time today over weekly meals again.' },
    ]);
    expect(result?.passed).toBe(false);

    const model = automations({
      triggerSuggestions: () => Promise.resolve({ ok: true, source: 'bedrock', value: stitched }),
    });
    const report = await runEval(model, [entry], { operations: ['trigger'] });
    expect(report.results[0]?.passed).toBe(true);
    expect(report.results[0]?.readability).toHaveLength(3);
    expect(report.summary[0]).toMatchObject({ passed: 1, readable: 0 });
  });

  it('judges idea titles only for quotes, and ideas as near-duplicates by title and description together', async () => {
    const ai = automations({
      generateIdeas: () =>
        Promise.resolve({
          ok: true,
          source: 'offline',
          value: [
            {
              title: 'Meals, as a subscription',
              description: 'Charge a monthly fee for weekly meals and fresh groceries.',
            },
            {
              title: '“Meals”, as a marketplace',
              description: 'Charge a monthly fee for weekly meals and fresh groceries.',
            },
          ],
        }),
    });
    const [result] = (await runEval(ai, [entry], { operations: ['ideas'] })).results;
    expect(result?.readability).toEqual([
      { property: 'no-quoted-fragment', text: '“Meals”, as a marketplace' },
      {
        property: 'distinct-wording',
        text: '“Meals”, as a marketplace Charge a monthly fee for weekly meals and fresh groceries.',
      },
    ]);
  });

  it('fails suggestions outside their schema, and an empty category', async () => {
    const value = emptySuggestions('business-model');
    const ai = automations({ businessModelSuggestions: () => Promise.resolve({ ok: true, source: 'webhook', value }) });
    const [result] = (await runEval(ai, [entry], { operations: ['businessModel'] })).results;
    expect(result?.problem).toBeNull();
    expect(result?.violations).toHaveLength(9);
    expect(result?.violations[0]).toEqual({ property: 'within-limits', text: 'Key Partners: 0 suggestions' });
  });

  it('adds up the tokens a provider reports', async () => {
    const offline = createOfflineAutomations();
    const ai = automations({
      triggerSuggestions: async (idea) => ({
        ...(await offline.triggerSuggestions(idea)),
        usage: { inputTokens: 900, outputTokens: 120 },
      }),
    });
    const report = await runEval(ai, [entry, CORPUS[1] as CorpusCase], { operations: ['trigger'] });
    expect(report.results[0]?.tokens).toEqual({ input: 900, output: 120 });
    expect(report.summary[0]?.tokens).toEqual({ input: 1800, output: 240 });
    expect(formatTable(report.summary)).toContain('1800/240');
  });
});

describe('schemas', () => {
  it('accepts ideas that read back unchanged, and names why others do not', () => {
    expect(ideasSchemaProblem([{ title: 'A', description: 'B.' }])).toBeNull();
    expect(ideasSchemaProblem([])).toBe('no idea with a string title and description in the response');
    expect(
      ideasSchemaProblem([
        { title: 'A', description: 'B.' },
        { title: 'A', description: 'C.' },
      ]),
    ).toBe('ideas change when read back: a repeated, blank or over-long field');
    expect(ideasSchemaProblem([{ title: 'A', description: 'x'.repeat(2001) }])).toMatch(/change when read back/);
  });

  it('accepts suggestions that read back unchanged, and names why others do not', () => {
    const value = { ...emptySuggestions('trigger'), 'Customer Jobs': ['Fill vans.'] };
    expect(suggestionsSchemaProblem('trigger', value)).toBeNull();
    expect(suggestionsSchemaProblem('trigger', { ...value, 'Customer Jobs': ['Fill vans.', 'fill vans.'] })).toBe(
      'suggestions change when read back: a repeated, blank or over-long item, or too many in a category',
    );
    const business = emptySuggestions('business-model');
    expect(suggestionsSchemaProblem('business-model', business)).toBeNull();
    expect(suggestionsSchemaProblem('business-model', { ...business, Channels: ['x'.repeat(501)] })).toMatch(/change/);
  });
});

describe('figures', () => {
  it('takes the nearest-rank percentile', () => {
    expect(percentile([], 50)).toBe(0);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([5, 1, 4, 2, 3], 95)).toBe(5);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 0)).toBe(1);
    expect(
      percentile(
        Array.from({ length: 20 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(19);
  });

  it('reads tokens only from a complete usage report', () => {
    expect(tokensOf({ ok: true, usage: { inputTokens: 10, outputTokens: 2 } })).toEqual({ input: 10, output: 2 });
    expect(tokensOf({ ok: true, usage: { inputTokens: 0, outputTokens: 0 } })).toEqual({ input: 0, output: 0 });
    expect(tokensOf({ ok: true })).toBeNull();
    expect(tokensOf({ ok: true, usage: null })).toBeNull();
    expect(tokensOf({ ok: true, usage: 12 })).toBeNull();
    expect(tokensOf({ ok: true, usage: { inputTokens: 10 } })).toBeNull();
    expect(tokensOf({ ok: true, usage: { inputTokens: -1, outputTokens: 2 } })).toBeNull();
    expect(tokensOf({ ok: true, usage: { inputTokens: 1, outputTokens: Number.NaN } })).toBeNull();
    expect(tokensOf({ ok: true, usage: { inputTokens: '1', outputTokens: 2 } })).toBeNull();
  });

  it('summarises an operation with no cases as nothing passed', () => {
    expect(summarise([], ['ideas'])).toEqual([
      {
        operation: 'ideas',
        cases: 0,
        passed: 0,
        passRate: 0,
        readable: 0,
        p50Ms: 0,
        p95Ms: 0,
        tokens: null,
        sources: [],
      },
    ]);
  });
});

describe('the printed report', () => {
  const result = (over: Partial<CaseResult>): CaseResult => ({
    caseId: 'c',
    operation: 'ideas',
    passed: true,
    source: 'offline',
    problem: null,
    violations: [],
    readability: [],
    latencyMs: 1,
    tokens: null,
    ...over,
  });

  it('aligns a table with a dash for tokens the provider did not report', () => {
    const summary = summarise(
      [
        result({ latencyMs: 0.25 }),
        result({
          caseId: 'd',
          passed: false,
          latencyMs: 1234.4,
          source: 'bedrock',
          readability: [{ property: 'clause', text: 'Bakeries.' }],
        }),
        result({ operation: 'trigger', tokens: { input: 5, output: 6 } }),
      ],
      ['ideas', 'trigger'],
    );
    expect(formatTable(summary).split('\n')).toEqual([
      'operation  cases  passed  pass rate  readable  p50 ms  p95 ms  tokens in/out  source',
      'ideas          2       1     50.0 %         1    0.25    1234              –  offline, bedrock',
      'trigger        1       1    100.0 %         1    1.00    1.00            5/6  offline',
    ]);
    expect(formatTable(summarise([result({ source: null })], ['ideas']))).toMatch(/100\.0 %.*–\s+–$/);
  });

  it('lists failed cases with their problem and violations, up to a maximum', () => {
    const failed = [
      result({ caseId: 'a', passed: false, problem: 'throttled: slow down' }),
      result({
        caseId: 'b',
        passed: false,
        violations: [{ property: 'distinct', text: 'Fill vans.' }],
        readability: [{ property: 'clause', text: 'Fill vans.' }],
      }),
      result({ caseId: 'c' }),
    ];
    expect(formatFailures(failed)).toEqual([
      'ideas / a: throttled: slow down',
      'ideas / b: distinct: "Fill vans."; clause: "Fill vans."',
    ]);
    expect(formatFailures(failed, 1)).toEqual([
      'ideas / a: throttled: slow down',
      '… and 1 more failed cases (all in the JSON file)',
    ]);
  });
});
