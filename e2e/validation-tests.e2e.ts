/**
 * "No dead ends" for validation tests, in the browser: a library test deleted after a confirmation and
 * restored from Removed tests (also after a reload), then deleted again and brought back with the toast's Undo; a test of the founder's own added, worked through its steps by
 * mouse and keyboard, its results recorded and evaluated, and found again in Test Evaluation. Every page is axe-clean,
 * and none scrolls sideways on a phone. Screenshots at 1280×900 and 390×844 go to PRESEED_SCREENSHOTS (or the temp dir).
 */
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, visible } from './browser';
import { type Founder, signUpPaidFounder, unlockPhase } from './founders';
import { DESKTOP, lookInto, PHONE } from './page-checks';
import { freshAppAndBrowser } from './session';

const SHOTS = join(process.env.PRESEED_SCREENSHOTS ?? tmpdir(), 'validation-tests');

/** Screenshot, no sideways scroll, and no serious or critical axe violation. */
const look = lookInto(SHOTS);

describe('validation tests that go somewhere and come back', () => {
  const session = freshAppAndBrowser();
  let founder: Founder;

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    founder = await signUpPaidFounder(session.app.url);
    // Validation tests open with the coach's business-model unlock (the API refuses them before).
    await unlockPhase(session.app.url, session.app.adminPassword, founder, 'business-model');
  });

  async function founderPage(viewport = DESKTOP): Promise<Page> {
    const page = await (await session.browser.newContext({ viewport })).newPage();
    await logIn(page, session.app.url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
    return page;
  }

  it('deletes a library test only after confirming, and restores it from Removed tests', async () => {
    const page = await founderPage();
    await page.goto(`${session.app.url}/validation-tests`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Smoke Test' }) });
    await card.getByRole('button', { name: 'Start Test' }).click();
    const detail = page.getByRole('dialog', { name: 'Smoke Test' });
    await detail.getByRole('button', { name: 'Delete Test' }).click();

    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await visible(page, /Smoke Test will leave your tests.*restore it from Removed tests/);
    await look(page, 'delete-confirm-1280x900');
    // Cancel has the focus: a stray Enter keeps the test.
    await page.keyboard.press('Enter');
    await expect.poll(() => confirm.isVisible()).toBe(false);
    expect(await card.isVisible()).toBe(true);

    await detail.getByRole('button', { name: 'Delete Test' }).click();
    await confirm.getByRole('button', { name: 'Delete Test' }).click();
    await visible(page, 'Smoke Test has been removed from your tests. Restore it from Removed tests.');
    await expect.poll(() => card.count()).toBe(0);

    // Kept on the server: still removed after a reload, with Restore at hand.
    await page.reload();
    const removed = page.getByRole('region', { name: 'Removed tests' });
    await expect.poll(() => removed.getByText('Smoke Test').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await card.count()).toBe(0);
    await look(page, 'library-with-removed-1280x900');
    await page.setViewportSize(PHONE);
    await look(page, 'library-with-removed-390x844');
    await page.setViewportSize(DESKTOP);

    // Said, shown, and kept on the server: still in the library and out of Removed tests after a reload.
    const expectBackForGood = async () => {
      await visible(page, 'Smoke Test is back in your tests.');
      await expect.poll(() => card.isVisible()).toBe(true);
      await page.reload();
      await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await removed.count()).toBe(0);
    };
    await removed.getByRole('button', { name: 'Restore' }).click();
    await expectBackForGood();

    // Right after a delete, the toast's Undo brings it back as well.
    await card.getByRole('button', { name: 'Start Test' }).click();
    await detail.getByRole('button', { name: 'Delete Test' }).click();
    await confirm.getByRole('button', { name: 'Delete Test' }).click();
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await notifications.getByRole('button', { name: 'Undo' }).click();
    await expectBackForGood();
    await page.close();
  });

  it('adds a test of your own, completes it through its steps and evaluates it', async () => {
    const page = await founderPage();
    await page.goto(`${session.app.url}/validation-tests`);
    await visible(page, '0 of 50 tests of your own');
    await page.getByRole('button', { name: 'Add Your Own Test' }).click();
    const form = page.getByRole('dialog', { name: 'Add your own test' });
    await form.getByLabel('Name').fill('Price anchoring');
    await form.getByRole('button', { name: 'Add Test' }).click();
    await visible(page, 'Hypothesis is required.');
    await look(page, 'add-own-test-errors-1280x900');
    await form.getByLabel('Hypothesis').fill('Parents pay 20 euros a month for planned meals.');
    await form.getByLabel('Method').fill('Show two priced offers to 30 parents at the school gate.');
    await form.getByLabel('Metric').fill('Share of parents choosing the 20 euro offer');
    await form.getByLabel('Success criterion').fill('At least 30 percent choose it');
    await form.getByLabel('Steps').fill('Write both offers\nShow them to 30 parents\nCount the choices');
    await form.getByRole('button', { name: 'Add Test' }).click();

    // Its own page, at 0 of 3.
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Price anchoring' }).isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('test')).toMatch(/^custom-[0-9a-f-]{36}$/);
    await visible(page, '0 of 3 steps done');
    await look(page, 'own-test-page-1280x900');

    // Mouse for the first step, keyboard for the others.
    await page.getByRole('checkbox', { name: /Write both offers/ }).check();
    await visible(page, '1 of 3 steps done');
    for (const step of ['Show them to 30 parents', 'Count the choices']) {
      const box = page.getByRole('checkbox', { name: new RegExp(step) });
      await expect.poll(() => box.isEnabled()).toBe(true);
      await box.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await visible(page, '3 of 3 steps done');
    await visible(page, 'Test completed');
    expect(
      await page.getByRole('progressbar', { name: 'Price anchoring progress' }).getAttribute('aria-valuenow'),
    ).toBe('100');

    await page.getByLabel('What happened').fill('11 of 30 parents chose the 20 euro offer (37 %).');
    await page.getByRole('button', { name: 'Save Results' }).click();
    await visible(page, 'Results saved');
    await page.getByRole('button', { name: 'Evaluate This Test' }).click();
    const evaluation = page.getByRole('dialog', { name: 'Price anchoring' });
    await evaluation.getByLabel('Success - Hypothesis validated').check();
    await evaluation.getByLabel('Insights & Learnings').fill('Above the 30 % we set: keep the 20 euro price.');
    await look(page, 'evaluate-own-test-1280x900');
    await evaluation.getByRole('button', { name: 'Save Evaluation' }).click();
    await visible(page, 'Evaluation saved');

    // All of it kept on the server.
    await page.reload();
    await visible(page, '3 of 3 steps done');
    expect(await page.getByLabel('What happened').inputValue()).toBe(
      '11 of 30 parents chose the 20 euro offer (37 %).',
    );
    await visible(page, 'Above the 30 % we set: keep the 20 euro price.');
    await look(page, 'own-test-done-1280x900');
    await page.setViewportSize(PHONE);
    await look(page, 'own-test-done-390x844');
    await page.setViewportSize(DESKTOP);

    // The library shows it completed; View Test Results leads to its results.
    await page.getByRole('link', { name: 'All tests', exact: true }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Price anchoring' }) });
    await card.getByRole('button', { name: 'View Results' }).click();
    await page
      .getByRole('dialog', { name: 'Price anchoring' })
      .getByRole('button', { name: 'View Test Results' })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('results');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Results');

    // And Test Evaluation counts it.
    await page.goto(`${session.app.url}/test-evaluation`);
    const row = page.getByRole('button', { name: /Price anchoring/ });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Success');
    await look(page, 'test-evaluation-1280x900');
    await page.close();
  });

  it('fits a phone: the library, the add form and a test page', async () => {
    const page = await founderPage(PHONE);
    await page.goto(`${session.app.url}/validation-tests`);
    await visible(page, 'Test Library');
    await look(page, 'library-390x844');
    await page.getByRole('button', { name: 'Add Your Own Test' }).click();
    await visible(page, 'Add your own test');
    await look(page, 'add-own-test-390x844');
    await page.keyboard.press('Escape');
    await page.goto(`${session.app.url}/validation-tests?test=test-1`);
    await visible(page, '0 of 5 steps done');
    await look(page, 'library-test-page-390x844');
    await page.close();
  });
});
