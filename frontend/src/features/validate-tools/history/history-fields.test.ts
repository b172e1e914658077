import { describe, expect, it } from 'vitest';
import type { QuestionHistory } from '#shared/domain/answer-history';
import { builtInQuestions } from '#shared/domain/tool-questions';
import { toolFieldOf, toolFieldQuestionId } from '#shared/domain/validate-tools';
import { compareWithCurrent, entryText, historyFields, restoreAction } from './history-fields';

const field = (tool: Parameters<typeof toolFieldOf>[0], id: string) => {
  const ref = toolFieldOf(tool, toolFieldQuestionId(tool, id));
  if (!ref) throw new Error(`no field ${id}`);
  return ref.field;
};

describe('a tool answer as the history reads it', () => {
  it('shows a table row by its columns, skipping empty cells, and a stored text that is not a row as it is', () => {
    const political = field('pestel', 'political');
    expect(entryText(political, '["Subsidies","High",""]')).toBe('Factor: Subsidies · Impact: High');
    expect(entryText(political, 'not json')).toBe('not json');
  });

  it('puts a unit after a number of customers or a percentage, not after a currency amount', () => {
    expect(entryText(field('market-research', 'customers'), '1200')).toBe('1200 customers');
    expect(entryText(field('market-research', 'tam'), '5000000')).toBe('5000000');
    expect(entryText(null, 'A guidance answer')).toBe('A guidance answer');
  });
});

describe('comparing a version with the current answer', () => {
  it('reads a one-answer field as then and now, and a list as entries added and removed since', () => {
    expect(compareWithCurrent(field('branding', 'name'), ['Crumb'], ['Crumb & Co'])).toEqual({
      kind: 'single',
      was: 'Crumb',
      now: 'Crumb & Co',
    });
    expect(compareWithCurrent(field('branding', 'name'), [], ['Crumb'])).toEqual({
      kind: 'single',
      was: null,
      now: 'Crumb',
    });
    expect(compareWithCurrent(null, ['a', 'b'], ['b', 'c'])).toEqual({ kind: 'entries', added: ['c'], removed: ['a'] });
    expect(compareWithCurrent(null, ['a', 'b'], ['a', 'b'])).toEqual({ kind: 'same' });
  });

  it('restores by saving a version with answers, by deleting for an empty one, and not at all when it is the same', () => {
    expect(restoreAction(['a'], ['b'])).toBe('save');
    expect(restoreAction([], ['b'])).toBe('delete');
    expect(restoreAction(['a'], ['a'])).toBeNull();
    expect(restoreAction([], [])).toBeNull();
  });
});

describe('the fields of a tool history', () => {
  it('follows the sheet order, describes each version in the field’s words, and puts a removed question last', () => {
    const questions = builtInQuestions('pestel');
    const history: QuestionHistory[] = [
      { questionId: 'removed', category: 'Legal', versions: [{ at: 't1', answers: ['x'], deleted: false }] },
      {
        questionId: toolFieldQuestionId('pestel', 'economic'),
        category: 'Economic',
        versions: [
          { at: 't1', answers: ['["Inflation","Low",""]'], deleted: false },
          { at: 't2', answers: [], deleted: true },
        ],
      },
      { questionId: toolFieldQuestionId('pestel', 'political'), category: 'Political', versions: [] },
    ];
    const fields = historyFields('pestel', history, questions);
    expect(fields.map((f) => [f.label, f.restorable])).toEqual([
      ['Economic factors', true],
      ['A guidance question since removed', false],
    ]);
    expect(fields[0]?.versions).toEqual([
      { at: 't2', answers: [], summary: 'deleted “Factor: Inflation · Impact: Low”' },
      { at: 't1', answers: ['["Inflation","Low",""]'], summary: 'added “Factor: Inflation · Impact: Low”' },
    ]);
  });
});
