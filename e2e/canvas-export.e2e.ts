/**
 * Canvas export: a founder exports both canvases as PNG and PDF and downloads the founder brief. The preview is
 * drawn at the screen's resolution; the PNG at the size the founder picks (the 1123 × 794 CSS px sheet × 1, 2 or 3),
 * the PDFs carry the answers as text in every script the canvas shows (read back with PDF.js), and the dialog is
 * keyboard usable, axe-clean and fits a phone. Screenshots go to $PRESEED_SCREENSHOTS (or the temp dir).
 */
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations, visible } from './browser';
import { type Founder, founderApi } from './founders';
import { journeyFounder } from './journey-setup';
import { pdfText, pngSize } from './pdf-text';
import { freshAppAndBrowser } from './session';

const SHEET = { width: 1123, height: 794 };
const SCREENSHOTS = process.env.PRESEED_SCREENSHOTS ?? tmpdir();
/** Letters and signs beyond Latin-1, which the PDF once printed as '?'. */
const WORLD = 'Łódź → Poznań ✓ Příliš žluťoučký İstanbul ğ Ελληνικά ά ΐ Привет і ї є ґ ș ț ǎ ơ ư € “ours”';

const api = founderApi;

/** One answer per question of a canvas, through the API; returns them by section. */
async function answerCanvas(url: string, founder: Founder, type: string, tag: string) {
  const { questions } = (await api(url, founder, 'GET', `/api/questions/${type}`)) as {
    questions: { id: string; category: string }[];
  };
  const answers: string[] = [];
  for (const [i, q] of questions.entries()) {
    const answer = i === 0 ? `${tag} ${WORLD}` : `${tag} ${q.category} (${i + 1}) – “ours”`;
    await api(url, founder, 'PUT', `/api/answers/${type}/${q.id}`, { answers: [answer] });
    answers.push(answer);
  }
  return answers;
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: new Uint8Array(await readFile(path)) };
}

async function exportDialog(page: Page, url: string, path: string, canvasTitle: string) {
  await page.goto(`${url}${path}`);
  await page.getByRole('button', { name: `Export the ${canvasTitle} as PNG or PDF` }).click();
  const dialog = page.getByRole('dialog', { name: `Export your ${canvasTitle}` });
  await dialog.getByRole('img', { name: `Preview of your ${canvasTitle}` }).waitFor();
  return dialog;
}

/** The preview canvas as rendered: its bitmap and its CSS box. */
function previewSize(page: Page) {
  return page.locator('canvas.canvas-export__preview').evaluate((c: HTMLCanvasElement) => ({
    width: c.width,
    height: c.height,
    ratio: window.devicePixelRatio,
  }));
}

describe('canvas export in the browser', () => {
  const session = freshAppAndBrowser();
  let founder: Founder;
  let vpAnswers: string[] = [];
  let bmAnswers: string[] = [];

  async function founderPage(options: Parameters<typeof session.browser.newContext>[0]) {
    const context: BrowserContext = await session.browser.newContext({ acceptDownloads: true, ...options });
    const page = await context.newPage();
    await logIn(page, session.app.url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
    return page;
  }

  // One founder with every phase open, an idea and one answer per question of both canvases.
  beforeAll(async () => {
    const url = session.app.url;
    founder = await journeyFounder(session.app, { unlockedTo: 'business-model' });
    await api(url, founder, 'PUT', '/api/idea', { idea: 'Weekly meal plans for busy parents' });
    await api(url, founder, 'PUT', '/api/me/onboarding', {
      startupName: 'Compilers Inc',
      businessType: 'saas',
      stage: 'mvp',
      industry: 'tech',
      customerType: 'b2c',
      description: 'Meal plans',
      teamSize: '2-5',
      fundingStatus: 'angel',
      website: 'compilers.example',
    });
    vpAnswers = await answerCanvas(url, founder, 'value-proposition', 'VP');
    bmAnswers = await answerCanvas(url, founder, 'business-model', 'BM');
    expect(vpAnswers.length).toBeGreaterThan(5);
    expect(bmAnswers.length).toBeGreaterThan(8);
  });

  it('exports both canvases as PNG at 1×, 2× or 3× the sheet and as PDF (the answers as text, every script)', async () => {
    const url = session.app.url;
    for (const deviceScaleFactor of [1, 2]) {
      const page = await founderPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor });
      const fontRequests: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('.ttf')) fontRequests.push(new URL(r.url()).pathname);
      });
      if (deviceScaleFactor === 1) {
        // Dashboard and canvas page never load the export font; the Export button does, as two static files.
        await page.goto(`${url}/business-model`);
        await page.getByRole('button', { name: 'Export the Business Model Canvas as PNG or PDF' }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(fontRequests).toEqual([]);
      }
      for (const [path, title, answers, credit] of [
        ['/value-proposition', 'Value Proposition Canvas', vpAnswers, 'Value Proposition Canvas by Strategyzer'],
        ['/business-model', 'Business Model Canvas', bmAnswers, 'CC BY-SA 3.0'],
      ] as const) {
        const dialog = await exportDialog(page, url, path, title);
        expect(fontRequests.slice(-2)).toEqual([
          expect.stringMatching(/^\/assets\/DejaVuSansCondensed-[\w-]+\.ttf$/),
          expect.stringMatching(/^\/assets\/DejaVuSansCondensed-Bold-[\w-]+\.ttf$/),
        ]);
        // The preview is as sharp as the screen.
        expect(await previewSize(page)).toEqual({
          width: SHEET.width * deviceScaleFactor,
          height: SHEET.height * deviceScaleFactor,
          ratio: deviceScaleFactor,
        });
        const sizes = dialog.getByRole('group', { name: 'PNG size' }).getByRole('radio');
        const size = (scale: number) => dialog.getByRole('radio', { name: new RegExp(`^${scale}× `) });
        // 2× unless the founder picks otherwise, whatever the screen.
        expect(await size(2).isChecked()).toBe(true);
        const scales = deviceScaleFactor === 1 ? [1, 2, 3] : [2];
        if (deviceScaleFactor === 1) {
          expect(await seriousAxeViolations(page)).toEqual([]);
          expect(await sizes.evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent))).toEqual([
            '1× (1123 × 794 px)',
            '2× (2246 × 1588 px)',
            '3× (3369 × 2382 px)',
          ]);
          if (path === '/business-model')
            await page.screenshot({ path: join(SCREENSHOTS, 'canvas-export-1280x900.png') });
        }
        for (const scale of scales) {
          await size(scale).check();
          const png = await download(page, () => dialog.getByRole('button', { name: 'Download PNG' }).click());
          expect(png.name).toMatch(
            new RegExp(`^compilers-inc-${title.toLowerCase().replace(/ /g, '-')}-\\d{4}-\\d{2}-\\d{2}\\.png$`),
          );
          expect(pngSize(png.bytes)).toEqual({ width: SHEET.width * scale, height: SHEET.height * scale });
        }

        const pdf = await download(page, () => dialog.getByRole('button', { name: 'Download PDF' }).click());
        expect(pdf.name).toMatch(/\.pdf$/);
        const read = await pdfText(pdf.bytes);
        expect(read.pages).toBe(1);
        // A4 landscape in points.
        expect([Math.round(read.width), Math.round(read.height)]).toEqual([842, 596]);
        expect(read.text).toContain(title);
        expect(read.text).toContain('Compilers Inc');
        expect(read.text).toContain(credit);
        for (const answer of answers) expect(read.text).toContain(answer);
        expect(read.text).toContain(WORLD);
        expect(read.text).not.toContain('?');
        await page.keyboard.press('Escape');
      }
      await page.context().close();
    }
  });

  it('downloads the founder brief from the dashboard, every answer on its pages', async () => {
    const url = session.app.url;
    await api(url, founder, 'PUT', '/api/validation-tests/test-1', { start: true });
    await api(url, founder, 'PUT', '/api/validation-tests/test-1', {
      evaluation: { result: 'success', notes: '8 of 10 parents plan on Sundays' },
    });
    const page = await founderPage({ viewport: { width: 1280, height: 900 } });
    const brief = await download(page, () =>
      page.getByRole('button', { name: 'Download founder brief (PDF)' }).click(),
    );
    expect(brief.name).toMatch(/^compilers-inc-founder-brief-\d{4}-\d{2}-\d{2}\.pdf$/);
    const read = await pdfText(brief.bytes);
    // One answer to every question fills more than a page: the brief continues rather than cutting or counting.
    expect(read.pages).toBeGreaterThanOrEqual(1);
    expect(read.text).toContain('Compilers Inc');
    expect(read.text).toContain('Founder brief · SaaS · Technology · B2C (consumers) · ');
    for (const fact of ['Grace Hopper', founder.email, 'compilers.example', 'MVP', 'Angel', '2-5 people'])
      expect(read.text).toContain(fact);
    expect(read.text).toContain('Weekly meal plans for busy parents');
    expect(read.text).toContain(`BM ${WORLD}`);
    // Every answer is there whole, its own bullet: none cut with "…" or counted in a "+ N more" line.
    for (const answer of [...vpAnswers, ...bmAnswers]) expect(read.text).toContain(answer);
    expect(read.text).not.toMatch(/\+ \d+ more/);
    expect(read.text).toMatch(/Customer Interview \([^)]+\): Success — 8 of 10 parents plan on Sundays/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('works from the keyboard, passes axe and fits a 390 × 844 phone', async () => {
    const url = session.app.url;
    const page = await founderPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
    await page.goto(`${url}/business-model`);
    const exportButton = page.getByRole('button', { name: 'Export the Business Model Canvas as PNG or PDF' });
    await exportButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Export your Business Model Canvas' });
    await dialog.getByRole('img', { name: 'Preview of your Business Model Canvas' }).waitFor();
    // Focus moves into the dialog, onto its first control: the chosen PNG size (2×); arrows pick another.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.value)).toBe('2');
    expect(await seriousAxeViolations(page)).toEqual([]);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'canvas-export-390x844.png') });
    // The preview shrinks to the phone; its bitmap is still the whole sheet at the phone's pixel ratio.
    expect(await previewSize(page)).toEqual({ width: SHEET.width * 3, height: SHEET.height * 3, ratio: 3 });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Download PNG');
    const png = await download(page, () => page.keyboard.press('Enter'));
    expect(pngSize(png.bytes)).toEqual({ width: SHEET.width * 3, height: SHEET.height * 3 });
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Export the Business Model Canvas as PNG or PDF');

    await page.goto(`${url}/dashboard`);
    await visible(page, 'Founder brief');
    expect(await fits()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
