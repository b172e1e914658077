/**
 * The investor documents read back as a reader gets them: the brief, the One Pager and every tool's PDF, each made
 * from a full founder and from a sparse one. Whatever the founder wrote is on the pages (none of it cut or counted
 * while there is room), every entry of a list starts a line of its own, and no amount is left as raw digits.
 * With PRESEED_RENDER_DIR set, the PDFs are also written there, to look at (docs/images/documents/ shows four).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { formatQuotedAmounts } from '#shared/domain/money';
import { builtInQuestions } from '#shared/domain/tool-questions';
import { TOOL_IDS, type ToolId, toolOf } from '#shared/domain/validate-tools';
import { type BriefContent, briefPages } from './brief-layout';
import { CANVAS_BLOCKS, FULL_BRIEF, FULL_ONE_PAGER, SPARSE_BRIEF, SPARSE_ONE_PAGER } from './document-fixtures';
import type { Sheet } from './drawing';
import { buildPdf } from './pdf-writer';
import { testFonts } from './test-fonts';
import { type ExportSection, toolSections } from './tool-content';
import { TOOL_ANSWERS, toolAnswerViews } from './tool-fixtures';
import { toolPages } from './tool-layouts';

const fonts = testFonts();
const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
const PDF_JS_TIMEOUT = 120_000;
const RENDER_DIR = process.env.PRESEED_RENDER_DIR;

type Answers = Record<string, readonly string[]>;

/** Each page's text runs as PDF.js reads them: one per line the layout drew, its bullet taken off. */
async function readBack(name: string, sheets: readonly Sheet[]) {
  const bytes = buildPdf(sheets, { title: name, created: new Date('2026-11-27T10:00:00Z') }, fonts);
  if (RENDER_DIR) {
    mkdirSync(RENDER_DIR, { recursive: true });
    writeFileSync(join(RENDER_DIR, `${name}.pdf`), bytes);
  }
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, verbosity: 0 })
    .promise;
  const lines: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    for (const item of (await (await doc.getPage(n)).getTextContent()).items)
      if ('str' in item && item.str.trim()) lines.push(item.str.replace(/^\s*•\s*/, '').trim());
  }
  return { pages: doc.numPages, lines, text: lines.join(' ').replace(/\s+/g, ' ') };
}

/** What an entry's first line starts with: its first words, as printed (amounts formatted). */
const opening = (entry: string) => formatQuotedAmounts(entry).split(/\s+/).slice(0, 4).join(' ');

/** Each entry starts a printed line of its own: none runs on from the entry before it. */
function expectEachOnItsOwnLine(lines: readonly string[], entries: readonly string[]) {
  for (const entry of entries) {
    const start = opening(entry);
    expect(
      lines.some((line) => line.startsWith(start)),
      `"${start}" does not start a line`,
    ).toBe(true);
  }
}

/** Nothing left out while the page has room: no "+ 3 more", no "continued", no answer cut with "…". */
function expectNothingDropped(text: string) {
  expect(text).not.toMatch(/\+ \d+ more/);
  expect(text).not.toMatch(/Continued on the next page/);
  expect(text).not.toContain('…');
}

function expectAmountsFormatted(text: string) {
  expect(text.match(/\d{5,}/g) ?? []).toEqual([]);
}

function briefEntries(content: BriefContent): string[] {
  return [
    ...(content.idea?.split('\n') ?? []),
    ...[...content.valueProposition.values(), ...content.businessModel.values()].flat(),
    ...content.tests.map((t) => `${t.name} (${t.status}): ${t.outcome}`),
    ...(content.tools ?? []).map((t) => `${t.title}: ${t.line}`),
  ];
}

describe('the founder brief', () => {
  it(
    'from a full founder: every answer its own bullet, over a second page rather than cut or counted',
    async () => {
      const pages = briefPages(FULL_BRIEF, fonts);
      const pdf = await readBack('brief-full', pages);
      expect(pdf.pages).toBe(pages.length);
      expect(pdf.pages).toBeLessThanOrEqual(2);
      expectEachOnItsOwnLine(pdf.lines, briefEntries(FULL_BRIEF));
      for (const block of CANVAS_BLOCKS) expect(pdf.lines, block).toContain(block);
      expect(pdf.text).toContain('Market Research: TAM £71.4 M · SAM £12 M · SOM £950,000 a year');
      expectNothingDropped(pdf.text);
      expectAmountsFormatted(pdf.text);
    },
    PDF_JS_TIMEOUT,
  );

  it(
    'from a sparse founder: one page, saying what is not there yet',
    async () => {
      const pdf = await readBack('brief-sparse', briefPages(SPARSE_BRIEF, fonts));
      expect(pdf.pages).toBe(1);
      expectEachOnItsOwnLine(pdf.lines, briefEntries(SPARSE_BRIEF));
      for (const note of ['No idea saved yet', 'No answers yet', 'No validation tests started yet', 'No website yet'])
        expect(pdf.text).toContain(note);
      expectNothingDropped(pdf.text);
    },
    PDF_JS_TIMEOUT,
  );

  it(
    'from a founder who wrote more than a page: the first page filled to its foot before the second starts',
    async () => {
      const more = (answers: BriefContent['valueProposition']) =>
        new Map(
          [...answers].map(([block, list]) => [block, [...list, ...list.map((a) => `${a}, again in more words`)]]),
        );
      const long: BriefContent = {
        ...FULL_BRIEF,
        valueProposition: more(FULL_BRIEF.valueProposition),
        businessModel: more(FULL_BRIEF.businessModel),
      };
      const pages = briefPages(long, fonts);
      expect(pages).toHaveLength(2);
      // The first page's lowest answer line sits within two lines of the foot: no room was left empty on it.
      const lowest = Math.max(
        ...(pages[0] as Sheet).items.flatMap((i) => (i.kind === 'text' && i.size === 11 ? [i.y] : [])),
      );
      const footTop = 1123 - 40 - 24;
      expect(footTop - lowest).toBeLessThan(2 * 11 * 1.3 + 11 * 0.35 + 1);
      const pdf = await readBack('brief-long', pages);
      expectEachOnItsOwnLine(pdf.lines, briefEntries(long));
      expectNothingDropped(pdf.text);
      expectAmountsFormatted(pdf.text);
      expect(pdf.text).toContain('Compilers Inc (continued)');
    },
    PDF_JS_TIMEOUT,
  );
});

function content(tool: ToolId, answers: Answers) {
  return {
    tool: toolOf(tool),
    startupName: 'Compilers Inc',
    date: 'November 27, 2026',
    sections: toolSections(tool, builtInQuestions(tool), toolAnswerViews(tool, answers)),
  };
}

/** The lines of each list, paragraph and text field the founder answered: each must start a line. */
const fieldEntries = (sections: readonly ExportSection[]) =>
  sections.flatMap((s) =>
    s.fields.flatMap((f) =>
      f.builtIn && ['list', 'paragraph', 'text'].includes(f.kind) ? f.values.flatMap((v) => v.split('\n')) : [],
    ),
  );

/** A sparse founder's tool: its first field answered, nothing else. */
function sparse(tool: ToolId): Answers {
  const [first] = Object.entries(TOOL_ANSWERS[tool]);
  return first ? { [first[0]]: first[1] } : {};
}

const DOCUMENTS: [string, ToolId, Answers][] = [
  ['one-pager-full', 'one-pager', FULL_ONE_PAGER],
  ['one-pager-sparse', 'one-pager', SPARSE_ONE_PAGER],
  ...TOOL_IDS.flatMap((tool): [string, ToolId, Answers][] => [
    [`tool-${tool}-full`, tool, TOOL_ANSWERS[tool]],
    [`tool-${tool}-sparse`, tool, sparse(tool)],
  ]),
];

describe('every tool’s PDF, from a full founder and a sparse one', () => {
  it.each(DOCUMENTS)(
    '%s: every entry on a line of its own, nothing cut or counted, every amount formatted',
    async (name, tool, answers) => {
      const sheet = content(tool, answers);
      const { pages, shortened } = toolPages(sheet, fonts);
      expect(shortened).toEqual([]);
      const pdf = await readBack(name, pages);
      expectEachOnItsOwnLine(pdf.lines, fieldEntries(sheet.sections));
      expectNothingDropped(pdf.text);
      expectAmountsFormatted(pdf.text);
    },
    PDF_JS_TIMEOUT,
  );

  it(
    'prints the One Pager’s market size one line per figure, each amount in the locale with its currency',
    async () => {
      const pdf = await readBack('one-pager-market', toolPages(content('one-pager', FULL_ONE_PAGER), fonts).pages);
      for (const line of ['TAM per year: £71.4 M', 'SAM per year: £12 M', 'SOM per year: £950,000'])
        expect(pdf.lines).toContain(line);
      expect(pdf.text).toContain('£500,000 for 18 months');
    },
    PDF_JS_TIMEOUT,
  );
});
