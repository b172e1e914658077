/**
 * Every script the canvas shows survives the PDF: the text PDF.js extracts from an exported sheet is the text that
 * went in, letter for letter, and qpdf still finds the file sound with the embedded font in it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, describe, expect, it } from 'vitest';
import { canvasSheet } from './canvas-layout';
import type { Sheet } from './drawing';
import { buildPdf } from './pdf-writer';
import { testFonts } from './test-fonts';
import { TrueTypeFont } from './truetype';

const LINES = [
  'Kurierzy Łódź → Poznań ✓',
  'Příliš žluťoučký kůň',
  'İstanbul ğüşıöç',
  'Ελληνικά',
  'ά έ ή ί ό ύ ώ ΐ ΰ Ά Ώ',
  'Привет мир',
  'Україна: і ї є ґ Ї Є Ґ',
  '← ↑ → ↓',
  '€ ✓ • – — “ ” …',
  'Ǆ ǅ ș ț ƒ ǎ ơ ư Ơ Ư',
];

const created = new Date('2026-11-25T10:00:00Z');
const PDF_JS_TIMEOUT = 30_000;

/** One line per text item, top to bottom: the runs PDF.js reads back, each as a whole line. */
async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  const byLine = new Map<number, string>();
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const y = Math.round(item.transform[5] as number);
    byLine.set(y, `${byLine.get(y) ?? ''}${item.str}`);
  }
  return [...byLine.entries()].sort(([a], [b]) => b - a).map(([, text]) => text.trim());
}

const sheetOfLines = (lines: readonly string[], weight: 'regular' | 'bold'): Sheet => ({
  width: 794,
  height: 1123,
  items: lines.map((text, i) => ({
    kind: 'text',
    x: 40,
    y: 60 + i * 30,
    text,
    size: 16,
    weight,
    colour: '#111827',
    maxWidth: 700,
  })),
});

describe('text in every script the canvas shows', () => {
  it.each(['regular', 'bold'] as const)(
    'reads back exactly as written, in %s',
    async (weight) => {
      const bytes = buildPdf([sheetOfLines(LINES, weight)], { title: 'Łódź', created }, testFonts());
      expect(await pdfLines(bytes)).toEqual(LINES);
    },
    PDF_JS_TIMEOUT,
  );

  it(
    'reads back a canvas whose answers are in Polish, Greek and Cyrillic, wrapped lines included',
    async () => {
      const answers = new Map([
        ['Customer Segments', ['Kurierzy Łódź → Poznań ✓', 'Ελληνικά και Привет мир']],
        ['Channels', ['Příliš žluťoučký kůň úpěl ďábelské ódy, İstanbul ğüşıöç']],
      ]);
      const sheet = canvasSheet(
        { type: 'business-model', startupName: 'Żabka Ltd', date: 'November 25, 2026', answers },
        testFonts(),
      );
      const doc = await getDocument({ data: buildPdf([sheet], { title: 'T', created }, testFonts()), verbosity: 0 })
        .promise;
      const items = (await (await doc.getPage(1)).getTextContent()).items;
      const text = items
        .map((i) => ('str' in i ? i.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ');
      for (const answer of [...answers.values()].flat()) expect(text).toContain(answer);
      expect(text).toContain('Żabka Ltd · November 25, 2026');
      expect(text).not.toContain('?');
    },
    PDF_JS_TIMEOUT,
  );

  it(
    'prints a character the font lacks (Chinese, emoji) as one replacement mark each and keeps the rest of the line',
    async () => {
      const line = 'Łódź 東京 🚀 ❤️ 👍🏽 end → ✓';
      const bytes = buildPdf([sheetOfLines([line, 'next line'], 'regular')], { title: 'T', created }, testFonts());
      expect(await pdfLines(bytes)).toEqual(['Łódź \uFFFD\uFFFD \uFFFD \uFFFD \uFFFD end → ✓', 'next line']);
    },
    PDF_JS_TIMEOUT,
  );

  it('says which characters it draws: the PNG paints these, so it shows the replacement mark where the PDF does', () => {
    const { regular, bold } = testFonts();
    for (const font of [regular, bold]) {
      expect(font.drawnText('Łódź 東京 🚀 ❤️ 👍🏽 end')).toBe('Łódź \uFFFD\uFFFD \uFFFD \uFFFD \uFFFD end');
      expect(font.drawnText('n\u0301 a\tb')).toBe('ń a b');
      for (const line of LINES) expect(font.drawnText(line)).toBe(line);
      expect(font.glyphs(font.drawnText('東 ❤️'))).toEqual(font.glyphs('東 ❤️'));
    }
  });

  it('draws a character the font lacks as the replacement mark, and a decomposed letter as its composed glyph', () => {
    const fonts = testFonts();
    const { regular } = fonts;
    expect(regular.glyphs('東')).toEqual([regular.glyphOf(0xfffd)]);
    // 'ń' typed as n + combining acute is drawn with the font's ń.
    expect(regular.glyphs('n\u0301')).toEqual([regular.glyphOf(0x144)]);
    expect(regular.glyphs('a\tb\nc')).toEqual(regular.glyphs('a b c'));
  });
});

describe('the embedded font', () => {
  const bytes = buildPdf([sheetOfLines(LINES, 'regular')], { title: 'T', created }, testFonts());
  const text = new TextDecoder('latin1').decode(bytes);

  it('is a Type0 font with Identity-H over a CIDFontType2 subset, with widths from the font and a ToUnicode map', () => {
    expect(text).toMatch(/\/Subtype \/Type0 \/BaseFont \/[A-Z]{6}\+DejaVuSansCondensed \/Encoding \/Identity-H/);
    expect(text).toMatch(/\/Subtype \/Type0 \/BaseFont \/[A-Z]{6}\+DejaVuSansCondensed-Bold \/Encoding \/Identity-H/);
    expect(text).toContain('/Subtype /CIDFontType2');
    expect(text).toContain('/CIDToGIDMap /Identity');
    expect(text).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(text).toContain('beginbfchar');
    // The Ł the text uses maps back to U+0141.
    expect(text).toMatch(/<[0-9A-F]{4}> <0141>/);
    const regular = testFonts().regular;
    const widths =
      text
        .match(/\/W \[0 \[([\d ]+)\]\]/)?.[1]
        ?.split(' ')
        .map(Number) ?? [];
    // .notdef, each distinct glyph of LINES, and the glyphs accented letters are built from (Ł is L and a stroke).
    const subset = regular.subset(LINES);
    expect(widths).toEqual(subset.widths);
    expect(widths.length).toBeGreaterThan(new Set(regular.glyphs(LINES.join(' '))).size);
    const lStroke = subset.newId.get(regular.glyphOf(0x141)) as number;
    expect(widths[lStroke]).toBe(Math.round((regular.advance(regular.glyphOf(0x141)) * 1000) / regular.unitsPerEm));
    expect(subset.unicode.get(lStroke)).toBe('Ł');
  });

  it('writes a subset that reads back as a font: the same advances under the new ids, accent parts included', () => {
    const { regular } = testFonts();
    const subset = regular.subset(['Łódź ✓']);
    const back = new TrueTypeFont(subset.bytes);
    expect(back.unitsPerEm).toBe(regular.unitsPerEm);
    expect(back.postScriptName).toBe('DejaVuSansCondensed');
    expect([...subset.newId.values()].sort((a, b) => a - b)).toEqual([...Array(subset.newId.size).keys()]);
    for (const [old, id] of subset.newId) expect(back.advance(id)).toBe(regular.advance(old));
    // .notdef, Ł ó d ź space ✓, and the parts the accented letters are built from.
    expect(subset.newId.size).toBeGreaterThan(new Set(regular.glyphs('Łódź ✓')).size + 1);
    expect(subset.widths).toEqual(
      [...subset.newId.keys()].map((old) => Math.round((regular.advance(old) * 1000) / regular.unitsPerEm)),
    );
  });

  it('holds only the glyphs the document uses, a small part of the packaged font', () => {
    const fontFile = text.match(/<< \/Length (\d+) \/Length1 (\d+) >>/);
    expect(Number(fontFile?.[1])).toBe(Number(fontFile?.[2]));
    expect(Number(fontFile?.[1])).toBeLessThan(30_000);
    expect(bytes.length).toBeLessThan(60_000);
  });

  const qpdfFound = spawnSync('qpdf', ['--version']).status === 0;
  const scratch = mkdtempSync(join(tmpdir(), 'preseed-pdf-unicode-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it.skipIf(!qpdfFound)('passes qpdf --check without an error or a warning', () => {
    const file = join(scratch, 'unicode.pdf');
    writeFileSync(file, bytes);
    const run = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`).toContain('No syntax or stream encoding errors found');
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/WARNING/i);
    expect(run.status).toBe(0);
  });
});
