/**
 * The export PDFs as files: their structure checked by qpdf (a strict reader: PDF.js repairs broken files, so a
 * wrong cross-reference table still reads there), and what the writer draws checked as page geometry — each box's
 * position and size on the A4 sheet, its colours and its font — rather than as text alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/domain/questions';
import { briefPages } from './brief-layout';
import { canvasSheet, type SectionAnswers } from './canvas-layout';
import { A4_LANDSCAPE, A4_PORTRAIT, type DrawItem, type Sheet } from './drawing';
import { embedFonts } from './pdf-fonts';
import { buildPdf as buildPdfWith, contentStream as contentStreamWith } from './pdf-writer';
import { testFonts } from './test-fonts';

const fonts = testFonts();
const buildPdf = (sheets: readonly Sheet[], info: Parameters<typeof buildPdfWith>[1]) =>
  buildPdfWith(sheets, info, fonts);
/** A sheet's operators, its text in a subset made for it alone. */
const contentStream = (sheet: Sheet) => contentStreamWith(sheet, embedFonts(fonts, [sheet]));

const created = new Date('2026-11-25T10:04:05Z');
const answersFor = (sections: readonly string[]): SectionAnswers =>
  new Map(sections.map((s) => [s, [`${s} first answer`, `${s} second answer`]]));

const vpSheet = () =>
  canvasSheet(
    {
      type: 'value-proposition',
      startupName: 'Compilers Inc',
      date: 'November 25, 2026',
      answers: answersFor(CATEGORIES['value-proposition']),
    },
    fonts,
  );
const bmSheet = () =>
  canvasSheet(
    {
      type: 'business-model',
      startupName: 'Compilers Inc',
      date: 'November 25, 2026',
      answers: answersFor(CATEGORIES['business-model']),
    },
    fonts,
  );
/** The brief of these answers, which is one page. */
const brief = (): Sheet => {
  const [page, ...more] = briefPages(
    {
      startupName: 'Compilers Inc',
      date: 'November 25, 2026',
      founder: { name: 'Anna Nowak', email: 'anna@compilers.example' },
      setup: {
        website: 'compilers.example',
        stage: 'MVP',
        fundingStatus: 'Angel',
        teamSize: '2-5 people',
        market: 'SaaS · Technology · B2B (businesses)',
      },
      idea: 'Meal plans for busy parents (and their “picky” kids) – €10 a week',
      valueProposition: answersFor(CATEGORIES['value-proposition']),
      businessModel: answersFor(CATEGORIES['business-model']),
      tests: [{ name: 'Customer Interview', status: 'Completed', outcome: 'Success', notes: '8 of 10 said yes' }],
    },
    fonts,
  );
  if (!page || more.length > 0) throw new Error('the brief is not one page');
  return page;
};

/** The file's bytes as one character each, and back: byte offsets stay string offsets, binary streams intact. */
const ascii = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);
const bytesOf = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

// ---- qpdf --check ---------------------------------------------------------------------------------------------

const qpdfFound = spawnSync('qpdf', ['--version']).status === 0;
const inCi = process.env.CI === 'true';
if (!qpdfFound && !inCi) {
  console.warn(
    'pdf-structure.test.ts: qpdf is not installed, so the qpdf --check tests are skipped (apt install qpdf).',
  );
}

const scratch = mkdtempSync(join(tmpdir(), 'preseed-pdf-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function qpdfCheck(bytes: Uint8Array, name: string) {
  const file = join(scratch, `${name}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('qpdf on CI', () => {
  it('is installed wherever CI runs (.ci/run installs it), so the structural checks never skip there', () => {
    if (inCi) expect(qpdfFound, 'qpdf is missing on CI: apt-get install qpdf').toBe(true);
  });
});

describe.skipIf(!qpdfFound)('qpdf --check', () => {
  it.each([
    ['the Value Proposition canvas', () => [vpSheet()]],
    ['the Business Model canvas', () => [bmSheet()]],
    ['the founder brief', () => [brief()]],
    ['three sheets in one file', () => [vpSheet(), bmSheet(), brief()]],
  ])('passes %s without an error or a warning', (name, sheets) => {
    const { status, output } = qpdfCheck(buildPdf(sheets(), { title: `${name} – Łódź 東京`, created }), 'ok');
    expect(output).toContain('No syntax or stream encoding errors found');
    expect(output).not.toMatch(/WARNING/i);
    expect(status).toBe(0);
  });

  it('fails a file whose cross-reference table points one byte off, or whose stream length is wrong', () => {
    const text = ascii(buildPdf([vpSheet()], { title: 'T', created }));
    const entry = text.match(/\n(\d{10}) 00000 n \n/);
    if (!entry?.[1]) throw new Error('no xref entry');
    const shifted = String(Number(entry[1]) + 1).padStart(10, '0');
    const broken = text.replace(`\n${entry[1]} 00000 n \n`, `\n${shifted} 00000 n \n`);
    expect(qpdfCheck(bytesOf(broken), 'xref').status).not.toBe(0);
    // The page's content stream, which qpdf reads through (it leaves font files to the viewer).
    const content = [...text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)].at(-1);
    if (content?.index === undefined) throw new Error('no content stream');
    const wrongLength = `${text.slice(0, content.index)}<< /Length ${Number(content[1]) - 5}${text.slice(content.index + `<< /Length ${content[1]}`.length)}`;
    expect(qpdfCheck(bytesOf(wrongLength), 'length').status).not.toBe(0);
  });
});

// ---- the file's own structure, read back ------------------------------------------------------------------------

describe('the PDF file structure', () => {
  it('has a cross-reference table whose every offset is where its object starts, and a correct startxref', () => {
    const text = ascii(buildPdf([vpSheet(), brief()], { title: 'T', created }));
    expect(text.startsWith('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const startxref = Number(text.match(/startxref\n(\d+)\n%%EOF\n$/)?.[1]);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
    const table = text.slice(startxref).match(/^xref\n0 (\d+)\n0000000000 65535 f \n((?:\d{10} 00000 n \n)+)trailer/);
    expect(table).not.toBeNull();
    const size = Number(table?.[1]);
    // Catalog, page tree, info, five objects per font weight, then a page and its content per sheet.
    expect(size).toBe(1 + 3 + 2 * 5 + 2 * 2);
    const offsets = (table?.[2] ?? '')
      .trim()
      .split('\n')
      .map((line) => Number(line.slice(0, 10)));
    expect(offsets).toHaveLength(size - 1);
    for (const [i, offset] of offsets.entries()) expect(text.slice(offset).startsWith(`${i + 1} 0 obj\n`)).toBe(true);
    expect(text).toContain(`trailer\n<< /Size ${size} /Root 1 0 R /Info 3 0 R >>`);
  });

  it('gives each stream its exact /Length, and each page its sheet’s size in points', () => {
    const sheets = [vpSheet(), brief()];
    const text = ascii(buildPdf(sheets, { title: 'T', created }));
    const streams = [...text.matchAll(/<< \/Length (\d+)( \/Length1 \d+)? >>\nstream\n/g)];
    // Per weight a font file and its ToUnicode map, then one content stream per page.
    expect(streams).toHaveLength(2 * 2 + 2);
    for (const stream of streams) {
      const start = (stream.index ?? 0) + stream[0].length;
      expect(text.slice(start + Number(stream[1]), start + Number(stream[1]) + 11)).toBe('\nendstream\n');
    }
    const embedded = embedFonts(fonts, sheets);
    for (const [i, stream] of streams.slice(-2).entries()) {
      const start = (stream.index ?? 0) + stream[0].length;
      expect(text.slice(start, start + Number(stream[1]))).toBe(contentStreamWith(sheets[i] as Sheet, embedded));
    }
    expect(text).toContain('<< /Type /Pages /Kids [14 0 R 16 0 R] /Count 2 >>');
    // A4 is 595 × 842 points; the sheets are whole CSS pixels (1123 × 794), 3/4 of a point each.
    expect(text).toContain('/MediaBox [0 0 842.25 595.5]');
    expect(text).toContain('/MediaBox [0 0 595.5 842.25]');
    expect(text).toContain('/Resources << /Font << /F1 4 0 R /F2 9 0 R >> >> /Contents 15 0 R');
    expect(text).toContain('/Contents 17 0 R');
  });

  it('names the fonts, and writes the title in UTF-16 and the creation date in UTC', () => {
    const text = ascii(buildPdf([vpSheet()], { title: 'Ab – é', created }));
    expect(text).toMatch(
      /4 0 obj\n<< \/Type \/Font \/Subtype \/Type0 \/BaseFont \/[A-Z]{6}\+DejaVuSansCondensed \/Encoding \/Identity-H \/DescendantFonts \[5 0 R\] \/ToUnicode 8 0 R >>/,
    );
    expect(text).toMatch(
      /9 0 obj\n<< \/Type \/Font \/Subtype \/Type0 \/BaseFont \/[A-Z]{6}\+DejaVuSansCondensed-Bold \/Encoding \/Identity-H \/DescendantFonts \[10 0 R\] \/ToUnicode 13 0 R >>/,
    );
    expect(text).toContain('/FontDescriptor 6 0 R');
    expect(text).toContain('/FontFile2 7 0 R');
    expect(text).toContain(
      '<< /Title <FEFF0041006200202013002000E9> /Producer (Preseed) /CreationDate (D:20261125100405Z) >>',
    );
    expect(ascii(buildPdf([], { title: '', created: new Date('2027-01-02T03:04:05Z') }))).toContain(
      '/CreationDate (D:20270102030405Z)',
    );
  });

  it('is ASCII everywhere but the binary marker and the font files', () => {
    const text = ascii(buildPdf([brief()], { title: 'Łódź 東京', created }));
    expect(text.slice(10, 14)).toBe('\xe2\xe3\xcf\xd3');
    let rest = text.slice(15);
    let fontFiles = 0;
    for (const match of text.slice(15).matchAll(/<< \/Length (\d+) \/Length1 \d+ >>\nstream\n/g)) {
      const start = rest.indexOf(match[0]) + match[0].length;
      rest = rest.slice(0, start) + rest.slice(start + Number(match[1]));
      fontFiles++;
    }
    expect(fontFiles).toBe(2);
    expect([...rest].every((c) => c.charCodeAt(0) < 128)).toBe(true);
  });
});

// ---- what the writer draws --------------------------------------------------------------------------------------

const sheetOf = (...items: DrawItem[]): Sheet => ({ width: 400, height: 200, items });

describe('the content stream, operator by operator', () => {
  it('draws a rectangle from its top-left corner in CSS pixels to points from the bottom left, filled and stroked', () => {
    expect(
      contentStream(
        sheetOf({ kind: 'rect', x: 40, y: 20, w: 100, h: 60, fill: '#eef2ff', stroke: '#6b7280', lineWidth: 1.5 }),
      ),
    ).toBe(['0.93 0.95 1 rg', '0.42 0.45 0.5 RG 1.13 w', '30 90 75 45 re B'].join('\n'));
    expect(contentStream(sheetOf({ kind: 'rect', x: 0, y: 0, w: 400, h: 200, fill: '#ffffff' }))).toBe(
      '1 1 1 rg\n0 0 300 150 re f',
    );
    // A stroke without a width is one pixel wide.
    expect(contentStream(sheetOf({ kind: 'rect', x: 4, y: 8, w: 8, h: 4, stroke: '#000000' }))).toBe(
      '0 0 0 RG 0.75 w\n3 141 6 3 re S',
    );
    expect(contentStream(sheetOf({ kind: 'rect', x: 4, y: 8, w: 8, h: 4 }))).toBe('');
  });

  it('draws a line in its colour and width', () => {
    expect(
      contentStream(sheetOf({ kind: 'line', x1: 0, y1: 200, x2: 400, y2: 0, stroke: '#d1d5db', lineWidth: 2 })),
    ).toBe('0.82 0.84 0.86 RG 1.5 w\n0 0 m 300 150 l S');
  });

  it('draws a circle as four Bézier arcs through its four extremes', () => {
    const ops = contentStream(sheetOf({ kind: 'circle', cx: 200, cy: 100, r: 80, fill: '#ff0000' })).split('\n');
    expect(ops[0]).toBe('1 0 0 rg');
    expect(ops[1]).toBe('210 75 m');
    // The control points sit 0.5523 r from each extreme along its tangent (r = 60 pt → 33.14 pt).
    expect(ops.slice(2, 6)).toEqual([
      '210 41.86 183.14 15 150 15 c',
      '116.86 15 90 41.86 90 75 c',
      '90 108.14 116.86 135 150 135 c',
      '183.14 135 210 108.14 210 75 c',
    ]);
    expect(ops[6]).toBe('h f');
    expect(contentStream(sheetOf({ kind: 'circle', cx: 200, cy: 100, r: 80, stroke: '#000000' })).endsWith('h S')).toBe(
      true,
    );
    expect(contentStream(sheetOf({ kind: 'circle', cx: 200, cy: 100, r: 80 }))).toBe('');
  });

  it('writes text as the subset’s glyph ids at its baseline, which read back as the text through ToUnicode', () => {
    const line = (text: string, weight: 'regular' | 'bold') => {
      const sheet = sheetOf({ kind: 'text', x: 40, y: 100, text, size: 16, weight, colour: '#4338ca', maxWidth: 300 });
      const embedded = embedFonts(fonts, [sheet]);
      const ops = contentStreamWith(sheet, embedded);
      const codes = /<([0-9A-F]*)> Tj ET$/.exec(ops)?.[1] ?? '';
      const readBack = (codes.match(/.{4}/g) ?? [])
        .map((code) => embedded[weight].subset.unicode.get(Number.parseInt(code, 16)) ?? '')
        .join('');
      return { ops, readBack };
    };
    const bold = line('Key (Partners)', 'bold');
    expect(bold.ops).toMatch(/^BT \/F2 12 Tf 0.26 0.22 0.79 rg 30 75 Td <(?:[0-9A-F]{4}){14}> Tj ET$/);
    expect(bold.readBack).toBe('Key (Partners)');
    expect(line('a\\b – € Łódź', 'regular')).toMatchObject({ readBack: 'a\\b – € Łódź' });
    expect(line('a\\b – €', 'regular').ops).toMatch(/^BT \/F1 12 Tf /);
    // Control characters reach the writer as spaces, never as raw bytes.
    expect(line('tab\there', 'regular').readBack).toBe('tab here');
    expect(line('   ', 'regular').ops).toBe('');
  });

  it('squeezes a line wider than its room into it (Tz), as the PNG does, and leaves one that fits as it is', () => {
    const width = fonts.bold.width('Customer', 16);
    const ops = (maxWidth: number) =>
      contentStream(
        sheetOf({
          kind: 'text',
          x: 40,
          y: 100,
          text: 'Customer',
          size: 16,
          weight: 'bold',
          colour: '#000000',
          maxWidth,
        }),
      );
    expect(ops(width)).not.toContain('Tz');
    expect(ops(width * 0.9)).toMatch(/^BT \/F2 12 Tf 90 Tz 0 0 0 rg 30 75 Td <[0-9A-F]+> Tj 100 Tz ET$/);
  });

  it('never writes -0, and rounds to hundredths of a point', () => {
    expect(
      contentStream(
        sheetOf({ kind: 'line', x1: -0.001, y1: 200, x2: 1 / 3, y2: 200, stroke: '#000000', lineWidth: 1 }),
      ),
    ).toBe('0 0 0 RG 0.75 w\n0 0 m 0.25 0 l S');
  });
});

// ---- the layout as geometry on the A4 grid ----------------------------------------------------------------------

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Rectangles drawn with an outline, back in CSS pixels from the top left, read from the PDF's operators. */
function strokedRects(sheet: Sheet): Rect[] {
  const rects: Rect[] = [];
  for (const op of contentStream(sheet).matchAll(/^(\S+) (\S+) (\S+) (\S+) re [BS]$/gm)) {
    const [x, y, w, h] = op.slice(1, 5).map((n) => Number(n) / 0.75) as [number, number, number, number];
    rects.push({ x, y: sheet.height - y - h, w, h });
  }
  return rects;
}

const closeTo = (rect: Rect | undefined, expected: Rect) => {
  expect(rect).toBeDefined();
  for (const key of ['x', 'y', 'w', 'h'] as const) expect(rect?.[key], key).toBeCloseTo(expected[key], 1);
};

/** The sheet's texts whose line includes `text`. */
const textsWith = (sheet: Sheet, text: string) =>
  sheet.items.filter((i): i is Extract<DrawItem, { kind: 'text' }> => i.kind === 'text' && i.text.includes(text));

describe('the Business Model canvas on A4 landscape', () => {
  // 40 px margins; the canvas area starts 62 px under the top margin and ends 40 px over the bottom one.
  const area = { x: 40, y: 102, w: 1043, h: 652 };
  const unit = area.w / 10;
  const rows = [area.y, area.y + 0.35 * area.h, area.y + 0.7 * area.h, area.y + area.h];
  const cell = (col: number, row: number, cols: number, rowSpan: number): Rect => ({
    x: area.x + col * unit,
    y: rows[row] as number,
    w: cols * unit,
    h: (rows[row + rowSpan] as number) - (rows[row] as number),
  });
  const expected: Record<string, Rect> = {
    'Key Partners': cell(0, 0, 2, 2),
    'Key Activities': cell(2, 0, 2, 1),
    'Key Resources': cell(2, 1, 2, 1),
    'Value Propositions': cell(4, 0, 2, 2),
    'Customer Relationships': cell(6, 0, 2, 1),
    Channels: cell(6, 1, 2, 1),
    'Customer Segments': cell(8, 0, 2, 2),
    'Cost Structure': cell(0, 2, 5, 1),
    'Revenue Streams': cell(5, 2, 5, 1),
  };

  it('is an A4 landscape sheet whose nine boxes tile the canvas area, in the PDF as on the sheet', () => {
    const sheet = bmSheet();
    expect([sheet.width, sheet.height]).toEqual([A4_LANDSCAPE.width, A4_LANDSCAPE.height]);
    const rects = strokedRects(sheet);
    expect(rects).toHaveLength(9);
    for (const [i, name] of CATEGORIES['business-model'].entries()) closeTo(rects[i], expected[name] as Rect);
    // Tiled: the boxes' areas add up to the whole area, and none leaves it.
    const total = rects.reduce((sum, r) => sum + r.w * r.h, 0);
    expect(total).toBeCloseTo(area.w * area.h, -1);
    for (const r of rects) {
      expect(r.x).toBeGreaterThanOrEqual(area.x - 0.01);
      expect(r.x + r.w).toBeLessThanOrEqual(area.x + area.w + 0.02);
      expect(r.y + r.h).toBeLessThanOrEqual(area.y + area.h + 0.02);
    }
  });

  it('tints the Value Propositions box and outlines every box in grey', () => {
    const stream = contentStream(bmSheet());
    const fills = [...stream.matchAll(/^(\S+ \S+ \S+) rg\n\S+ \S+ \S+ RG 0.75 w\n\S+ \S+ \S+ \S+ re B$/gm)].map(
      (m) => m[1],
    );
    expect(fills).toEqual(
      CATEGORIES['business-model'].map((name) => (name === 'Value Propositions' ? '0.93 0.95 1' : '1 1 1')),
    );
  });

  it('puts each block’s title in bold accent 8 px inside its box, and its answers inside the box', () => {
    const sheet = bmSheet();
    for (const name of CATEGORIES['business-model']) {
      const box = expected[name] as Rect;
      const [title] = textsWith(sheet, name).filter((t) => t.weight === 'bold');
      expect(title, name).toMatchObject({ x: box.x + 8, size: 12, colour: '#4338ca', weight: 'bold' });
      expect(title?.y).toBeCloseTo(box.y + 8 + 12, 5);
      for (const answer of textsWith(sheet, `${name} first answer`)) {
        expect(answer.x).toBeGreaterThanOrEqual(box.x + 8);
        expect(answer.x + answer.maxWidth).toBeLessThanOrEqual(box.x + box.w - 8 + 0.01);
        expect(answer.y).toBeGreaterThan(title?.y ?? 0);
        expect(answer.y).toBeLessThanOrEqual(box.y + box.h - 8);
        expect(answer).toMatchObject({ size: 11, weight: 'regular', colour: '#111827' });
      }
    }
  });

  it('puts the title, the startup and date, and the credit at fixed places of the sheet', () => {
    const sheet = bmSheet();
    expect(textsWith(sheet, 'Business Model Canvas')[0]).toMatchObject({ x: 40, y: 60, size: 22, weight: 'bold' });
    expect(textsWith(sheet, 'Compilers Inc · November 25, 2026')[0]).toMatchObject({ x: 40, y: 82, size: 13 });
    const credit = textsWith(sheet, 'Business Model Canvas by Strategyzer')[0];
    expect(credit).toMatchObject({ x: 40, size: 9, weight: 'regular', colour: '#4b5563', maxWidth: 1043 });
    // The credit's last line sits on the bottom margin's middle: 20 px above the sheet's edge.
    const lastCredit = sheet.items.at(-1);
    expect(lastCredit?.kind === 'text' && lastCredit.y).toBeCloseTo(794 - 20, 5);
    expect(sheet.items[0]).toEqual({ kind: 'rect', x: 0, y: 0, w: 1123, h: 794, fill: '#ffffff' });
  });
});

describe('the Value Proposition canvas on A4 landscape', () => {
  it('draws the Value Map as a square and the Customer Profile as a circle of the same size, side by side', () => {
    const sheet = vpSheet();
    const [square] = strokedRects(sheet);
    // Area 1043 × 652 at (40, 102); a 25.2 px heading; a gap of 5 % of the width between square and circle.
    const side = (1043 - 1043 * 0.05) / 2;
    closeTo(square, { x: 40, y: 102 + 25.2, w: side, h: side });
    const circle = sheet.items.find((i) => i.kind === 'circle');
    expect(circle).toMatchObject({ kind: 'circle', fill: '#eef2ff', stroke: '#6b7280', lineWidth: 1.5 });
    if (circle?.kind !== 'circle') throw new Error('no circle');
    expect(circle.r * 2).toBeCloseTo(side, 5);
    expect(circle.cx + circle.r).toBeCloseTo(1123 - 40, 5);
    expect(circle.cy).toBeCloseTo(102 + 25.2 + side / 2, 5);
    // In the PDF: the circle starts at its right extreme, on the page's right margin.
    expect(contentStream(sheet)).toContain(`${(1083 * 0.75).toFixed(2).replace(/\.?0+$/, '')} `);
  });

  it('divides the square in three and the circle in three wedges, with the fit arrow between them', () => {
    const sheet = vpSheet();
    const side = (1043 - 1043 * 0.05) / 2;
    const top = 127.2;
    const lines = sheet.items.filter((i) => i.kind === 'line');
    // Square: a vertical line down the middle, a horizontal one across its right half.
    expect(lines[0]).toMatchObject({ x1: 40 + side / 2, y1: top, x2: 40 + side / 2, y2: top + side, lineWidth: 1 });
    expect(lines[1]).toMatchObject({ x1: 40 + side / 2, y1: top + side / 2, x2: 40 + side, y2: top + side / 2 });
    // The arrow spans the middle 60 % of the gap at mid-height, with two heads of two strokes each.
    const gap = 1043 * 0.05;
    expect(lines[2]).toMatchObject({
      x1: 40 + side + gap * 0.2,
      x2: 40 + side + gap * 0.8,
      y1: top + side / 2,
      lineWidth: 2,
    });
    expect(lines.slice(3, 7).map((l) => l.kind === 'line' && [l.x2 - l.x1, l.y2 - l.y1])).toEqual([
      [6, -5],
      [6, 5],
      [-6, -5],
      [-6, 5],
    ]);
    // The circle's three cuts: to 9, 1 and 5 o'clock, each one radius long.
    const r = side / 2;
    const cuts = lines.slice(7);
    expect(cuts).toHaveLength(3);
    for (const [cut, angle] of cuts.map((c, i) => [c, [180, -60, 60][i] as number] as const)) {
      if (cut.kind !== 'line') throw new Error('not a line');
      expect(cut.x2 - cut.x1).toBeCloseTo(r * Math.cos((angle * Math.PI) / 180), 5);
      expect(cut.y2 - cut.y1).toBeCloseTo(r * Math.sin((angle * Math.PI) / 180), 5);
    }
  });

  it('places each section title inside its part of the square or its wedge of the circle', () => {
    const sheet = vpSheet();
    const side = (1043 - 1043 * 0.05) / 2;
    const sq = { x: 40, y: 127.2 };
    const title = (name: string) => textsWith(sheet, name).find((t) => t.weight === 'bold' && t.text === name);
    expect(title('Products & Services')).toMatchObject({ x: sq.x + 8 });
    expect(title('Products & Services')?.y).toBeCloseTo(sq.y + 8 + 12, 5);
    expect(title('Gain Creators')).toMatchObject({ x: sq.x + side / 2 + 8 });
    expect(title('Pain Relievers')?.y).toBeCloseTo(sq.y + side / 2 + 8 + 12, 5);
    const r = side / 2;
    const cx = 1083 - r;
    const cy = sq.y + r;
    expect(title('Customer Gains')?.x).toBeCloseTo(cx - 0.66 * r + 4, 5);
    expect(title('Customer Gains')?.y).toBeCloseTo(cy - 0.68 * r + 4 + 12, 5);
    expect(title('Customer Pains')?.y).toBeCloseTo(cy + 0.08 * r + 4 + 12, 5);
    expect(title('Customer Jobs')?.x).toBeCloseTo(cx + 0.3 * r + 4, 5);
    expect(title('Value Map')).toMatchObject({ x: 40, y: 102 + 14, size: 14 });
    expect(title('Customer Profile')).toMatchObject({ y: 102 + 14, size: 14 });
    expect(title('Customer Profile')?.x).toBeCloseTo(cx - r, 5);
  });
});

describe('the founder brief on A4 portrait', () => {
  it('stacks the facts, idea, both canvases and tests down the page, a rule under each heading', () => {
    const sheet = brief();
    expect([sheet.width, sheet.height]).toEqual([A4_PORTRAIT.width, A4_PORTRAIT.height]);
    const headings = ['Idea', 'Value Proposition Canvas', 'Business Model Canvas', 'Validation tests'].map((label) =>
      textsWith(sheet, label).find((t) => t.text === label && t.size === 15),
    );
    const ys = headings.map((h) => h?.y ?? Number.NaN);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
    for (const h of headings) expect(h).toMatchObject({ x: 40, weight: 'bold', colour: '#4338ca' });
    // Each heading's rule runs the page's width 6 px under its baseline.
    const rules = sheet.items.filter((i) => i.kind === 'line' && i.stroke === '#d1d5db');
    expect(rules.map((r) => r.kind === 'line' && [r.x1, r.y1, r.x2, r.y2])).toEqual(
      ys.map((y) => [40, y + 6, 754, y + 6]),
    );
    expect(textsWith(sheet, 'Compilers Inc')[0]).toMatchObject({ x: 40, y: 60, size: 22, weight: 'bold' });
    // The facts under the title, the idea under the facts, the tests last.
    expect(textsWith(sheet, 'Anna Nowak')[0]?.y).toBeLessThan(ys[0] ?? 0);
    expect(textsWith(sheet, 'Customer Interview (Completed): Success — 8 of 10 said yes')[0]?.y).toBeGreaterThan(
      ys[3] ?? 0,
    );
  });

  it('puts the Customer Profile beside the Value Map, and the canvas’s infrastructure beside its offer', () => {
    const sheet = brief();
    // Two columns of (714 - 24) / 2 = 345 px: the second starts at 40 + 345 + 24.
    const label = (name: string) => textsWith(sheet, name).find((t) => t.text === name && t.weight === 'bold');
    for (const name of ['Customer Jobs', 'Customer Pains', 'Customer Gains', 'Key Partners', 'Cost Structure'])
      expect(label(name)?.x, name).toBe(40);
    for (const name of ['Products & Services', 'Gain Creators', 'Value Propositions', 'Revenue Streams'])
      expect(label(name)?.x, name).toBe(409);
    expect(label('Customer Jobs')?.y).toBeCloseTo(label('Products & Services')?.y ?? 0, 5);
    const answer = textsWith(sheet, 'Customer Jobs first answer')[0];
    expect(answer).toMatchObject({ size: 11, colour: '#111827' });
    expect((answer?.x ?? 0) + (answer?.maxWidth ?? 0)).toBeLessThanOrEqual(40 + 345 + 0.01);
  });
});
