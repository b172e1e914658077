/**
 * Nothing a founder typed is lost: in Chromium against `npm start`, text typed and not saved comes back after a
 * reload; offline, the app says so, a save waits and goes through on reconnect; when the session is refused mid-edit
 * (the API answers 401 to a token it no longer accepts) the founder signs in again, comes back to the same page and
 * finds the text in its field, then saves it.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations, visible } from './browser';
import { type Founder, founderApi } from './founders';
import { journeyFounder } from './journey-setup';
import { freshAppAndBrowser } from './session';

const DESKTOP = { width: 1280, height: 900 };
const SCREENSHOTS = process.env.PRESEED_SCREENSHOTS ?? tmpdir();

/** The first trigger question's card and its answer box. */
function firstQuestion(page: Page) {
  const card = page.locator('article.question-card').first();
  return { card, box: card.getByRole('textbox'), save: card.getByRole('button', { name: 'Save' }) };
}

async function storedAnswers(app: string, founder: Founder): Promise<string[][]> {
  const { answers } = (await founderApi(app, founder, 'GET', '/api/answers/trigger')) as {
    answers: { answers: string[] }[];
  };
  return answers.map((a) => a.answers);
}

/** Spoils the signature of the access token the app keeps, as a session the server no longer accepts would be. */
async function refuseSession(page: Page): Promise<void> {
  const spoiled = await page.evaluate(() => {
    let count = 0;
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (!key.endsWith('.accessToken')) continue;
      const token = localStorage.getItem(key) ?? '';
      const last = token.at(-2) === 'A' ? 'B' : 'A';
      localStorage.setItem(key, `${token.slice(0, -2)}${last}${token.at(-1) ?? ''}`);
      count++;
    }
    return count;
  });
  expect(spoiled).toBeGreaterThan(0);
}

describe('nothing typed is lost', () => {
  const session = freshAppAndBrowser();

  it('across a reload, going offline, and a session refused mid-edit', async () => {
    const app = session.app.url;
    const founder = await journeyFounder(session.app);
    await founderApi(app, founder, 'PUT', '/api/idea', { idea: 'Meal plans for busy parents' });
    const context = await session.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await logIn(page, app, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${app}/trigger-questions`);
    let q = firstQuestion(page);
    await q.box.waitFor();
    await visible(page, 'When every question is answered, this phase goes to your coach for review.');

    // 1. A reload gives the typed text back, said as not saved yet.
    await q.box.fill('Plan the week’s dinners');
    await page.reload();
    q = firstQuestion(page);
    await q.box.waitFor();
    expect(await q.box.inputValue()).toBe('Plan the week’s dinners');
    await visible(page, /Restored what you typed on .* — not saved yet/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'nothing-lost-restored.png') });

    // 2. Offline: the banner says so, the save waits, and goes out on reconnect.
    await context.setOffline(true);
    await visible(page, 'You are offline.');
    await q.save.click();
    await visible(page, '1 save waits to be sent.');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'nothing-lost-offline-phone.png') });
    await page.setViewportSize(DESKTOP);
    expect(await storedAnswers(app, founder)).toEqual([]);
    await context.setOffline(false);
    await visible(page, 'Answer saved successfully!');
    await expect.poll(() => storedAnswers(app, founder), { timeout: 10_000 }).toEqual([['Plan the week’s dinners']]);
    expect(await page.getByText('You are offline.').count()).toBe(0);

    // 3. The session is refused while the founder edits: signed in again, back on the page, the text is there.
    await q.card.getByRole('button', { name: 'Edit Answer' }).click();
    await q.box.fill('Plan the week’s dinners\nShop once a week');
    await refuseSession(page);
    await q.save.click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email or username').fill(founder.email);
    await page.getByLabel('Password').fill(founder.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/trigger-questions');
    q = firstQuestion(page);
    await q.box.waitFor();
    expect(await q.box.inputValue()).toBe('Plan the week’s dinners\nShop once a week');
    await q.save.click();
    await visible(page, 'Answer saved successfully!');
    await expect
      .poll(() => storedAnswers(app, founder), { timeout: 10_000 })
      .toEqual([['Plan the week’s dinners', 'Shop once a week']]);
    // Saved: nothing is kept on the device any more.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('preseed.draft')))).toEqual(
      [],
    );
    await context.close();
  });
});
