/**
 * Every Validate tool's export read back with PDF.js: its page count (the One Pager exactly one, long answers
 * flowing onto further pages elsewhere), its text in reading order, and the export font embedded; the PNG's size
 * at 1×, 2× and 3×.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRow } from '#shared/domain/tool-answers';
import { builtInQuestions } from '#shared/domain/tool-questions';
import { TOOL_IDS, type ToolId, toolOf } from '#shared/domain/validate-tools';
import type { Sheet } from './drawing';
import { paintSheet } from './paint-2d';
import { buildPdf } from './pdf-writer';
import { PNG_SCALES } from './png-scale';
import { PAGE_GAP, stackPages } from './stack-pages';
import { testFonts } from './test-fonts';
import { toolSections } from './tool-content';
import { TOOL_ANSWERS, toolAnswerViews } from './tool-fixtures';
import { toolPages } from './tool-layouts';

const fonts = testFonts();
const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
const PDF_JS_TIMEOUT = 60_000;

type Answers = Record<string, readonly string[]>;

function pagesOf(tool: ToolId, answers: Answers = TOOL_ANSWERS[tool]) {
  const content = {
    tool: toolOf(tool),
    startupName: 'Compilers Inc',
    date: 'November 27, 2026',
    sections: toolSections(tool, builtInQuestions(tool), toolAnswerViews(tool, answers)),
  };
  return toolPages(content, fonts);
}

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

/** Each page's text, lines joined by spaces in the order PDF.js reads them. */
async function readPdf(pages: readonly Sheet[]) {
  const bytes = buildPdf(pages, { title: 'T', created: new Date('2026-11-27T10:00:00Z') }, fonts);
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, verbosity: 0 })
    .promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    texts.push(
      content.items
        .map((i) => ('str' in i ? i.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  return { count: doc.numPages, texts, all: texts.join(' '), raw: latin1(bytes) };
}

/** The parts appear in this order in the text. */
function expectInOrder(text: string, parts: readonly string[]) {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `"${part}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}

/** What each tool's export must read, in this order. */
const READS: Record<ToolId, readonly string[]> = {
  branding: [
    'Branding',
    'Compilers Inc · November 27, 2026',
    'Name',
    'Compilers Inc',
    'Positioning',
    'Dinner decided in five minutes.',
    'Voice',
    'Warm',
    'Plan once, eat all week',
  ],
  'industry-insights': [
    'Criteria',
    'Time to plan',
    'Comparison',
    'Criterion Us HelloFresh Paper lists',
    'Time to plan Five minutes, your own menu No planning, fixed menu An hour on Sunday',
    'Price per week €10 €60 –',
    'Trends',
    'Grocery delivery keeps growing',
  ],
  swot: [
    'SWOT Analysis',
    'Strengths',
    'A recipe engine we built',
    'Weaknesses',
    'No marketing budget',
    'Opportunities',
    'Threats',
    'Supermarkets launch their own planners',
  ],
  pestel: [
    'Pestel Analysis',
    'Political',
    'School meal subsidies',
    'Impact: Low',
    'What it means for us: Fewer dinners',
    'Economic',
    'Food inflation',
    'Social',
    'Technological',
    'Environmental',
    'Legal',
    'GDPR',
  ],
  'market-research': [
    'Market Research',
    'Method: Bottom-up · Currency: EUR',
    'TAM · Total addressable market €120 M a year',
    'SAM · Serviceable available market €30 M a year 25 % of the TAM',
    'Worked calculation',
    'TAM = 1,000,000 customers × EUR 120 a year = EUR 120,000,000 a year',
    'SAM = EUR 30,000,000 a year = 25 % of the TAM',
    'SOM = EUR 1,500,000 a year = 5 % of the SAM',
    'Checks',
    '✓ The numbers add up: SOM ≤ SAM ≤ TAM, every amount in EUR a year.',
    'Customers in the whole market 1,000,000 customers',
    'Eurostat household count',
  ],
  'one-pager': [
    'Compilers Inc',
    'Business One Pager · November 27, 2026',
    'Problem',
    'Parents spend an hour',
    'Solution',
    'Customers',
    'Market size',
    'Business model',
    'Traction',
    'Customer Interview: 8 of 10 would pay',
    'Team',
    'The ask',
    '€500,000 for 18 months',
  ],
  'product-requirements': [
    'Problem and users',
    'Parents',
    'Scope',
    'A week menu in one tap',
    'Non-goals',
    'Calorie counting',
    'Success',
    'Weekly active families',
  ],
  'path-to-mvp': [
    'The MVP',
    'A web app that plans one week',
    'Milestones',
    '2027-01-15 Clickable prototype Depends on: Customer Interview',
    '2027-03-01 Private beta with 20 families',
    '2027-06-01 Public launch',
  ],
  'market-plan': [
    'Targets',
    'Working parents',
    'Instagram',
    'Currency',
    'EUR',
    'Plan',
    'Channel Segment Budget Target',
    'Instagram Working parents €2,000 200 sign-ups',
    'Total budget: €2,500',
  ],
  'go-to-market': [
    'Beachhead',
    'Parents at three Berlin schools.',
    'Pricing',
    'Launch',
    'Beta at one school 2027-03-01',
    'First 100 customers',
    'School newsletters',
  ],
};

describe('every tool as PDF, in its layout', () => {
  it.each(TOOL_IDS.map((t) => [t]))(
    '%s: one page of its layout, its text in reading order, the export font embedded',
    async (tool) => {
      const { pages, shortened } = pagesOf(tool);
      expect(shortened).toEqual([]);
      const pdf = await readPdf(pages);
      expect(pdf.count).toBe(tool === 'market-research' ? 2 : 1);
      expectInOrder(pdf.all, READS[tool]);
      // Both weights of DejaVu Sans Condensed travel in the file as subsets; no text falls back to a viewer font.
      expect(pdf.raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSansCondensed /);
      expect(pdf.raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSansCondensed-Bold /);
      expect(pdf.raw.match(/\/FontFile2 /g)).toHaveLength(2);
      // Each page's foot names the tool and the page; the investor's one page carries the startup's name alone.
      const foot = `${toolOf(tool).title} · Compilers Inc · November 27, 2026 · Page ${pdf.count} of ${pdf.count}`;
      if (tool === 'one-pager') expect(pdf.all).not.toContain('Page 1 of 1');
      else expect(pdf.texts.at(-1)).toContain(foot);
    },
    PDF_JS_TIMEOUT,
  );

  it(
    'prints every script a founder writes in a tool: Polish, Romanian, Vietnamese, Greek, Ukrainian, arrows, signs',
    async () => {
      const world = ['Kurierzy Łódź → Poznań ✓', 'ș ț ǎ ơ ư', 'Ελληνικά ά ΐ', 'Україна і ї є ґ', '€ – — “ours” …'];
      for (const [tool, field] of [
        ['swot', 'strengths'],
        ['one-pager', 'problem'],
      ] as const) {
        const pdf = await readPdf(pagesOf(tool, { ...TOOL_ANSWERS[tool], [field]: world }).pages);
        for (const line of world) expect(pdf.all).toContain(line);
        expect(pdf.all).not.toMatch(/[?\uFFFD]/u);
      }
    },
    PDF_JS_TIMEOUT,
  );

  it('draws SWOT as a 2 × 2 grid and PESTEL as six columns, side by side on an A4 landscape sheet', () => {
    const boxes = (tool: ToolId) =>
      (pagesOf(tool).pages[0] as Sheet).items.filter((i) => i.kind === 'rect' && i.stroke && i.fill === undefined);
    const grid = boxes('swot');
    expect(grid).toHaveLength(4);
    const xs = new Set(grid.map((b) => (b.kind === 'rect' ? Math.round(b.x) : 0)));
    const ys = new Set(grid.map((b) => (b.kind === 'rect' ? Math.round(b.y) : 0)));
    expect([xs.size, ys.size]).toEqual([2, 2]);
    const columns = boxes('pestel');
    expect(columns).toHaveLength(6);
    expect(new Set(columns.map((b) => (b.kind === 'rect' ? Math.round(b.y) : 0))).size).toBe(1);
    expect(pagesOf('swot').pages[0]).toMatchObject({ width: 1123, height: 794 });
    expect(pagesOf('branding').pages[0]).toMatchObject({ width: 794, height: 1123 });
  });

  it('draws Market Research as three nested circles, each inside the one around it', () => {
    const circles = (pagesOf('market-research').pages[0] as Sheet).items.flatMap((i) =>
      i.kind === 'circle' ? [i] : [],
    );
    expect(circles).toHaveLength(3);
    for (const [outer, inner] of [
      [circles[0], circles[1]],
      [circles[1], circles[2]],
    ] as const) {
      if (!outer || !inner) throw new Error('missing circle');
      expect(inner.r).toBeLessThan(outer.r);
      expect(Math.hypot(inner.cx - outer.cx, inner.cy - outer.cy) + inner.r).toBeLessThanOrEqual(outer.r + 0.01);
    }
  });

  it(
    'says when Market Research does not add up, with the sheet’s currency',
    async () => {
      const answers = { ...TOOL_ANSWERS['market-research'], sam: ['200000000'], currency: ['USD'] };
      const pdf = await readPdf(pagesOf('market-research', answers).pages);
      expect(pdf.all).toContain(
        'Does not add up: The SAM (USD 200,000,000 a year) cannot be larger than the TAM (USD 120,000,000 a year).',
      );
      expect(pdf.all).not.toContain('The numbers add up');
      const empty = await readPdf(pagesOf('market-research', {}).pages);
      expect(empty.all).toContain('Nothing to calculate yet');
      expect(empty.all).toContain('Missing: Choose the method: top-down or bottom-up.');
    },
    PDF_JS_TIMEOUT,
  );
});

const many = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}: ${'a longer line of words '.repeat(3)}end`);

describe('long content', () => {
  it(
    'flows a document onto further pages, every answer kept, each later page saying it continues',
    async () => {
      const answers = { ...TOOL_ANSWERS['product-requirements'], 'must-haves': many('Must', 60) };
      const { pages } = pagesOf('product-requirements', answers);
      const pdf = await readPdf(pages);
      expect(pdf.count).toBeGreaterThan(1);
      for (const answer of answers['must-haves']) expect(pdf.all).toContain(answer.slice(0, 8));
      expect(pdf.all).toContain('Must 60:');
      expect(pdf.texts[1]).toMatch(/^Product Requirements \(continued\)/);
      expectInOrder(pdf.all, ['Must 1:', 'Must 30:', 'Must 60:', 'Non-goals', 'Success metrics']);
    },
    PDF_JS_TIMEOUT,
  );

  it(
    'continues a SWOT quadrant that does not fit on the next page, and repeats a long table’s header there',
    async () => {
      const swot = await readPdf(pagesOf('swot', { strengths: many('Strength', 40) }).pages);
      expect(swot.count).toBe(2);
      expect(swot.texts[0]).toMatch(/Continued on the next page \(\d+ more\)/);
      expect(swot.texts[1]).toContain('Strengths (continued)');
      expect(swot.all).toContain('Strength 40:');
      const plan = Array.from({ length: 60 }, (_, i) => formatRow([`Channel ${i + 1}`, 'Parents', '100', 'Sign-ups']));
      const table = await readPdf(pagesOf('market-plan', { currency: ['EUR'], plan }).pages);
      expect(table.count).toBeGreaterThan(1);
      expect(table.texts[1]).toContain('Channel Segment Budget Target');
      expect(table.all).toContain('Total budget: €6,000');
    },
    PDF_JS_TIMEOUT,
  );

  it(
    'grows a SWOT quadrant into the room its row-mates leave, before anything continues overleaf',
    async () => {
      const answers = { ...TOOL_ANSWERS.swot, strengths: many('Strength', 25) };
      const { pages } = pagesOf('swot', answers);
      expect(pages).toHaveLength(1);
      const pdf = await readPdf(pages);
      expect(pdf.all).not.toMatch(/Continued on the next page|\+ \d+ more/);
      for (const answer of answers.strengths) expect(pdf.all).toContain(answer.slice(0, 12));
      const boxes = (pages[0] as Sheet).items.flatMap((i) =>
        i.kind === 'rect' && i.stroke && i.fill === undefined ? [i] : [],
      );
      // The strengths' row takes what the other row does not need; with everything short, the rows are even.
      expect(boxes[0]?.h).toBeGreaterThan((boxes[2]?.h ?? 0) * 2);
      const even = (pagesOf('swot').pages[0] as Sheet).items.flatMap((i) =>
        i.kind === 'rect' && i.stroke && i.fill === undefined ? [i.h] : [],
      );
      expect(new Set(even.map((h) => Math.round(h))).size).toBe(1);
    },
    PDF_JS_TIMEOUT,
  );

  it(
    'keeps the One Pager to exactly one page: what does not fit ends in “…” and is named',
    async () => {
      const answers = {
        ...TOOL_ANSWERS['one-pager'],
        problem: [many('Problem', 1)[0]?.repeat(6) ?? ''],
        traction: many('Test', 60),
      };
      const { pages, shortened } = pagesOf('one-pager', answers);
      expect(pages).toHaveLength(1);
      expect(shortened).toEqual(['Traction']);
      const pdf = await readPdf(pages);
      expect(pdf.count).toBe(1);
      expect(pdf.all).toContain('…');
      expect(pdf.all).not.toContain('Test 60:');
      // The short parts keep all their words, in their column: the ask still closes the right-hand column.
      expectInOrder(pdf.all, ['Compilers Inc', 'Problem', 'Solution', 'Customers', 'Market size']);
      expect(pdf.all).toContain('€500,000 for 18 months: launch in three countries.');
      const both = pagesOf('one-pager', { ...answers, solution: [many('Solution', 1)[0]?.repeat(60) ?? ''] });
      expect(both.shortened).toEqual(['Solution', 'Traction']);
    },
    PDF_JS_TIMEOUT,
  );
});

describe('the PNG', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is the pages one under another, at 1×, 2× and 3× their CSS pixels', () => {
    const painted: string[] = [];
    const context = new Proxy({} as CanvasRenderingContext2D, {
      get: (_, name) => (name === 'fillText' ? (t: string) => painted.push(t) : () => undefined),
      set: () => true,
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
    const { pages } = pagesOf('product-requirements', { 'must-haves': many('Must', 60) });
    expect(pages.length).toBeGreaterThan(1);
    const sheet = stackPages(pages);
    expect(sheet.width).toBe(794);
    expect(sheet.height).toBe(1123 * pages.length + PAGE_GAP * (pages.length - 1));
    for (const scale of PNG_SCALES) {
      const canvas = document.createElement('canvas');
      paintSheet(canvas, sheet, scale, fonts);
      expect([canvas.width, canvas.height]).toEqual([794 * scale, sheet.height * scale]);
    }
    expect(painted).toContain('Product Requirements (continued)');
    const one = pagesOf('one-pager').pages;
    expect(stackPages(one)).toBe(one[0]);
  });

  it('paints the characters the PDF prints: one the export font lacks is its replacement mark, not left blank', () => {
    const painted: string[] = [];
    const context = new Proxy({} as CanvasRenderingContext2D, {
      get: (_, name) => (name === 'fillText' ? (t: string) => painted.push(t) : () => undefined),
      set: () => true,
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
    const { pages } = pagesOf('swot', { strengths: ['Kurierzy Łódź 東京 🚀 ❤️ ✓'] });
    paintSheet(document.createElement('canvas'), stackPages(pages), 1, fonts);
    expect(painted).toContain('Kurierzy Łódź \uFFFD\uFFFD \uFFFD \uFFFD ✓');
    expect(painted.join(' ')).not.toMatch(/[東京🚀❤]/u);
  });
});
