/**
 * The founder brief's "Validate toolkit" block: each tool the founder completed with its key line, after the
 * validation tests; which tools count as completed comes from the dashboard, and only their answers are fetched.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '#shared/api-types';
import { CATEGORIES, QUESTION_TYPES } from '#shared/domain/questions';
import { TOOL_IDS, toolOf } from '#shared/domain/validate-tools';
import { createQueryClient } from '../../lib/query-client';
import { apiError, installFakeApi, meReply, pathSegment } from '../../test/fake-api';
import { FOUNDER } from '../../test/fake-auth';
import { type BriefContent, type BriefTool, briefPages } from './brief-layout';
import type { SectionAnswers } from './canvas-layout';
import type { Sheet } from './drawing';
import { makeFounderBrief } from './founder-brief';
import { buildPdf } from './pdf-writer';
import { serveExportFonts, testFonts } from './test-fonts';
import { answersById } from './tool-content';
import { TOOL_ANSWERS, toolAnswerViews } from './tool-fixtures';
import { toolKeyLine } from './tool-key-lines';

const fonts = testFonts();
const PDF_JS_TIMEOUT = 60_000;

const keyLine = (tool: (typeof TOOL_IDS)[number], answers = TOOL_ANSWERS[tool]) =>
  toolKeyLine(tool, answersById(toolAnswerViews(tool, answers)));

describe('a tool’s key line', () => {
  it('shows what an investor looks at first, numbers with their currency and rows with their dates', () => {
    expect(keyLine('one-pager')).toBe(
      'Problem: Parents spend an hour each Sunday planning dinners and still throw food away. · Solution: A planner that builds the week’s menu and the shopping list in five minutes.',
    );
    expect(keyLine('market-research')).toBe('TAM €120 M · SAM €30 M · SOM €1.5 M a year');
    expect(keyLine('market-research', { ...TOOL_ANSWERS['market-research'], currency: [] })).toBe(
      'TAM 120 M · SAM 30 M · SOM 1.5 M a year',
    );
    expect(keyLine('market-research', { ...TOOL_ANSWERS['market-research'], som: ['950000'], currency: ['GBP'] })).toBe(
      'TAM £120 M · SAM £30 M · SOM £950,000 a year',
    );
    // A paragraph filled by "Use these" quotes amounts raw; the line prints them by the same rule, line by line.
    expect(keyLine('one-pager', { problem: ['Costs GBP 71400000\nA year'] })).toBe('Problem: Costs £71.4 M, A year');
    expect(keyLine('path-to-mvp')).toBe(
      'What the MVP is: A web app that plans one week and exports the list. · Milestones: Clickable prototype (2027-01-15), Private beta with 20 families (2027-03-01), Public launch (2027-06-01)',
    );
    expect(keyLine('branding')).toBe('Name: Compilers Inc · Tagline: Plan once, eat all week');
    expect(keyLine('pestel')).toContain('Political factors: School meal subsidies · Economic factors: Food inflation');
    for (const tool of TOOL_IDS) expect(keyLine(tool), tool).toBeTruthy();
  });

  it('is null when none of the key fields has an answer', () => {
    for (const tool of TOOL_IDS) expect(keyLine(tool, {}), tool).toBeNull();
    expect(keyLine('one-pager', { team: ['Anna'] })).toBeNull();
    expect(keyLine('one-pager', { problem: ['  '], solution: ['Plans'] })).toBe('Solution: Plans');
  });
});

const canvas = (sections: readonly string[]): SectionAnswers => new Map(sections.map((s) => [s, [`${s} answer`]]));

function brief(tools: readonly BriefTool[]): BriefContent {
  return {
    startupName: 'Compilers Inc',
    date: 'November 27, 2026',
    founder: { name: 'Anna Nowak', email: 'anna@compilers.example' },
    setup: { website: null, stage: null, fundingStatus: null, teamSize: null, market: null },
    idea: 'Meal plans for busy parents',
    valueProposition: canvas(CATEGORIES['value-proposition']),
    businessModel: canvas(CATEGORIES['business-model']),
    tests: [{ name: 'Customer Interview', status: 'Completed', outcome: 'Success', notes: null }],
    tools,
  };
}

async function pdfText(bytes: Uint8Array) {
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const page = await doc.getPage(1);
  const text = (await page.getTextContent()).items
    .map((i) => ('str' in i ? i.str : ''))
    .join(' ')
    .replace(/\s+/g, ' ');
  return { pages: doc.numPages, text };
}

describe('the Validate toolkit block of the brief', () => {
  it(
    'lists each completed tool with its key line under the validation tests, on the one page',
    async () => {
      const tools = [
        { title: 'Business One Pager', line: keyLine('one-pager') ?? '' },
        { title: 'Market Research', line: keyLine('market-research') ?? '' },
      ];
      const sheets = briefPages(brief(tools), fonts);
      const { pages, text } = await pdfText(buildPdf(sheets, { title: 'T', created: new Date() }, fonts));
      expect(pages).toBe(1);
      const order = [
        'Idea',
        'Value Proposition Canvas',
        'Business Model Canvas',
        'Validation tests',
        'Validate toolkit',
      ];
      let from = 0;
      for (const part of order) {
        const at = text.indexOf(part, from);
        expect(at, part).toBeGreaterThanOrEqual(0);
        from = at;
      }
      expect(text).toContain('Business One Pager: Problem: Parents spend an hour each Sunday');
      expect(text).toContain('Market Research: TAM €120 M · SAM €30 M · SOM €1.5 M a year');
      expect(text).toContain('Customer Interview (Completed): Success');
    },
    PDF_JS_TIMEOUT,
  );

  it('writes ten long tool lines whole, each its own bullet, onto a second page when they need it', () => {
    const long = TOOL_IDS.map((tool) => ({
      title: toolOf(tool).title,
      line: `${tool} ${'a long key line '.repeat(40)}`,
    }));
    const pages = briefPages(brief(long), fonts);
    expect(pages.length).toBe(2);
    const texts = (sheet: Sheet) => sheet.items.flatMap((i) => (i.kind === 'text' ? [i] : []));
    for (const page of pages) for (const t of texts(page)) expect(t.y).toBeLessThanOrEqual(1123 - 20 + 0.01);
    const all = pages.flatMap(texts);
    // Each tool's bullet starts a line with its title; its last words are there too, nothing cut with "…".
    for (const tool of TOOL_IDS)
      expect(all.some((t) => t.text.startsWith(`${toolOf(tool).title}: ${tool} a long`))).toBe(true);
    expect(all.filter((t) => t.text === '•').length).toBeGreaterThanOrEqual(TOOL_IDS.length);
    expect(all.some((t) => t.text.includes('…'))).toBe(false);
    expect(all.every((t) => t.size >= (8 * 96) / 72 - 0.01)).toBe(true);
    const without = briefPages(brief([]), fonts);
    expect(without.flatMap(texts).some((t) => t.text === 'Validate toolkit')).toBe(false);
  });

  it('puts the toolkit after the validation tests, and its heading on the page its first line is on', () => {
    const pages = briefPages(brief([{ title: 'Market Research', line: 'TAM €120 M' }]), fonts);
    const all = pages.flatMap((p) => p.items.flatMap((i) => (i.kind === 'text' ? [i] : [])));
    const y = (value: string) => all.find((t) => t.text === value || t.text.startsWith(value))?.y ?? Number.NaN;
    expect(y('Validation tests')).toBeLessThan(y('Validate toolkit'));
    expect(y('Validate toolkit')).toBeLessThan(y('Market Research: TAM €120 M'));
  });
});

describe('makeFounderBrief', () => {
  afterEach(() => vi.restoreAllMocks());

  const progress = (done: readonly string[], started: readonly string[] = []) =>
    Object.fromEntries(
      QUESTION_TYPES.map((type) => {
        const total = 8;
        const answered = done.includes(type) ? total : started.includes(type) ? 3 : 0;
        return [type, { answered, total, percent: Math.round((answered / total) * 100) }];
      }),
    ) as DashboardResponse['progress'];

  it(
    'includes the tools the dashboard counts as complete, fetching only their answers',
    async () => {
      serveExportFonts();
      const dashboard = {
        progress: progress(['one-pager', 'market-research'], ['swot']),
        reviews: {},
        validationTests: { count: 0 },
        documents: { count: 0, lastUploadedAt: null },
      };
      const api = installFakeApi({
        'accounts.me': meReply(),
        'journey.dashboard': { body: dashboard },
        'questions.list': { body: { questions: [] } },
        'journey.listAnswers': (request) => {
          const type = pathSegment(request, 0) as (typeof TOOL_IDS)[number];
          const answers = (TOOL_IDS as readonly string[]).includes(type) ? toolAnswerViews(type) : [];
          return {
            body: { answers: answers.map((a) => ({ ...a, category: '', submittedAt: '', updatedAt: '' })) },
          };
        },
        'validation.list': apiError(403, 'Locked'),
      });
      const { blob } = await makeFounderBrief(createQueryClient(), FOUNDER.sub, new Date('2026-11-27T10:00:00Z'));
      const { pages, text } = await pdfText(new Uint8Array(await blob.arrayBuffer()));
      expect(pages).toBe(1);
      expect(text).toContain('Validate toolkit');
      expect(text).toContain('Business One Pager: Problem: Parents spend an hour');
      expect(text).toContain('Market Research: TAM €120 M');
      expect(text).not.toContain('SWOT Analysis');
      const fetched = api.calls('journey.listAnswers').map((r) => pathSegment(r, 0));
      expect(fetched.filter((t) => (TOOL_IDS as readonly string[]).includes(t)).sort()).toEqual([
        'market-research',
        'one-pager',
      ]);
    },
    PDF_JS_TIMEOUT,
  );
});
