/**
 * The Business Model canvas reads well. Filled in with answers of a short sentence each, it keeps the
 * canvas's shape with columns of at least 220 px on a 1280 px laptop (answers wrap at most once), and stacks into one
 * column at 390 px without sideways scrolling; a 1920 px desktop gets the classic 6 x 3 canvas. Screenshots of both go to $PRESEED_SCREENSHOTS (or the temp dir).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations, visible } from './browser';
import { accessToken, answerAllTriggerQuestions, signUpPaidFounder, unlockPhase } from './founders';
import { freshAppAndBrowser } from './session';

const SCREENSHOTS = process.env.PRESEED_SCREENSHOTS ?? tmpdir();

/** Answers of the length founders write: a short sentence (35-60 characters). */
const ANSWERS: Record<string, string[]> = {
  'Key Partners': ['Local organic farms and food co-ops', 'Delivery partners in each city we serve'],
  'Key Activities': ['Weekly menu planning by our nutritionists', 'Sourcing and packing fresh ingredients'],
  'Key Resources': ['Recipe database with 2,000 family meals', 'Cold-chain kitchen in the city centre'],
  'Value Propositions': ['Healthy dinners planned in five minutes a week', 'Less food waste and fewer shopping trips'],
  'Customer Relationships': ['Self-service app with a human coach on call', 'Community of parents sharing recipes'],
  Channels: ['Mobile app and website', 'Partnerships with schools and employers'],
  'Customer Segments': ['Working parents with children under 12', 'Shift workers who cook in batches'],
  'Cost Structure': ['Ingredients and packaging (55% of revenue)', 'Delivery fleet and kitchen rent'],
  'Revenue Streams': ['Weekly subscription from $59 per household', 'Add-ons: snacks and lunch boxes'],
};

interface Box {
  section: string;
  left: number;
  top: number;
  width: number;
  /** Rendered lines of each answer: its height over its line height. */
  lines: number[];
}

function boxes(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.bm-box')].map((box) => {
      const rect = box.getBoundingClientRect();
      const lines = [...box.querySelectorAll<HTMLElement>('.canvas-answers__item')].map((item) => {
        const lineHeight = Number.parseFloat(getComputedStyle(item).lineHeight);
        return Math.round(item.getBoundingClientRect().height / lineHeight);
      });
      return {
        section: box.querySelector('h3')?.textContent ?? '',
        left: Math.round(rect.left),
        top: Math.round(rect.top),
        width: Math.round(rect.width),
        lines,
      };
    }),
  );
}

const byName = (list: Box[], section: string): Box => {
  const box = list.find((b) => b.section === section);
  if (!box) throw new Error(`no box ${section}`);
  return box;
};

describe('the Business Model canvas layout', () => {
  const session = freshAppAndBrowser();

  it('keeps columns of 220 px or more at 1280 px and stacks without sideways scrolling at 390 px', async () => {
    const url = session.app.url;
    const founder = await signUpPaidFounder(url);
    await answerAllTriggerQuestions(url, founder);
    await unlockPhase(url, session.app.adminPassword, founder, 'trigger');
    await unlockPhase(url, session.app.adminPassword, founder, 'value-proposition');

    const token = await accessToken(url, founder.email, founder.password);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const { questions } = (await (await fetch(`${url}/api/questions/business-model`, { headers })).json()) as {
      questions: { id: string; category: string }[];
    };
    const answered = new Set<string>();
    for (const q of questions) {
      // One question per block carries the answers, so each block shows exactly the two above.
      if (answered.has(q.category)) continue;
      answered.add(q.category);
      const saved = await fetch(`${url}/api/answers/business-model/${q.id}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ answers: ANSWERS[q.category] }),
      });
      expect(saved.status).toBe(200);
    }
    expect(answered.size).toBe(9);

    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${url}/business-model`);
    await visible(page, 'Healthy dinners planned in five minutes a week');

    const wide = await boxes(page);
    expect(wide).toHaveLength(9);
    for (const box of wide) {
      expect(box.width, box.section).toBeGreaterThanOrEqual(220);
      // A short sentence wraps at most once.
      for (const lines of box.lines) expect(lines, box.section).toBeLessThanOrEqual(2);
    }
    // Still a canvas: partners left of the value propositions, left of the segments, in one band; costs and
    // revenue side by side below them.
    const [partners, propositions, segments, costs, revenue] = [
      'Key Partners',
      'Value Propositions',
      'Customer Segments',
      'Cost Structure',
      'Revenue Streams',
    ].map((s) => byName(wide, s)) as [Box, Box, Box, Box, Box];
    expect(partners.left).toBeLessThan(propositions.left);
    expect(propositions.left).toBeLessThan(segments.left);
    expect(new Set([partners.top, propositions.top, segments.top]).size).toBe(1);
    expect(costs.top).toBeGreaterThan(propositions.top);
    expect(costs.top).toBe(revenue.top);
    expect(costs.left).toBeLessThan(revenue.left);
    // Value Propositions takes a single column at this width.
    expect(propositions.width).toBeLessThan(partners.width * 1.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'business-model-1280x900.png'), fullPage: true });

    // A wide desktop gets the classic 6 x 3 canvas: Value Propositions double width, costs and revenue halves.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(async () => byName(await boxes(page), 'Value Propositions').width).toBeGreaterThan(440);
    const classic = await boxes(page);
    const partnersWide = byName(classic, 'Key Partners');
    for (const box of classic) expect(box.width, box.section).toBeGreaterThanOrEqual(220);
    expect(byName(classic, 'Value Propositions').width).toBeGreaterThan(partnersWide.width * 1.9);
    expect(byName(classic, 'Key Activities').top).toBe(partnersWide.top);
    expect(byName(classic, 'Cost Structure').width).toBeGreaterThan(partnersWide.width * 2.9);
    await page.screenshot({ path: join(SCREENSHOTS, 'business-model-1920x1080.png'), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await visible(page, 'Healthy dinners planned in five minutes a week');
    const narrow = await boxes(page);
    expect(new Set(narrow.map((b) => b.left)).size).toBe(1);
    expect(narrow.map((b) => b.section)).toEqual(Object.keys(ANSWERS));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'business-model-390x844.png'), fullPage: true });
    await context.close();
  });
});
