/** Page flow's side-by-side columns: each column flows on its own, and continues at the top of the next page. */
import { describe, expect, it } from 'vitest';
import type { Sheet, TextItem } from './drawing';
import { BODY, type Entry, LINE_STEP, PageFlow } from './page-flow';
import { testFonts } from './test-fonts';

const fonts = testFonts();
const header = { title: 'Brief', subtitle: 'S · D' };
const entry = (text: string, extra: Partial<Entry> = {}): Entry => ({ runs: [{ text }], ...extra });
const texts = (sheet: Sheet): TextItem[] => sheet.items.flatMap((i) => (i.kind === 'text' ? [i] : []));
const step = BODY * LINE_STEP;

describe('PageFlow.columns', () => {
  it('starts every column level, and goes on below the longer one', () => {
    const flow = new PageFlow(fonts, header);
    const top = flow.y;
    flow.columns([[entry('left 1'), entry('left 2'), entry('left 3')], [entry('right 1')]]);
    const [page] = flow.sheets();
    const at = (value: string) => texts(page as Sheet).find((t) => t.text === value);
    expect(at('left 1')?.y).toBe(at('right 1')?.y);
    expect(at('left 1')?.x).toBe(40);
    // Two columns of (714 - 24) / 2 px: the second starts a gutter after the first.
    expect(at('right 1')?.x).toBe(40 + 345 + 24);
    expect(at('left 1')?.maxWidth).toBe(345);
    expect(flow.y).toBeCloseTo(top + 3 * (step + BODY * 0.35), 5);
  });

  it('continues a column that reaches the foot at the top of the next page, the other column where it ended', () => {
    const flow = new PageFlow(fonts, header);
    const lefts = Array.from({ length: 80 }, (_, i) => entry(`left ${i}`));
    flow.columns([lefts, [entry('right 0')]]);
    const pages = flow.sheets();
    expect(pages).toHaveLength(2);
    const [first, second] = pages.map(texts) as [TextItem[], TextItem[]];
    const bottom = 1123 - 40 - 24;
    for (const t of first.filter((t) => t.text.startsWith('left'))) expect(t.y).toBeLessThanOrEqual(bottom);
    const continued = second.filter((t) => t.text.startsWith('left'));
    expect(continued[0]?.y).toBeCloseTo(40 + 28 + BODY, 5);
    expect(first.filter((t) => t.text.startsWith('left')).length + continued.length).toBe(80);
    expect(second.some((t) => t.text === 'right 0')).toBe(false);
    expect(second[0]?.text).toBe('Brief (continued)');
  });

  it('moves a label to the next page rather than leave it last on one, and adds the space above an entry', () => {
    const flow = new PageFlow(fonts, header);
    // Room for two lines, not for two lines and the space after the label's entry.
    flow.gap(flow.bottom - flow.y - step * 2.2);
    flow.columns([[entry('Label', { keepWithNext: true }), entry('first')], []]);
    const [first, second] = flow.sheets().map(texts) as [TextItem[], TextItem[]];
    expect(first.some((t) => t.text === 'Label')).toBe(false);
    expect(second.find((t) => t.text === 'Label')?.y).toBeCloseTo(40 + 28 + BODY, 5);
    const spaced = new PageFlow(fonts, header);
    spaced.columns([[entry('a'), entry('b', { spaceBefore: 8 })], []]);
    const [page] = spaced.sheets().map(texts) as [TextItem[]];
    const y = (value: string) => page.find((t) => t.text === value)?.y ?? 0;
    expect(y('b') - y('a')).toBeCloseTo(step + BODY * 0.35 + 8, 5);
  });

  it('writes the foot at the size it is given', () => {
    const flow = new PageFlow(fonts, header, undefined, 10.5);
    const foot = texts(flow.sheets()[0] as Sheet).at(-1);
    expect(foot).toMatchObject({ text: 'Brief · S · D · Page 1 of 1', size: 10.5 });
    expect(texts(new PageFlow(fonts, header).sheets()[0] as Sheet).at(-1)?.size).toBe(9);
  });
});
