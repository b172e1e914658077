import { describe, expect, it } from 'vitest';
import { formatRow, parseRow, parseToolNumber, TOOL_TEXT_MAX, toolAnswerProblem } from './tool-answers';
import type { ToolField } from './validate-tools';

const field = (kind: ToolField['kind'], extra: Partial<ToolField> = {}): ToolField => ({
  id: 'f',
  label: 'Thing',
  kind,
  help: '',
  ...extra,
});

const TEXT = field('text');
const NUMBER = field('number', { label: 'TAM per year' });
const CHOICE = field('choice', { label: 'Method', options: ['Top-down', 'Bottom-up'] });
const ROWS = field('rows', {
  label: 'Plan',
  columns: [
    { label: 'Channel', kind: 'text' },
    { label: 'Budget', kind: 'number' },
    { label: 'When', kind: 'date' },
    { label: 'Impact', kind: 'choice', options: ['High', 'Low'] },
  ],
});
const row = (...cells: string[]) => JSON.stringify(cells);

describe('parseToolNumber', () => {
  it('reads a plain non-negative decimal, trimmed', () => {
    expect(parseToolNumber('12')).toBe(12);
    expect(parseToolNumber(' 12.5 ')).toBe(12.5);
    expect(parseToolNumber('0')).toBe(0);
    expect(parseToolNumber('123456789012345')).toBe(123456789012345);
    expect(parseToolNumber('1.2345')).toBe(1.2345);
  });

  it('refuses exponents, decimal commas, signs, grouping and loose dots, and more than 15 digits or 4 decimals', () => {
    for (const bad of ['1e3', '12,5', '-1', '+1', '1 000', '12.', '.5', '', 'EUR 5', '1234567890123456', '1.23456']) {
      expect(parseToolNumber(bad), bad).toBeNull();
    }
  });
});

describe('rows', () => {
  it('parses a JSON array of texts and nothing else', () => {
    expect(parseRow('["a",""]')).toEqual(['a', '']);
    expect(parseRow('[]')).toEqual([]);
    expect(parseRow('["a",1]')).toBeNull();
    expect(parseRow('{"0":"a"}')).toBeNull();
    expect(parseRow('"a"')).toBeNull();
    expect(parseRow('not json')).toBeNull();
  });

  it('formats cells trimmed, and parses back what it formats', () => {
    expect(formatRow([' a ', 'b', ''])).toBe('["a","b",""]');
    expect(parseRow(formatRow(['x "quoted"', 'y']))).toEqual(['x "quoted"', 'y']);
  });
});

describe('toolAnswerProblem', () => {
  it('takes one answer for text, paragraph, number and choice; several for a list and a table', () => {
    expect(toolAnswerProblem(TEXT, ['a', 'b'])).toBe('Thing takes one answer.');
    expect(toolAnswerProblem(field('paragraph'), ['a', 'b'])).toBe('Thing takes one answer.');
    expect(toolAnswerProblem(NUMBER, ['1', '2'])).toBe('TAM per year takes one answer.');
    expect(toolAnswerProblem(CHOICE, ['Top-down', 'Bottom-up'])).toBe('Method takes one answer.');
    expect(toolAnswerProblem(field('list'), ['a', 'b', 'c'])).toBeNull();
    expect(toolAnswerProblem(ROWS, [row('a', '', '', ''), row('b', '', '', '')])).toBeNull();
  });

  it(`holds a text to ${TOOL_TEXT_MAX} characters after trimming`, () => {
    expect(toolAnswerProblem(TEXT, ['x'.repeat(TOOL_TEXT_MAX)])).toBeNull();
    expect(toolAnswerProblem(TEXT, [`  ${'x'.repeat(TOOL_TEXT_MAX)}  `])).toBeNull();
    expect(toolAnswerProblem(TEXT, ['x'.repeat(TOOL_TEXT_MAX + 1)])).toBe('Thing must be at most 200 characters.');
  });

  it('leaves a paragraph and a list to the answer limits', () => {
    expect(toolAnswerProblem(field('paragraph'), ['x'.repeat(1500)])).toBeNull();
    expect(toolAnswerProblem(field('list'), ['x'.repeat(1500)])).toBeNull();
  });

  it('takes a number as a plain decimal and says how to write one', () => {
    expect(toolAnswerProblem(NUMBER, ['12'])).toBeNull();
    expect(toolAnswerProblem(NUMBER, [' 12.5 '])).toBeNull();
    for (const bad of ['1e3', '12,5', '-1', '']) {
      expect(toolAnswerProblem(NUMBER, [bad]), bad).toBe(
        'TAM per year must be a number such as 1200000 or 12.5 (no spaces, commas or currency signs).',
      );
    }
    expect(toolAnswerProblem(NUMBER, [])).not.toBeNull();
  });

  it('takes a choice only from its options, exactly as written', () => {
    expect(toolAnswerProblem(CHOICE, ['Bottom-up'])).toBeNull();
    expect(toolAnswerProblem(CHOICE, [' Top-down '])).toBeNull();
    expect(toolAnswerProblem(CHOICE, ['bottom-up'])).toBe('Method must be one of: Top-down, Bottom-up.');
    expect(toolAnswerProblem(CHOICE, ['Sideways'])).toBe('Method must be one of: Top-down, Bottom-up.');
    expect(toolAnswerProblem(field('choice'), ['anything'])).not.toBeNull();
  });

  describe('a table row', () => {
    const cellCount = 'Each row of Plan must have 4 cells: Channel, Budget, When, Impact.';

    it('is a JSON array with one text per column', () => {
      expect(toolAnswerProblem(ROWS, [row('Ads', '1200', '2026-03-01', 'High')])).toBeNull();
      expect(toolAnswerProblem(ROWS, [row('Ads', '1200', '2026-03-01')])).toBe(cellCount);
      expect(toolAnswerProblem(ROWS, [row('Ads', '1200', '2026-03-01', 'High', 'x')])).toBe(cellCount);
      expect(toolAnswerProblem(ROWS, ['Ads, 1200'])).toBe(cellCount);
      expect(toolAnswerProblem(ROWS, ['["Ads",1200,"",""]'])).toBe(cellCount);
      expect(toolAnswerProblem(field('rows', { label: 'Plan' }), ['["a"]'])).toBe(
        'Each row of Plan must have 0 cells: .',
      );
    });

    it('is refused when every cell is empty, naming the row', () => {
      expect(toolAnswerProblem(ROWS, [row('a', '', '', ''), row(' ', '', '', '')])).toBe('Row 2 of Plan is empty.');
      expect(toolAnswerProblem(ROWS, [row('', '', '', 'Low')])).toBeNull();
    });

    it(`holds a text cell to ${TOOL_TEXT_MAX} characters`, () => {
      expect(toolAnswerProblem(ROWS, [row('x'.repeat(TOOL_TEXT_MAX), '', '', '')])).toBeNull();
      expect(toolAnswerProblem(ROWS, [row('x'.repeat(TOOL_TEXT_MAX + 1), '', '', '')])).toBe(
        'Row 1, Channel: at most 200 characters.',
      );
    });

    it('takes a number cell as a plain decimal or empty', () => {
      expect(toolAnswerProblem(ROWS, [row('Ads', ' 0.5 ', '', '')])).toBeNull();
      expect(toolAnswerProblem(ROWS, [row('a', '', '', ''), row('Ads', '1,200', '', '')])).toBe(
        'Row 2, Budget: enter a number such as 1200 or 0.5.',
      );
    });

    it('takes a real calendar date or empty', () => {
      expect(toolAnswerProblem(ROWS, [row('a', '', '2028-02-29', '')])).toBeNull();
      expect(toolAnswerProblem(ROWS, [row('a', '', '2026-12-31', '')])).toBeNull();
      for (const bad of [
        '2026-02-30',
        '2026-02-29',
        '2026-13-01',
        '2026-00-10',
        '2026-2-3',
        '2026-03',
        '03/01/2026',
        'soon',
      ]) {
        expect(toolAnswerProblem(ROWS, [row('a', '', bad, '')]), bad).toBe('Row 1, When: enter a date as YYYY-MM-DD.');
      }
    });

    it('takes a choice cell from its options or empty', () => {
      expect(toolAnswerProblem(ROWS, [row('a', '', '', ' Low ')])).toBeNull();
      expect(toolAnswerProblem(ROWS, [row('a', '', '', 'Medium')])).toBe('Row 1, Impact: choose one of High, Low.');
      const bare = field('rows', { columns: [{ label: 'Pick', kind: 'choice' }] });
      expect(toolAnswerProblem(bare, [row('x')])).not.toBeNull();
    });

    it('reports the first problem in row and column order', () => {
      expect(toolAnswerProblem(ROWS, [row('a', 'x', 'y', 'z'), row('b', 'x', '', '')])).toBe(
        'Row 1, Budget: enter a number such as 1200 or 0.5.',
      );
    });
  });
});
