/**
 * The founder brief with the Validate toolkit: a founder whose One Pager and Market Research are complete (saved
 * through the API) and whose SWOT is half done downloads the brief from the dashboard; it lists
 * the two completed tools with their key lines, and not the unfinished one.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations } from './browser';
import { type Founder, founderApi } from './founders';
import { journeyFounder } from './journey-setup';
import { pdfText } from './pdf-text';
import { freshAppAndBrowser } from './session';

const api = founderApi;

const ONE_PAGER: Record<string, string[]> = {
  problem: ['Parents spend an hour each Sunday planning dinners.'],
  solution: ['A planner that builds the week in five minutes.'],
  customers: ['Working parents with children under 12.'],
  'market-size': ['TAM EUR 120,000,000 a year'],
  'business-model': ['EUR 10 a month per family.'],
  traction: ['Customer Interview: 8 of 10 would pay'],
  team: ['Grace Hopper, CEO'],
  ask: ['EUR 500,000 for 18 months.'],
};

const MARKET_RESEARCH: Record<string, string[]> = {
  method: ['Bottom-up'],
  currency: ['EUR'],
  customers: ['1000000'],
  price: ['120'],
  tam: ['120000000'],
  'tam-source': ['Eurostat'],
  'tam-assumption': ['Every family pays'],
  sam: ['30000000'],
  'sam-source': ['Three countries'],
  'sam-assumption': ['A quarter shop online'],
  som: ['1500000'],
  'som-source': ['Channel tests'],
  'som-assumption': ['5 % in three years'],
};

async function saveTool(url: string, founder: Founder, tool: string, fields: Record<string, string[]>) {
  for (const [field, answers] of Object.entries(fields)) {
    await api(url, founder, 'PUT', `/api/answers/${tool}/tool-${tool}-${field}`, { answers });
  }
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: new Uint8Array(await readFile(await file.path())) };
}

describe('the founder brief with the Validate toolkit', () => {
  const session = freshAppAndBrowser();
  let founder: Founder;

  beforeAll(async () => {
    const url = session.app.url;
    founder = await journeyFounder(session.app, { unlockedTo: 'business-model' });
    await saveTool(url, founder, 'one-pager', ONE_PAGER);
    await saveTool(url, founder, 'market-research', MARKET_RESEARCH);
    await saveTool(url, founder, 'swot', { strengths: ['A recipe engine we built'] });
  });

  it('lists each completed tool with its key line', async () => {
    const context = await session.browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, session.app.url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
    const brief = await download(page, () =>
      page.getByRole('button', { name: 'Download founder brief (PDF)' }).click(),
    );
    const read = await pdfText(brief.bytes);
    expect(read.text).toContain('Validate toolkit');
    expect(read.text).toContain(
      'Business One Pager: Problem: Parents spend an hour each Sunday planning dinners. · Solution: A planner that builds the week in five minutes.',
    );
    expect(read.text).toContain('Market Research: TAM €120 M · SAM €30 M · SOM €1.5 M a year');
    expect(read.text).not.toContain('SWOT Analysis');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
