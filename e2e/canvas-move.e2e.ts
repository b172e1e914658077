/**
 * Moving an entry between the blocks of a canvas (issue 36). On the Value Proposition at 1280×900, an entry of
 * Customer Gains is dragged with the mouse onto Customer Pains (the block shows where it lands) and is then stored
 * under Pains' first question and no longer under Gains'; another goes the same way with the keyboard, through the
 * entry's Move to… dialog, and focus follows it into Pains. Screenshots of the drag and the dialog go to
 * $PRESEED_SCREENSHOTS (or the temp dir).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations, visible } from './browser';
import { firstQuestions } from './canvas-setup';
import { type Founder, founderApi } from './founders';
import { journeyFounder } from './journey-setup';
import { freshAppAndBrowser } from './session';

const SCREENSHOTS = process.env.PRESEED_SCREENSHOTS ?? tmpdir();
const TYPE = 'value-proposition' as const;

/** The founder's stored lists by question id, read from the API (not from the page). */
async function stored(url: string, founder: Founder) {
  const { answers } = (await founderApi(url, founder, 'GET', `/api/answers/${TYPE}`)) as {
    answers: { questionId: string; answers: string[] }[];
  };
  return new Map(answers.map((a) => [a.questionId, a.answers]));
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
const entry = (block: Locator, text: string) => block.locator('.canvas-entry', { hasText: text });

describe('moving an entry between canvas blocks', () => {
  const session = freshAppAndBrowser();

  it('drags an entry from Customer Gains to Customer Pains, and moves one with the keyboard', async () => {
    const url = session.app.url;
    const founder = await journeyFounder(session.app, { unlockedTo: 'trigger' });
    const { first } = await firstQuestions(url, founder, TYPE);
    const gainsQ = first.get('Customer Gains') ?? '';
    const painsQ = first.get('Customer Pains') ?? '';
    await founderApi(url, founder, 'PUT', `/api/answers/${TYPE}/${gainsQ}`, {
      answers: ['Evenings free', 'Healthy kids', 'Try new recipes'],
    });
    await founderApi(url, founder, 'PUT', `/api/answers/${TYPE}/${painsQ}`, { answers: ['No time to plan meals'] });

    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${url}/${TYPE}`);
    await visible(page, 'Evenings free');
    const gains = page.getByRole('region', { name: 'Customer Gains', exact: true });
    const pains = page.getByRole('region', { name: 'Customer Pains', exact: true });
    await page.locator('.vp-blocks--profile').scrollIntoViewIfNeeded();

    // The mouse: pick the note up, hold it over Pains (the block lights up), let go.
    const source = entry(gains, 'Evenings free').locator('.canvas-entry__text');
    const target = pains.locator('.canvas-block');
    const from = await source.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('no boxes');
    await page.mouse.move(from.x + 10, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + from.height / 2, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
    // One more step on the same spot: Chromium fires dragover only once the target is the same as at the last step.
    await page.mouse.move(to.x + to.width / 2 + 2, to.y + to.height / 2);
    await expect.poll(() => target.getAttribute('class')).toContain('canvas-block--drop');
    await page.screenshot({ path: join(SCREENSHOTS, 'vp-move-dragging.png') });
    await page.mouse.up();

    await expect.poll(() => gains.getByRole('status').textContent()).toBe('Moved "Evenings free" to Customer Pains.');
    await expect
      .poll(async () => (await stored(url, founder)).get(painsQ))
      .toEqual(['No time to plan meals', 'Evenings free']);
    await expect
      .poll(async () => (await stored(url, founder)).get(gainsQ))
      .toEqual(['Healthy kids', 'Try new recipes']);
    expect(await pains.locator('.canvas-entry__text').allTextContents()).toEqual([
      'No time to plan meals',
      'Evenings free',
    ]);
    expect(await target.getAttribute('class')).not.toContain('canvas-block--drop');

    // locator.dragTo does the same.
    await entry(gains, 'Try new recipes').dragTo(target);
    await expect
      .poll(async () => (await stored(url, founder)).get(painsQ))
      .toEqual(['No time to plan meals', 'Evenings free', 'Try new recipes']);
    await expect.poll(async () => (await stored(url, founder)).get(gainsQ)).toEqual(['Healthy kids']);
    // Done once the block says so (its writes over, it takes the next move).
    await expect.poll(() => gains.getByRole('status').textContent()).toBe('Moved "Try new recipes" to Customer Pains.');

    // The keyboard: the entry's Move to… opens a dialog of destinations; Tab reaches Customer Pains, Enter moves.
    await gains.getByRole('button', { name: 'Move "Healthy kids" to another block' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move "Healthy kids" to…' });
    await dialog.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'vp-move-dialog.png') });
    for (let i = 0; i < 10; i++) {
      if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Customer Pains') break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    // Focus goes back to the entry's Move to… in Gains when the dialog closes, then follows the entry into Pains.
    await expect.poll(() => pains.locator(':focus').count()).toBe(1);
    expect(await focusedName(page)).toBe('Move "Healthy kids" to another block');
    await expect
      .poll(async () => (await stored(url, founder)).get(painsQ))
      .toEqual(['No time to plan meals', 'Evenings free', 'Try new recipes', 'Healthy kids']);
    await expect.poll(async () => (await stored(url, founder)).has(gainsQ)).toBe(false);
    expect(await gains.getByRole('status').textContent()).toBe('Moved "Healthy kids" to Customer Pains.');

    // Within a block, a drop onto another entry of the same question takes its place (one save).
    await entry(pains, 'Healthy kids').dragTo(entry(pains, 'No time to plan meals'));
    await expect
      .poll(async () => (await stored(url, founder)).get(painsQ))
      .toEqual(['Healthy kids', 'No time to plan meals', 'Evenings free', 'Try new recipes']);
    await context.close();
  });
});
