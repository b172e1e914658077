import { describe, expect, it } from 'vitest';
import { canvasEntryPages, canvasExportPages, leftOutOf } from './canvas-entries-pages';
import { canvasSheet, type SectionAnswers } from './canvas-layout';
import type { Sheet } from './drawing';
import { testFonts } from './test-fonts';

const fonts = testFonts();
const textOf = (pages: readonly Sheet[]) =>
  pages.flatMap((p) => p.items.flatMap((i) => (i.kind === 'text' ? [i.text] : []))).join('\n');

const many = (n: number, what: string) => Array.from({ length: n }, (_, i) => `${what} ${i + 1}`);
const FULL: SectionAnswers = new Map([
  ['Customer Gains', many(40, 'Gain')],
  ['Customer Pains', many(3, 'Pain')],
  ['Customer Jobs', ['Feed the family']],
]);
const SPARSE: SectionAnswers = new Map([['Customer Jobs', ['Feed the family']]]);
const content = (answers: SectionAnswers) => ({
  type: 'value-proposition' as const,
  startupName: 'Mealwise',
  date: 'December 2, 2026',
  answers,
});

describe('the canvas export’s every-entry pages', () => {
  it('follow the sheet when a box had to leave answers out, with every answer whole', () => {
    const sheet = canvasSheet(content(FULL), fonts);
    expect(leftOutOf(sheet)).toBeGreaterThan(0);
    const pages = canvasExportPages(sheet, 'value-proposition', content(FULL), fonts);
    expect(pages[0]).toBe(sheet);
    expect(pages.length).toBeGreaterThan(1);
    const after = textOf(pages.slice(1));
    for (const answer of [...many(40, 'Gain'), ...many(3, 'Pain'), 'Feed the family']) {
      expect(after.split('\n')).toContain(answer);
    }
    expect(after).toContain('Value Proposition Canvas: every entry · December 2, 2026');
    expect(after).not.toMatch(/\+ \d+ more/);
  });

  it('are not added when every answer is on the sheet', () => {
    const sheet = canvasSheet(content(SPARSE), fonts);
    expect(leftOutOf(sheet)).toBe(0);
    expect(canvasExportPages(sheet, 'value-proposition', content(SPARSE), fonts)).toEqual([sheet]);
  });

  it('count what the sheet left out, box by box', () => {
    const sheet = canvasSheet(content(FULL), fonts);
    const counted = sheet.items.flatMap((i) => (i.kind === 'text' && i.leftOut ? [i.leftOut] : []));
    expect(leftOutOf(sheet)).toBe(counted.reduce((a, b) => a + b, 0));
    expect(canvasEntryPages('business-model', { ...content(new Map()), answers: new Map() }, fonts).length).toBe(1);
  });
});
