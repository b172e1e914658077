/**
 * The canvases are edited on the canvas. At 1280×900 with the sidebar open the Business Model Canvas has the
 * canonical five columns (Key Partners | Key Activities over Key Resources | Value Propositions | Customer
 * Relationships over Channels | Customer Segments, costs and revenue below) in one screen, and its entries are added,
 * edited, moved and deleted in place with the keyboard, through the same answer API (checked there); the Value
 * Proposition Canvas draws its square and circle as the export does (three parts, three wedges), its blocks under
 * them in the same arrangement, growing with their entries. At 390×844 the blocks stack without sideways scrolling. Screenshots of each go to $PRESEED_SCREENSHOTS (or the temp dir).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, visible } from './browser';
import { seededCanvas } from './canvas-setup';
import { type Founder, founderApi } from './founders';
import { freshAppAndBrowser } from './session';

const SCREENSHOTS = process.env.PRESEED_SCREENSHOTS ?? tmpdir();

/** Answers of the length founders write: a short sentence (35-60 characters). */
const BM_ANSWERS: Record<string, string[]> = {
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

const VP_ANSWERS: Record<string, string[]> = {
  'Customer Jobs': ['Feed the family on weeknights', 'Plan the weekly shop'],
  'Customer Pains': ['No time to plan meals', 'Food goes off unused'],
  'Customer Gains': ['Healthy kids', 'Evenings free'],
  'Products & Services': ['Weekly meal plan app', 'Ingredient boxes'],
  'Pain Relievers': ['Plans ready in five minutes', 'Exact portions'],
  'Gain Creators': ['Nutritionist-checked recipes', 'Family favourites'],
};

/** A founder well into the canvas: four to six entries a block, some of them paragraphs. */
const LONG =
  'we tried it with twenty families over six weeks and it held up in every city, even when a delivery came late.';
const FULL_BM_ANSWERS: Record<string, string[]> = Object.fromEntries(
  Object.entries(BM_ANSWERS).map(([section, list], i) => [
    section,
    [
      ...list,
      `${section}: what we learnt — ${LONG} ${LONG} ${LONG}`,
      'Still to be checked',
      ...(i % 2 ? ['One more'] : []),
    ],
  ]),
);

const FULL_VP_ANSWERS: Record<string, string[]> = Object.fromEntries(
  Object.entries(VP_ANSWERS).map(([section, list]) => [
    section,
    [...list, 'Cook for guests at weekends', 'Try new recipes', `${section}: ${LONG} ${LONG}`, 'Still to be checked'],
  ]),
);

interface Rect {
  section: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  /** Rendered lines of each entry: its height over its line height. */
  lines: number[];
}

function rects(page: Page, selector: string): Promise<Rect[]> {
  return page.evaluate(
    (sel) =>
      [...document.querySelectorAll<HTMLElement>(sel)].map((box) => {
        const r = box.getBoundingClientRect();
        const lines = [...box.querySelectorAll<HTMLElement>('.canvas-entry__text')].map((item) => {
          const lineHeight = Number.parseFloat(getComputedStyle(item).lineHeight);
          return Math.round(item.getBoundingClientRect().height / lineHeight);
        });
        return {
          section: box.querySelector('h3, h4')?.textContent ?? '',
          left: Math.round(r.left),
          top: Math.round(r.top + window.scrollY),
          right: Math.round(r.right),
          bottom: Math.round(r.bottom + window.scrollY),
          width: Math.round(r.width),
          lines,
        };
      }),
    selector,
  );
}

const byName = (list: Rect[], section: string): Rect => {
  const box = list.find((b) => b.section === section);
  if (!box) throw new Error(`no box ${section}`);
  return box;
};

async function savedList(url: string, founder: Founder, type: string, questionId: string): Promise<string[]> {
  const { answers } = (await founderApi(url, founder, 'GET', `/api/answers/${type}`)) as {
    answers: { questionId: string; answers: string[] }[];
  };
  return answers.find((a) => a.questionId === questionId)?.answers ?? [];
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** A 390×844 touch phone signed in as the desktop page is (its stored session carried over). */
async function phonePage(desktop: Page): Promise<Page> {
  const context = await desktop
    .context()
    .browser()
    ?.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      storageState: await desktop.context().storageState(),
    });
  if (!context) throw new Error('no browser');
  return context.newPage();
}

/** Whether a block's entry list has scrolled so its last entry shows whole. */
const lastEntryInView = (list: Locator) =>
  list.evaluate((el) => {
    const last = el.lastElementChild?.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return !!last && el.scrollTop > 0 && last.bottom <= box.bottom + 1 && last.top >= box.top - 1;
  });

describe('the canvases, edited on the canvas', () => {
  const session = freshAppAndBrowser();

  it('lays the Business Model out as the canonical canvas in one screen and edits its entries in place', async () => {
    const { url, founder, first, context, page } = await seededCanvas(session, 'business-model', BM_ANSWERS);
    const partnersQ = first.get('Key Partners') ?? '';
    await visible(page, 'Healthy dinners planned in five minutes a week');

    const wide = await rects(page, '.bm-box');
    expect(wide.map((b) => b.section)).toEqual(Object.keys(BM_ANSWERS));
    const [partners, activities, resources, propositions, relationships, channels, segments, costs, revenue] =
      Object.keys(BM_ANSWERS).map((s) => byName(wide, s)) as [Rect, Rect, Rect, Rect, Rect, Rect, Rect, Rect, Rect];
    // Five columns, left to right, in one band.
    const columns = [partners, activities, propositions, relationships, segments];
    for (let i = 1; i < columns.length; i++) {
      expect(columns[i]?.left, columns[i]?.section).toBeGreaterThan(columns[i - 1]?.right ?? 0);
    }
    expect(new Set(columns.map((b) => b.top)).size).toBe(1);
    // Activities over resources, relationships over channels.
    expect(resources.left).toBe(activities.left);
    expect(resources.top).toBeGreaterThan(activities.bottom - 1);
    expect(channels.left).toBe(relationships.left);
    expect(channels.top).toBeGreaterThan(relationships.bottom - 1);
    // Partners, Value Propositions and Segments run the full height of the two rows.
    for (const tall of [partners, propositions, segments]) expect(tall.bottom, tall.section).toBe(resources.bottom);
    // Costs and revenue side by side below, splitting the width.
    expect(costs.top).toBeGreaterThan(resources.bottom);
    expect(costs.top).toBe(revenue.top);
    expect(costs.left).toBe(partners.left);
    expect(revenue.right).toBe(segments.right);
    expect(Math.abs(costs.width - revenue.width)).toBeLessThanOrEqual(2);
    // One screen: the whole canvas is shorter than the window.
    expect(costs.bottom - partners.top).toBeLessThanOrEqual(900);
    for (const box of wide) {
      expect(box.width, box.section).toBeGreaterThanOrEqual(150);
      // A short sentence takes at most three lines on a note.
      for (const lines of box.lines) expect(lines, box.section).toBeLessThanOrEqual(3);
    }
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(1280);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.locator('.bm-grid').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'business-model-1280x900.png') });
    await page.screenshot({ path: join(SCREENSHOTS, 'business-model-1280x900-full.png'), fullPage: true });

    // Add with the keyboard: Enter on Add opens a field in the block, Enter saves, the field stays for the next
    // entry, Escape closes it and gives focus back to Add.
    const block = page.getByRole('region', { name: 'Key Partners', exact: true });
    const add = block.getByRole('button', { name: 'Add an entry to Key Partners' });
    await add.focus();
    await page.keyboard.press('Enter');
    const field = block.getByRole('textbox', { name: 'New entry in Key Partners' });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    // The block has two questions: a new entry goes to the first one not answered yet unless the founder picks.
    const question = block.getByRole('group', { name: 'Answers the question' });
    const choice = question.locator(`input[type="radio"][value="${partnersQ}"]`);
    expect(await choice.isChecked()).toBe(false);
    await choice.check();
    await field.focus();
    await page.keyboard.type('Neighbourhood bakeries');
    await page.keyboard.press('Enter');
    await block.getByText('Neighbourhood bakeries', { exact: true }).waitFor();
    await expect
      .poll(() => block.getByRole('status').textContent())
      .toBe('Added "Neighbourhood bakeries" to Key Partners.');
    expect(await field.inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(() => savedList(url, founder, 'business-model', partnersQ))
      .toEqual([...(BM_ANSWERS['Key Partners'] ?? []), 'Neighbourhood bakeries']);

    // Edit in place: Escape cancels, Enter saves.
    await block.getByRole('button', { name: 'Edit "Neighbourhood bakeries"' }).focus();
    await page.keyboard.press('Enter');
    const edit = block.getByRole('textbox', { name: 'Edit entry in Key Partners' });
    await edit.fill('Neighbourhood bakeries and mills');
    await page.keyboard.press('Escape');
    await block.getByText('Neighbourhood bakeries', { exact: true }).waitFor();
    await block.getByRole('button', { name: 'Edit "Neighbourhood bakeries"' }).focus();
    await page.keyboard.press('Enter');
    await edit.fill('Neighbourhood bakeries and mills');
    await page.keyboard.press('Enter');
    await block.getByText('Neighbourhood bakeries and mills', { exact: true }).waitFor();
    // The save is done (the block waits, aria-disabled, while one is in flight).
    await expect.poll(() => block.getByRole('status').textContent()).toBe('Saved "Neighbourhood bakeries and mills".');

    // Move up with the keyboard: the order is the saved list's, announced, and focus stays on the moved entry.
    await block.getByRole('button', { name: 'Move "Neighbourhood bakeries and mills" up' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => block.getByRole('status').textContent())
      .toBe('Moved "Neighbourhood bakeries and mills" up to place 2 of 3.');
    await expect
      .poll(() => savedList(url, founder, 'business-model', partnersQ))
      .toEqual([
        'Local organic farms and food co-ops',
        'Neighbourhood bakeries and mills',
        'Delivery partners in each city we serve',
      ]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Move "Neighbourhood bakeries and mills" up',
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'business-model-1280x900-editing.png') });

    // Delete asks first and says truthfully that History keeps it.
    await block.getByRole('button', { name: 'Delete "Neighbourhood bakeries and mills"' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    expect(await confirm.textContent()).toContain('You can restore it from History.');
    expect(await confirm.textContent()).not.toContain('cannot be undone');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => savedList(url, founder, 'business-model', partnersQ)).toEqual(BM_ANSWERS['Key Partners']);

    // The questions stay for guidance.
    await block.getByRole('button', { name: 'Questions for Key Partners' }).click();
    await page.getByRole('dialog', { name: 'Questions for Key Partners' }).waitFor();
    await page.keyboard.press('Escape');

    const phone = await phonePage(page);
    await phone.goto(`${url}/business-model`);
    await visible(phone, 'Healthy dinners planned in five minutes a week');
    const narrow = await rects(phone, '.bm-box');
    expect(new Set(narrow.map((b) => b.left)).size).toBe(1);
    expect(narrow.map((b) => b.section)).toEqual(Object.keys(BM_ANSWERS));
    // A phone's full-width block has room: each entry's tools show beside it without a hover.
    const down = phone.getByRole('button', { name: 'Move "Local organic farms and food co-ops" down' });
    expect(await down.evaluate((el) => getComputedStyle(el.parentElement as HTMLElement).opacity)).toBe('1');
    expect(await noSidewaysScroll(phone)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await phone.screenshot({ path: join(SCREENSHOTS, 'business-model-390x844.png'), fullPage: true });
    await phone.context().close();
    await context.close();
  });

  it('keeps a full Business Model in one screen: a block that holds more scrolls inside, reached by keyboard', async () => {
    const { context, page } = await seededCanvas(session, 'business-model', FULL_BM_ANSWERS);
    await visible(page, 'Key Partners: what we learnt');
    await page.locator('.bm-grid').scrollIntoViewIfNeeded();

    // The whole canvas is on the screen at once, under the app header.
    const header = await page.locator('.app-header').evaluate((el) => el.getBoundingClientRect().bottom);
    const grid = await page.locator('.bm-grid').evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    expect(grid.top).toBeGreaterThanOrEqual(header);
    expect(grid.bottom).toBeLessThanOrEqual(900);
    // Every block keeps its Add in sight; the blocks that hold more than fits scroll their entries inside.
    const boxes = await page.locator('.bm-box').evaluateAll((all) =>
      all.map((box) => {
        const list = box.querySelector<HTMLElement>('.canvas-entries');
        const add = box.querySelector<HTMLElement>('.canvas-block__add')?.getBoundingClientRect();
        const r = box.getBoundingClientRect();
        return {
          section: box.querySelector('h3')?.textContent ?? '',
          addInside: !!add && add.top >= r.top && add.bottom <= r.bottom,
          scrolls: !!list && list.scrollHeight > list.clientHeight + 1,
        };
      }),
    );
    for (const box of boxes) expect(box.addInside, box.section).toBe(true);
    expect(boxes.filter((b) => b.scrolls).length).toBeGreaterThan(0);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(1280);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'business-model-1280x900-full-canvas.png') });

    // Keyboard alone: from Add back to the last entry's tools, which scroll into the block's view.
    const partners = page.getByRole('region', { name: 'Key Partners', exact: true });
    const list = partners.getByRole('list', { name: 'Entries in Key Partners' });
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight + 1)).toBe(true);
    await partners.getByRole('button', { name: 'Add an entry to Key Partners' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Delete "Still to be checked"',
    );
    await expect.poll(() => lastEntryInView(list)).toBe(true);
    await context.close();
  });

  it('shows a full Value Proposition whole: each block grows with its entries and none scrolls inside', async () => {
    const { context, page } = await seededCanvas(session, 'value-proposition', FULL_VP_ANSWERS);
    await visible(page, 'Feed the family on weeknights');
    await page.locator('.vp-diagram').scrollIntoViewIfNeeded();
    const boxes = await page.locator('.vp-box').evaluateAll((all) =>
      all.map((box) => {
        const b = box.getBoundingClientRect();
        const add = box.querySelector<HTMLElement>('.canvas-block__add')?.getBoundingClientRect();
        const scrollers = [...box.querySelectorAll<HTMLElement>('.canvas-entries, .canvas-block')];
        return {
          section: box.querySelector('h4')?.textContent ?? '',
          addInside: !!add && add.top >= b.top && add.bottom <= b.bottom,
          scrolls: scrollers.some((el) => el.scrollHeight > el.clientHeight + 1),
        };
      }),
    );
    for (const box of boxes) {
      expect(box.addInside, box.section).toBe(true);
      expect(box.scrolls, box.section).toBe(false);
    }
    for (const [section, list] of Object.entries(FULL_VP_ANSWERS)) {
      const block = page.getByRole('region', { name: section, exact: true });
      expect(await block.locator('.canvas-entry__text').allTextContents(), section).toEqual(list);
    }
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(1280);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'value-proposition-1280x900-full-canvas.png'), fullPage: true });

    // Keyboard alone: from Add back to the last entry's tools.
    const jobs = page.getByRole('region', { name: 'Customer Jobs', exact: true });
    await jobs.getByRole('button', { name: 'Add an entry to Customer Jobs' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Delete "Still to be checked"',
    );
    await context.close();
  });

  it('draws the Value Proposition as the export does, its blocks under the shapes in the same order, stacked on a phone', async () => {
    const { url, context, page } = await seededCanvas(session, 'value-proposition', VP_ANSWERS);
    await visible(page, 'Feed the family on weeknights');
    expect(await page.getByText(/^\d+ answers?$/).count()).toBe(0);

    // The shapes: each part's box in the shape's own 200-unit drawing (canvas-export/canvas-layout.ts).
    const parts = await page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll<SVGPathElement>('.vp-shape__part')].map((p) => {
          const b = p.getBBox();
          const area = [...p.classList].find((c) => c.startsWith('vp-shape__part--'))?.slice(16) ?? '';
          return [area, [b.x, b.y, b.x + b.width, b.y + b.height].map((n) => Math.round(n))];
        }),
      ),
    );
    // The square: Products & Services the left half, Gain Creators over Pain Relievers on the right.
    expect(parts.products).toEqual([4, 4, 100, 196]);
    expect(parts.creators).toEqual([100, 4, 196, 100]);
    expect(parts.relievers).toEqual([100, 100, 196, 196]);
    // The circle (radius 96 about the centre, 100 100) cut from its centre to 9, 1 and 5 o'clock: Gains the wedge
    // over the 9 o'clock cut, Pains the one under it, Jobs the one on the right between 1 and 5 o'clock.
    expect(parts.gains).toEqual([4, 4, 148, 100]);
    expect(parts.pains).toEqual([4, 100, 148, 196]);
    expect(parts.jobs).toEqual([100, 17, 196, 183]);
    const [square, circle] = await page.evaluate(() =>
      [...document.querySelectorAll<SVGSVGElement>('svg.vp-shape')].map((s) => s.getBoundingClientRect().toJSON()),
    );
    if (!square || !circle) throw new Error('no shapes');
    // Side by side, as printed, each as wide as tall.
    expect(circle.left).toBeGreaterThan(square.right);
    expect(Math.round(circle.width)).toBe(Math.round(circle.height));
    expect(Math.round(square.width)).toBe(Math.round(square.height));

    // The blocks under each shape in its arrangement.
    const blocks = await rects(page, '.vp-box');
    const [products, creators, relievers, gains, pains, jobs] = [
      'Products & Services',
      'Gain Creators',
      'Pain Relievers',
      'Customer Gains',
      'Customer Pains',
      'Customer Jobs',
    ].map((s) => byName(blocks, s)) as [Rect, Rect, Rect, Rect, Rect, Rect];
    expect(creators.left).toBeGreaterThan(products.right - 1);
    expect(relievers.left).toBe(creators.left);
    expect(relievers.top).toBeGreaterThan(creators.bottom - 1);
    expect(pains.left).toBe(gains.left);
    expect(pains.top).toBeGreaterThan(gains.bottom - 1);
    expect(jobs.left).toBeGreaterThan(gains.right - 1);
    expect(gains.left).toBeGreaterThan(products.right);
    // Under the shapes (rects() measures from the page's top).
    const scrollY = await page.evaluate(() => window.scrollY);
    for (const b of [products, gains]) expect(b.top, b.section).toBeGreaterThan(square.bottom + scrollY);
    for (const [section, list] of Object.entries(VP_ANSWERS)) {
      const block = page.getByRole('region', { name: section, exact: true });
      expect(await block.locator('.canvas-entry__text').allTextContents(), section).toEqual(list);
    }
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(1280);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.locator('.vp-diagram').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'value-proposition-1280x900.png') });

    // In place too: an entry added to Customer Jobs lands in its question's saved list.
    const jobsBlock = page.getByRole('region', { name: 'Customer Jobs', exact: true });
    await jobsBlock.getByRole('button', { name: 'Add an entry to Customer Jobs' }).click();
    await jobsBlock.getByRole('textbox', { name: 'New entry in Customer Jobs' }).fill('Pack school lunches');
    await page.keyboard.press('Enter');
    await jobsBlock.getByText('Pack school lunches', { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    const phone = await phonePage(page);
    await phone.goto(`${url}/value-proposition`);
    await visible(phone, 'Feed the family on weeknights');
    const narrow = await rects(phone, '.vp-box');
    expect(new Set(narrow.map((b) => b.left)).size).toBe(1);
    expect(await noSidewaysScroll(phone)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await phone.screenshot({ path: join(SCREENSHOTS, 'value-proposition-390x844.png'), fullPage: true });
    await phone.context().close();
    await context.close();
  });
});
