import { describe, expect, it } from 'vitest';
import { toolOf } from '#shared/domain/validate-tools';
import { guidanceQuestion, toolAnswers } from '../../test/fixtures/tool-sheet-answers';
import {
  currencyTotals,
  fieldRows,
  firstAnswer,
  formatCell,
  formatDay,
  formatNumber,
  guidanceOf,
  sheetCurrency,
  sheetData,
} from './sheet-data';

const plan = toolOf('market-plan');
const planField = plan.sections[1]?.fields[0];
const [channel, , budget] = planField?.columns ?? [];
if (!planField || !channel || !budget) throw new Error('the market plan has a plan table');

describe('sheet data', () => {
  it('reads a one-answer field trimmed, and null when blank or absent', () => {
    const sheet = sheetData(plan, [...toolAnswers('market-plan', { currency: ' EUR ', segments: ['', '  '] })]);
    expect(firstAnswer(sheet, 'currency')).toBe('EUR');
    expect(sheetCurrency(sheet)).toBe('EUR');
    expect(firstAnswer(sheet, 'segments')).toBeNull();
    expect(sheetCurrency(sheetData(plan, []))).toBeNull();
  });

  it('reads rows as cells, one per column, and skips an answer that is not a row', () => {
    const sheet = sheetData(plan, [
      { questionId: 'tool-market-plan-plan', answers: ['["Fairs"," Farms ","100"]', 'not json', '[1,2]'] },
    ]);
    expect(fieldRows(sheet, planField)).toEqual([['Fairs', 'Farms', '100', '']]);
  });

  it('totals each currency column, counting an empty cell as nothing', () => {
    expect(
      currencyTotals(planField.columns ?? [], [
        ['A', 'x', '100.25', 't'],
        ['B', 'y', '', 't'],
        ['C', 'z', '0.5', 't'],
      ]),
    ).toEqual([null, null, 100.75, null]);
    expect(currencyTotals(planField.columns ?? [], [])).toEqual([null, null, 0, null]);
  });

  it('prints numbers with their unit, days as words, and other cells as written', () => {
    expect(formatNumber(1200000, 'currency', 'EUR')).toBe('EUR 1,200,000');
    expect(formatNumber(1200000, 'currency', null)).toBe('1,200,000');
    expect(formatNumber(40000, 'customers', 'EUR')).toBe('40,000 customers');
    expect(formatNumber(12.5, 'percent', null)).toBe('12.5 %');
    expect(formatNumber(7, undefined, 'EUR')).toBe('7');
    expect(formatDay('2027-03-01')).toBe('1 Mar 2027');
    expect(formatDay('soon')).toBe('soon');
    expect(formatCell(budget, '3500.5')).toBe('3,500.5');
    expect(formatCell(budget, '')).toBe('');
    expect(formatCell(channel, 'Fairs')).toBe('Fairs');
    expect(formatCell({ label: 'When', kind: 'date' }, '2027-12-31')).toBe('31 Dec 2027');
  });

  it('files answered guidance questions under their section, never repeating a built-in field', () => {
    const asked = guidanceQuestion('market-plan', 'g-1', 'Targets', 'Why these segments?');
    const unanswered = guidanceQuestion('market-plan', 'g-2', 'Targets', 'Who else?');
    const elsewhere = guidanceQuestion('market-plan', 'g-3', 'Plan', 'Why this budget?');
    const builtIn = guidanceQuestion('market-plan', 'tool-market-plan-segments', 'Targets', 'Target segments');
    const sheet = sheetData(
      plan,
      [
        { questionId: 'g-1', answers: ['They pay', ' '] },
        { questionId: 'g-2', answers: [' '] },
        { questionId: 'g-3', answers: ['Cheap'] },
        ...toolAnswers('market-plan', { segments: ['Farms'] }),
      ],
      [asked, unanswered, elsewhere, builtIn],
    );
    expect(guidanceOf(sheet, 'Targets')).toEqual([{ question: asked, answers: ['They pay'] }]);
    expect(guidanceOf(sheet, 'Plan').map((g) => g.question.id)).toEqual(['g-3']);
  });
});
