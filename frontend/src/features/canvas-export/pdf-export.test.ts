/**
 * The export sheets as PDF, read back with Mozilla's PDF.js (Firefox's viewer): the answers are there as text, at
 * the places the canvases put them, on one A4 page (the founder brief on as many as it needs).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/domain/questions';
import { type BriefContent, briefPages as briefPagesWith } from './brief-layout';
import {
  CANVAS_CREDITS,
  type CanvasSheetContent,
  canvasSheet as canvasSheetWith,
  type SectionAnswers,
} from './canvas-layout';
import type { Sheet } from './drawing';
import { buildPdf as buildPdfWith, type PdfInfo } from './pdf-writer';
import { testFonts } from './test-fonts';

const fonts = testFonts();
const buildPdf = (sheets: readonly Sheet[], info: PdfInfo) => buildPdfWith(sheets, info, fonts);
const canvasSheet = (content: CanvasSheetContent) => canvasSheetWith(content, fonts);
const briefPages = (content: BriefContent) => briefPagesWith(content, fonts);

const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

interface Run {
  text: string;
  x: number;
  /** From the top of the page, as the layout measures. */
  y: number;
}

async function readPdf(bytes: Uint8Array) {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, verbosity: 0 })
    .promise;
  const page = await doc.getPage(1);
  const [, , width, height] = page.view as [number, number, number, number];
  const content = await page.getTextContent();
  const runs: Run[] = [];
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    runs.push({ text: item.str, x: item.transform[4] as number, y: height - (item.transform[5] as number) });
  }
  const title = ((await doc.getMetadata()).info as { Title?: string }).Title;
  const pageTexts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const items = (await (await doc.getPage(n)).getTextContent()).items;
    pageTexts.push(items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  /** Every page's text, the way `text` reads the first. */
  const allText = pageTexts.join(' ').replace(/\s+/g, ' ');
  // Lines are joined with spaces, so an answer that wrapped onto two lines still reads as written.
  const text = runs
    .map((r) => r.text)
    .join(' ')
    .replace(/\s+/g, ' ');
  return { pages: doc.numPages, width, height, runs, text, allText, title };
}

const at = (runs: readonly Run[], text: string): Run => {
  const run = runs.find((r) => r.text.includes(text));
  if (!run) throw new Error(`"${text}" is not in the PDF`);
  return run;
};

/** 'Customer Jobs' → 'CuJo': answers are one short word each ('CuJo-answer-1'), so none wraps in a narrow block. */
const tag = (section: string) =>
  section
    .split(/\W+/)
    .map((word) => word.slice(0, 2))
    .join('');
const answersFor = (sections: readonly string[], per = 2) =>
  new Map(
    sections.map((s) => [s, Array.from({ length: per }, (_, i) => `${tag(s)}-answer-${i + 1}`)]),
  ) as SectionAnswers;

const created = new Date('2026-11-25T10:00:00Z');
/** PDF.js parses each file in-process: seconds, not milliseconds, when the machine is busy. */
const PDF_JS_TIMEOUT = 30_000;

describe('the Value Proposition canvas as PDF', () => {
  it(
    'writes every answer as text, with the startup, the date and the credit, on one A4 landscape page',
    async () => {
      const answers = answersFor(CATEGORIES['value-proposition']);
      const pdf = await readPdf(
        buildPdf(
          [
            canvasSheet({
              type: 'value-proposition',
              startupName: 'Compilers Inc',
              date: 'November 25, 2026',
              answers,
            }),
          ],
          {
            title: 'Value Proposition Canvas – Compilers Inc',
            created,
          },
        ),
      );
      expect(pdf.pages).toBe(1);
      expect([Math.round(pdf.width), Math.round(pdf.height)]).toEqual([842, 596]);
      for (const list of answers.values()) for (const answer of list) expect(pdf.text).toContain(answer);
      expect(pdf.text).toContain('Value Proposition Canvas');
      expect(pdf.text).toContain('Compilers Inc · November 25, 2026');
      expect(pdf.text).toContain(CANVAS_CREDITS['value-proposition']);
      expect(pdf.title).toBe('Value Proposition Canvas – Compilers Inc');
    },
    PDF_JS_TIMEOUT,
  );

  it(
    'lays the answers out as the canvas: the Value Map square left of the Customer Profile circle',
    async () => {
      const answers = answersFor(CATEGORIES['value-proposition'], 1);
      const { runs } = await readPdf(
        buildPdf([canvasSheet({ type: 'value-proposition', startupName: 'S', date: 'D', answers })], {
          title: 'T',
          created,
        }),
      );
      const products = at(runs, 'PrSe-answer-1');
      const creators = at(runs, 'GaCr-answer-1');
      const relievers = at(runs, 'PaRe-answer-1');
      const jobs = at(runs, 'CuJo-answer-1');
      const gains = at(runs, 'CuGa-answer-1');
      const pains = at(runs, 'CuPa-answer-1');
      // Square: products on the left, gain creators over pain relievers on the right.
      expect(creators.x).toBeGreaterThan(products.x);
      expect(relievers.x).toBeCloseTo(creators.x, 0);
      expect(relievers.y).toBeGreaterThan(creators.y);
      // Circle, right of the square: gains over pains on its left, jobs on its right.
      expect(gains.x).toBeGreaterThan(creators.x);
      expect(pains.y).toBeGreaterThan(gains.y);
      expect(jobs.x).toBeGreaterThan(gains.x);
    },
    PDF_JS_TIMEOUT,
  );

  it(
    'keeps punctuation, accents and typographic quotes, and marks what the export font cannot show',
    async () => {
      const answers = new Map([
        ['Customer Jobs', ['Cook (fast) – “weekday” meals\\ for €10 à la carte']],
        ['Customer Pains', ['Łódź 東京']],
      ]);
      const { text } = await readPdf(
        buildPdf([canvasSheet({ type: 'value-proposition', startupName: 'S', date: 'D', answers })], {
          title: 'T',
          created,
        }),
      );
      expect(text).toContain('Cook (fast) – “weekday” meals\\ for €10 à la carte');
      // Polish is in the font; Chinese is not (decision 022), so each character shows as the replacement mark.
      expect(text).toContain('Łódź \ufffd\ufffd');
    },
    PDF_JS_TIMEOUT,
  );
});

describe('the Business Model canvas as PDF', () => {
  it(
    'writes the nine blocks where Strategyzer puts them, with CC BY-SA credit',
    async () => {
      const answers = answersFor(CATEGORIES['business-model']);
      const pdf = await readPdf(
        buildPdf(
          [canvasSheet({ type: 'business-model', startupName: 'Compilers Inc', date: 'November 25, 2026', answers })],
          {
            title: 'T',
            created,
          },
        ),
      );
      expect(pdf.pages).toBe(1);
      for (const list of answers.values()) for (const answer of list) expect(pdf.text).toContain(answer);
      expect(pdf.text).toContain('CC BY-SA 3.0');
      const x = (s: string) => at(pdf.runs, `${tag(s)}-answer-1`).x;
      const y = (s: string) => at(pdf.runs, `${tag(s)}-answer-1`).y;
      // Left to right across the top: partners, activities, value propositions, relationships, segments.
      expect(x('Key Partners')).toBeLessThan(x('Key Activities'));
      expect(x('Key Activities')).toBeLessThan(x('Value Propositions'));
      expect(x('Value Propositions')).toBeLessThan(x('Customer Relationships'));
      expect(x('Customer Relationships')).toBeLessThan(x('Customer Segments'));
      // Resources under activities, channels under relationships, costs and revenue along the bottom.
      expect(x('Key Resources')).toBeCloseTo(x('Key Activities'), 0);
      expect(y('Key Resources')).toBeGreaterThan(y('Key Activities'));
      expect(y('Channels')).toBeGreaterThan(y('Customer Relationships'));
      expect(y('Cost Structure')).toBeGreaterThan(y('Key Resources'));
      expect(y('Revenue Streams')).toBeCloseTo(y('Cost Structure'), 0);
      expect(x('Revenue Streams')).toBeGreaterThan(x('Cost Structure'));
    },
    PDF_JS_TIMEOUT,
  );

  it(
    'shrinks a crowded block and says how many answers did not fit, instead of running into the next block',
    async () => {
      const crowded = Array.from({ length: 200 }, (_, i) => `Partner number ${i + 1} with a fairly long description`);
      const { text, runs } = await readPdf(
        buildPdf(
          [
            canvasSheet({
              type: 'business-model',
              startupName: 'S',
              date: 'D',
              answers: new Map([['Key Partners', crowded]]),
            }),
          ],
          {
            title: 'T',
            created,
          },
        ),
      );
      expect(text).toContain('Partner number 1 with');
      expect(text).toMatch(/\+ \d+ more answers \(all listed after the canvas\)/);
      const partners = runs.filter((r) => r.text.includes('Partner number'));
      const costsTitle = at(runs, 'Cost Structure');
      for (const run of partners) expect(run.y).toBeLessThan(costsTitle.y);
    },
    PDF_JS_TIMEOUT,
  );
});

describe('the founder brief PDF, an investor brief', () => {
  const spaced = (sections: readonly string[]): SectionAnswers =>
    new Map(sections.map((s) => [s, [`${tag(s)} one`, `${tag(s)} two`]]));
  const setup = {
    website: 'compilers.example',
    stage: 'MVP',
    fundingStatus: 'Angel',
    teamSize: '2-5 people',
    market: 'SaaS · Technology · B2B (businesses)',
  };
  const full = (): BriefContent => ({
    startupName: 'Compilers Inc',
    date: 'November 25, 2026',
    founder: { name: 'Anna Nowak', email: 'anna@compilers.example' },
    setup,
    idea: 'Meal plans for busy parents',
    // Words a narrow wedge can break between, as founders' answers are.
    valueProposition: spaced(CATEGORIES['value-proposition']),
    businessModel: spaced(CATEGORIES['business-model']),
    tests: [
      { name: 'Customer Interview', status: 'Completed', outcome: 'Success', notes: '8 of 10 said yes' },
      { name: 'Landing Page Test', status: 'In Progress', outcome: 'Not Evaluated', notes: null },
    ],
  });
  /** Every font size the page's content stream sets (Tf), in points. */
  const fontSizes = (bytes: Uint8Array) =>
    [...new TextDecoder('latin1').decode(bytes).matchAll(/\/F[12] ([\d.]+) Tf/g)].map((m) => Number(m[1]));

  it(
    'names the startup, the founder and how to reach them, website, stage, funding and team, then idea, canvases and tests',
    async () => {
      const content = full();
      const pdf = await readPdf(buildPdf(briefPages(content), { title: 'Founder brief – Compilers Inc', created }));
      expect(pdf.pages).toBe(1);
      expect([Math.round(pdf.width), Math.round(pdf.height)]).toEqual([596, 842]);
      for (const fact of [
        'Compilers Inc',
        'Founder brief · SaaS · Technology · B2B (businesses) · November 25, 2026',
        'Founder',
        'Anna Nowak',
        'Contact',
        'anna@compilers.example',
        'Website',
        'compilers.example',
        'Stage',
        'MVP',
        'Funding',
        'Angel',
        'Team',
        '2-5 people',
        'Meal plans for busy parents',
        'Customer Interview (Completed): Success — 8 of 10 said yes',
        'Landing Page Test (In Progress): Not Evaluated',
        CANVAS_CREDITS['business-model'],
      ])
        expect(pdf.text).toContain(fact);
      for (const list of [...content.valueProposition.values(), ...content.businessModel.values()])
        for (const answer of list) expect(pdf.text).toContain(answer);
      // Top to bottom: who, the idea, the Value Proposition, the Business Model, the tests.
      const y = (s: string) => at(pdf.runs, s).y;
      expect(y('Anna Nowak')).toBeLessThan(y('Meal plans'));
      expect(y('Meal plans')).toBeLessThan(y('CuJo one'));
      expect(y('CuJo one')).toBeLessThan(y('KePa one'));
      expect(y('KePa one')).toBeLessThan(y('Customer Interview'));
    },
    PDF_JS_TIMEOUT,
  );

  it('writes every line at 8 pt or more, the canvases and the foot included, however much there is', () => {
    const crowded = (s: string) => Array.from({ length: 30 }, (_, i) => `${s} answer ${i} with some words`);
    const sizes = [
      fontSizes(buildPdf(briefPages(full()), { title: 'T', created })),
      fontSizes(
        buildPdf(
          briefPages({
            ...full(),
            valueProposition: new Map(CATEGORIES['value-proposition'].map((s) => [s, crowded(s)])),
            businessModel: new Map(CATEGORIES['business-model'].map((s) => [s, crowded(s)])),
          }),
          { title: 'T', created },
        ),
      ),
    ];
    for (const list of sizes) {
      expect(list.length).toBeGreaterThan(40);
      expect(Math.min(...list)).toBe(8);
    }
  });

  it(
    'is one page when there is little, saying what is not there yet',
    async () => {
      const empty = await readPdf(
        buildPdf(
          briefPages({
            startupName: 'S',
            date: 'D',
            founder: { name: '', email: 'solo@example.com' },
            setup: { website: null, stage: null, fundingStatus: null, teamSize: null, market: null },
            idea: null,
            valueProposition: new Map(),
            businessModel: new Map(),
            tests: [],
          }),
          { title: 'T', created },
        ),
      );
      expect(empty.pages).toBe(1);
      expect(empty.text).toContain('No idea saved yet');
      expect(empty.text).toContain('No answers yet');
      expect(empty.text).toContain('No validation tests started yet');
      expect(empty.text).toContain('No website yet');
      expect(empty.text).toContain('Founder Not given in setup');
      expect(empty.text).toContain('Founder brief · D');
    },
    PDF_JS_TIMEOUT,
  );

  it(
    'continues on further pages however much there is, every answer and test whole, and cuts an overlong fact to one line',
    async () => {
      const long = (s: string) => Array.from({ length: 12 }, (_, i) => `${s} ${i} `.repeat(4).trim());
      const content: BriefContent = {
        ...full(),
        setup: { ...setup, website: `https://example.com/${'very-long-path/'.repeat(20)}` },
        idea: 'A very long idea. '.repeat(60).trim(),
        valueProposition: new Map(CATEGORIES['value-proposition'].map((s) => [s, long(s)])),
        businessModel: new Map(CATEGORIES['business-model'].map((s) => [s, long(s)])),
        tests: Array.from({ length: 20 }, (_, i) => ({
          name: `Test ${i}`,
          status: 'Completed',
          outcome: 'Failure',
          notes: `notes of test ${i}`,
        })),
      };
      const pages = briefPages(content);
      const pdf = await readPdf(buildPdf(pages, { title: 'T', created }));
      expect(pdf.pages).toBeGreaterThan(1);
      expect(pdf.pages).toBe(pages.length);
      for (const run of pdf.runs) expect(run.y).toBeLessThanOrEqual(pdf.height);
      // Nothing counted, nothing cut: every answer is its own bullet (one may go on over a page break), every test
      // whole.
      expect(pdf.allText).not.toMatch(/\+ \d+ more/);
      const answers = [...content.valueProposition.values(), ...content.businessModel.values()].flat();
      for (const answer of answers) expect(pdf.allText).toContain(`• ${answer.split(' ').slice(0, 4).join(' ')}`);
      expect(pdf.allText.match(/•/g)).toHaveLength(answers.length + content.tests.length);
      for (const test of content.tests)
        expect(pdf.allText).toContain(`${test.name} (Completed): Failure — ${test.notes}`);
      expect(pdf.allText).toContain(content.idea ?? '');
      // Each later page says the brief continues, and every page's foot counts the pages.
      expect(pdf.allText).toContain('Compilers Inc (continued)');
      expect(pdf.allText).toContain(`Page ${pages.length} of ${pages.length}`);
      const website = at(pdf.runs, 'https://example.com/');
      expect(website.text.endsWith('…')).toBe(true);
      expect(at(pdf.runs, 'Stage').y).toBeCloseTo(website.y, 0);
      expect(at(pdf.runs, 'MVP').x).toBeGreaterThan(website.x);
    },
    PDF_JS_TIMEOUT,
  );
});
