/** Line breaking and box fitting as exact geometry: where each line starts, its baseline, its size and its room. */
import { describe, expect, it } from 'vitest';
import { textWidth } from './export-fonts';
import { testFonts } from './test-fonts';
import { type BulletBlock, bulletBlock as bulletBlockIn, wrapText as wrapTextIn } from './text-wrap';

const fonts = testFonts();
const wrapText = (...args: Parameters<typeof wrapTextIn> extends [unknown, ...infer R] ? R : never) =>
  wrapTextIn(fonts, ...args);
const bulletBlock = (block: BulletBlock, box: Parameters<typeof bulletBlockIn>[2]) => bulletBlockIn(fonts, block, box);

/** DejaVu Sans Condensed's advance widths at 10 px: font units (2048 per em) / 204.8. */
const at10 = (units: number) => units / 204.8;

describe('wrapText at the edge of the width', () => {
  // "one two": o 1127, n 1168, e 1134, space 585, t 722, w 1507, o 1127 units.
  const oneTwo = at10(1127 + 1168 + 1134 + 585 + 722 + 1507 + 1127);
  it('keeps a line exactly as wide as the room, and breaks one a hundredth wider', () => {
    expect(textWidth(fonts, 'one two', 'regular', 10)).toBeCloseTo(oneTwo, 10);
    expect(wrapText('one two', 'regular', 10, oneTwo)).toEqual(['one two']);
    expect(wrapText('one two', 'regular', 10, oneTwo - 0.01)).toEqual(['one', 'two']);
  });

  it('measures in the weight given: bold runs wider', () => {
    expect(wrapText('one two', 'bold', 10, oneTwo)).toEqual(['one', 'two']);
  });

  it('measures letters beyond Latin-1 with their own widths, not a stand-in’s', () => {
    expect(textWidth(fonts, 'Ł→✓', 'regular', 10)).toBeCloseTo(at10(1035 + 1544 + 1544), 10);
    expect(textWidth(fonts, 'Привет', 'regular', 10)).toBeGreaterThan(textWidth(fonts, '??????', 'regular', 10));
  });

  it('cuts a word wider than the room where it reaches the edge, and goes on after its last piece', () => {
    const x = at10(1090);
    expect(wrapText('xxxx', 'regular', 10, 2 * x)).toEqual(['xx', 'xx']);
    expect(wrapText('xxxx', 'regular', 10, 2 * x - 0.01)).toEqual(['x', 'x', 'x', 'x']);
    expect(wrapText('xxxxx a', 'regular', 10, 4 * x)).toEqual(['xxxx', 'x a']);
    expect(wrapText('ab xxxxx', 'regular', 10, 4 * x)).toEqual(['ab', 'xxxx', 'x']);
    // A character wider than the room still gets a line of its own rather than vanishing.
    expect(wrapText('xx', 'regular', 10, 1)).toEqual(['x', 'x']);
  });

  it('collapses runs of whitespace and gives no line for blank text', () => {
    expect(wrapText('  a \n\t b  ', 'regular', 10, 100)).toEqual(['a b']);
    expect(wrapText('   ', 'regular', 10, 100)).toEqual([]);
  });
});

describe('bulletBlock geometry', () => {
  const box = { x: 10, y: 20, w: 200, h: 100 };
  const style: Omit<BulletBlock, 'items'> = {
    empty: 'No answers yet',
    colour: '#111111',
    mutedColour: '#777777',
    maxSize: 10,
    minSize: 5,
  };
  // "• " at 10 px: bullet 1087 and space 585 units.
  const indent = at10(1087 + 585);

  it('puts a bullet at the box’s left and each line after it, 1.25 lines apart and 0.35 of a size between answers', () => {
    const texts = bulletBlock({ ...style, items: ['a', 'b'] }, box);
    expect(texts.map(({ x, y, text, size, maxWidth }) => ({ x, y, text, size, maxWidth }))).toEqual([
      { x: 10, y: 30, text: '•', size: 10, maxWidth: expect.closeTo(indent, 10) },
      { x: expect.closeTo(10 + indent, 10), y: 30, text: 'a', size: 10, maxWidth: expect.closeTo(200 - indent, 10) },
      { x: 10, y: 46, text: '•', size: 10, maxWidth: expect.closeTo(indent, 10) },
      { x: expect.closeTo(10 + indent, 10), y: 46, text: 'b', size: 10, maxWidth: expect.closeTo(200 - indent, 10) },
    ]);
    for (const t of texts) expect(t).toMatchObject({ kind: 'text', weight: 'regular', colour: '#111111' });
  });

  it('steps a wrapped answer’s lines down by 1.25 sizes under one bullet', () => {
    const texts = bulletBlock({ ...style, items: ['one two'] }, { ...box, w: indent + 34 });
    expect(texts.map((t) => [t.text, t.y])).toEqual([
      ['•', 30],
      ['one', 30],
      ['two', 42.5],
    ]);
  });

  it('writes a paragraph without bullets from the box’s left edge, across its whole width', () => {
    const texts = bulletBlock({ ...style, items: ['a'], bullets: false }, box);
    expect(texts).toEqual([
      { kind: 'text', x: 10, y: 30, text: 'a', size: 10, weight: 'regular', colour: '#111111', maxWidth: 200 },
    ]);
  });

  it('shows the empty text in the muted colour, at most 10 px', () => {
    expect(bulletBlock({ ...style, maxSize: 11, items: [] }, box)).toEqual([
      {
        kind: 'text',
        x: 10,
        y: 30,
        text: 'No answers yet',
        size: 10,
        weight: 'regular',
        colour: '#777777',
        maxWidth: 200,
      },
    ]);
    expect(bulletBlock({ ...style, maxSize: 8, items: [] }, box)[0]).toMatchObject({ y: 28, size: 8 });
  });

  it('keeps the largest size whose lines fit the box’s height, shrinking in half steps', () => {
    // One line at 10 px takes 12.5 px of height.
    expect(bulletBlock({ ...style, items: ['a'] }, { ...box, h: 12.5 })[0]?.size).toBe(10);
    expect(bulletBlock({ ...style, items: ['a'] }, { ...box, h: 12.48 })[0]?.size).toBe(9.5);
    expect(bulletBlock({ ...style, items: ['a'] }, { ...box, h: 7.5 })[0]?.size).toBe(6);
    expect(bulletBlock({ ...style, items: ['a'] }, { ...box, h: 6.25 })[0]?.size).toBe(5);
  });

  it('at the smallest size, draws what fits and one bold line counting the rest', () => {
    const tight = { ...style, maxSize: 10, minSize: 10 };
    const texts = bulletBlock({ ...tight, items: ['a', 'b', 'c'] }, { ...box, h: 30 });
    expect(texts.map((t) => t.text)).toEqual(['•', 'a', '+ 2 more answers (see the app)']);
    expect(texts.at(-1)).toEqual({
      kind: 'text',
      x: 10,
      y: 46,
      text: '+ 2 more answers (see the app)',
      size: 10,
      weight: 'bold',
      colour: '#777777',
      maxWidth: 200,
      leftOut: 2,
    });
    expect(bulletBlock({ ...tight, items: ['a', 'b'] }, { ...box, h: 25 }).at(-1)?.text).toBe(
      '+ 1 more answer (see the app)',
    );
  });

  it('at the smallest size, cuts a long answer to the lines that fit, ending in "…", and keeps the answers after it', () => {
    const tight = { ...style, maxSize: 10, minSize: 10 };
    // 12.5 px a line, 3.5 px between answers: 4 lines of the long answer, a gap and 'b' fill 66.5 px.
    const texts = bulletBlock({ ...tight, items: ['one two '.repeat(40), 'b'] }, { ...box, h: 66.5 });
    const lines = texts.filter((t) => t.text !== '•').map((t) => t.text);
    expect(lines).toHaveLength(5);
    expect(lines[0]?.startsWith('one two')).toBe(true);
    expect(lines[3]?.endsWith('…')).toBe(true);
    expect(lines[4]).toBe('b');
    for (const t of texts) expect(textWidth(fonts, t.text, t.weight, t.size)).toBeLessThanOrEqual(t.maxWidth + 0.01);
    // A paragraph (the brief's idea) alone in its box shows as many of its lines as fit, never only a count.
    const idea = bulletBlock({ ...tight, bullets: false, items: ['word '.repeat(500)] }, { ...box, h: 40 });
    expect(idea.map((t) => t.text)).toEqual([
      expect.stringMatching(/^word word/),
      expect.stringMatching(/^word/),
      expect.stringMatching(/…$/),
    ]);
  });

  it('cuts every answer to one line before counting, and counts in the words it is given', () => {
    const tight = { ...style, maxSize: 10, minSize: 10 };
    const texts = bulletBlock(
      {
        ...tight,
        items: Array.from({ length: 6 }, (_, i) => `${i} ${'long answer '.repeat(30)}`),
        counted: ['more test', 'more tests'],
      },
      { ...box, h: 50 },
    );
    expect(texts.filter((t) => t.text !== '•').map((t) => t.text)).toEqual([
      expect.stringMatching(/^0 long answer.*…$/),
      expect.stringMatching(/^1 long answer.*…$/),
      '+ 4 more tests (see the app)',
    ]);
  });

  it('tries the smallest size itself when the half steps pass it by, and never counts "0 more"', () => {
    // Three lines at 10.67 px take 3 × 13.33 + 2 × 3.73 = 47.47 px; at 11 px they would need 48.95.
    const floor = { ...style, maxSize: 12, minSize: 32 / 3 };
    const texts = bulletBlock({ ...floor, items: ['a', 'b', 'c'] }, { ...box, h: 47.5 });
    expect(texts.filter((t) => t.text !== '•').map((t) => [t.text, t.size])).toEqual([
      ['a', 32 / 3],
      ['b', 32 / 3],
      ['c', 32 / 3],
    ]);
  });

  it('counts in a few words when the box is too narrow for the whole sentence', () => {
    const tight = { ...style, maxSize: 10, minSize: 10 };
    expect(bulletBlock({ ...tight, items: ['a', 'b', 'c'] }, { ...box, w: 60, h: 30 }).at(-1)).toMatchObject({
      text: '+ 2 more',
      weight: 'bold',
      maxWidth: 60,
    });
  });

  it('keeps the counting line inside the box even when nothing fits', () => {
    const texts = bulletBlock({ ...style, minSize: 10, items: ['a'] }, { ...box, h: 5 });
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ text: '+ 1 more answer (see the app)', y: 25 });
  });
});
