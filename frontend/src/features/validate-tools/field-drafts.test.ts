import { describe, expect, it } from 'vitest';
import { formatRow } from '#shared/domain/tool-answers';
import { type ToolField, toolFieldOf, toolFieldQuestionId } from '#shared/domain/validate-tools';
import { answersProblem, cellsOf, draftRow, sameAnswers, tidyAnswers, unitText } from './field-drafts';
import { keptLines } from './use-field-editor';

function field(tool: Parameters<typeof toolFieldOf>[0], id: string): ToolField {
  const ref = toolFieldOf(tool, toolFieldQuestionId(tool, id));
  if (!ref) throw new Error(`no field ${id}`);
  return ref.field;
}

const TAM = field('market-research', 'tam');
const PLAN = field('market-plan', 'plan');
const STRENGTHS = field('swot', 'strengths');

describe('a field draft made ready to save', () => {
  it('trims values and leaves out blank list items; a guidance question is a plain list', () => {
    expect(tidyAnswers(STRENGTHS, ['  Cooks ', '', '   ', 'Network'])).toEqual(['Cooks', 'Network']);
    expect(tidyAnswers(null, [' A ', ''])).toEqual(['A']);
    expect(tidyAnswers(field('branding', 'name'), ['   '])).toEqual([]);
  });

  it('drops the spaces of a number but keeps its comma for the check to refuse', () => {
    expect(tidyAnswers(TAM, ['1 200 000'])).toEqual(['1200000']);
    expect(tidyAnswers(TAM, ['12,5 M'])).toEqual(['12,5M']);
    expect(answersProblem(TAM, ['12,5M'])).toMatch(/^TAM per year must be a number/);
    expect(answersProblem(TAM, ['1200000'])).toBeNull();
  });

  it('trims each cell of a row, drops empty rows and pads short ones', () => {
    const rows = [draftRow(['Ads ', ' Parents', '100', '']), draftRow(['', '', '', '']), draftRow(['Flyers'])];
    expect(tidyAnswers(PLAN, rows)).toEqual([
      formatRow(['Ads', 'Parents', '100', '']),
      formatRow(['Flyers', '', '', '']),
    ]);
    expect(cellsOf('not json', 2)).toEqual(['', '']);
    expect(answersProblem(PLAN, [formatRow(['Ads', '', 'lots', ''])])).toBe(
      'Row 1, Budget: enter a number such as 1200 or 0.5.',
    );
  });

  it('refuses duplicates as every answer list does', () => {
    expect(answersProblem(null, ['Picnic', 'Picnic'])).toBe('This answer already exists.');
  });

  it('names each unit', () => {
    expect(unitText('currency', 'CHF')).toBe('CHF');
    expect(unitText('currency', null)).toBe('in the currency chosen above');
    expect(unitText('customers', null)).toBe('customers');
    expect(unitText('percent', null)).toBe('%');
    expect(unitText(undefined, 'EUR')).toBeNull();
  });

  it('compares answer lists by content and order', () => {
    expect(sameAnswers(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameAnswers(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameAnswers(['a'], ['a', 'b'])).toBe(false);
  });
});

describe('keptLines', () => {
  it('reads a kept list of lines, and nothing else', () => {
    expect(keptLines(JSON.stringify(['a', 'b']))).toEqual(['a', 'b']);
    expect(keptLines(JSON.stringify([]))).toEqual([]);
    for (const text of [undefined, 'not json', JSON.stringify('a'), JSON.stringify([1]), JSON.stringify({ a: 1 })]) {
      expect(keptLines(text)).toBeNull();
    }
  });
});
