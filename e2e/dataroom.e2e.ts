/**
 * A founder's data room and validation work in the browser — a 2 MB PDF
 * uploaded with a progress bar that really moves, found by search and tab, downloaded
 * byte for byte under its name, deleted; a test started, completed and evaluated, and
 * all of it still there after a reload.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../test/pdf-files';
import { type AppProcess, newDataDir, portsEnv, startApp } from './app-process';
import { chooseUpload, launchBrowser, logIn, seriousAxeViolations, visible } from './browser';
import { type Founder, signUpPaidFounder, unlockPhase } from './founders';

describe('data room and validation in the browser', () => {
  let app: AppProcess;
  let browser: Browser;
  let founder: Founder;

  beforeAll(async () => {
    app = await startApp({ dataDir: await newDataDir(), env: await portsEnv() });
    browser = await launchBrowser();
    founder = await signUpPaidFounder(app.url);
    // Validation tests open with the coach's business-model unlock (the API refuses them before).
    await unlockPhase(app.url, app.adminPassword, founder, 'business-model');
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function logInFounder(page: Page) {
    await logIn(page, app.url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
  }

  it('uploads with real progress, finds, downloads and deletes a file', async () => {
    const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    await logInFounder(page);
    await page.goto(`${app.url}/data-room`);
    await visible(page, 'Upload files to see them here');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const pdf = pdfBytes(2 * 1024 * 1024);
    const dialog = await chooseUpload(page, 'pitch.pdf', pdf, 'pitch-deck');

    // Record every value the progress bar shows, with the upload slowed so the browser reports steps.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
        const value = Number(bar?.getAttribute('aria-valuenow'));
        if (bar && seen[seen.length - 1] !== value) seen.push(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 768 * 1024,
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await visible(page, 'File uploaded');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen.some((v) => v > 0 && v < 100)).toBe(true);
    expect(Math.max(...seen)).toBe(100);

    // Search and tabs.
    await page.getByLabel('Search files').fill('pitch');
    await visible(page, 'pitch.pdf');
    await page.getByLabel('Search files').fill('budget');
    await visible(page, 'Try a different search term');
    await page.getByLabel('Search files').fill('');
    await page.getByRole('tab', { name: 'Legal' }).click();
    await visible(page, 'No files found');
    await page.getByRole('tab', { name: 'Pitch Deck' }).click();
    await visible(page, 'pitch.pdf');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Download: the same bytes under the same name.
    await page.getByRole('button', { name: 'Actions for pitch.pdf' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('pitch.pdf');
    const path = await download.path();
    expect((await readFile(path)).equals(pdf)).toBe(true);

    // Delete after the confirmation.
    await page.getByRole('button', { name: 'Actions for pitch.pdf' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await visible(page, 'This action cannot be undone. This will permanently delete pitch.pdf.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await visible(page, 'File deleted');
    await page.reload();
    await visible(page, 'Upload files to see them here');
    await page.close();
  });

  it('starts, completes and evaluates a validation test, and keeps it after a reload', async () => {
    const page = await browser.newPage();
    await logInFounder(page);
    await page.goto(`${app.url}/validation-tests`);
    const card = page.getByRole('listitem').filter({ hasText: 'Customer Interview' });
    await card.getByRole('button', { name: 'Start Test' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start This Test' }).click();
    await visible(page, 'Test Started');
    // The test's page: it is completed by checking off its steps (validation-tests.e2e.ts goes further).
    const steps = page.getByRole('checkbox');
    await expect.poll(() => steps.count(), { timeout: 15_000 }).toBe(5);
    for (let i = 0; i < 5; i++) {
      await expect.poll(() => steps.nth(i).isEnabled()).toBe(true);
      await steps.nth(i).check();
    }
    await visible(page, '5 of 5 steps done');
    await page.getByRole('link', { name: 'All tests', exact: true }).click();
    await expect.poll(() => card.getByRole('button', { name: 'View Results' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(`${app.url}/test-evaluation`);
    await page.getByRole('button', { name: /Customer Interview/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Success - Hypothesis validated').check();
    await dialog.getByLabel('Insights & Learnings').fill('8 of 10 parents plan meals on Sunday evening.');
    await dialog.getByRole('button', { name: 'Save Evaluation' }).click();
    await visible(page, 'Evaluation saved');

    await page.reload();
    await visible(page, /1 of 1 tests? validated/);
    await visible(page, '100%');
    await page.getByRole('button', { name: /Customer Interview/ }).click();
    expect(await page.getByRole('dialog').getByLabel('Success - Hypothesis validated').isChecked()).toBe(true);
    expect(await page.getByRole('dialog').getByLabel('Insights & Learnings').inputValue()).toBe(
      '8 of 10 parents plan meals on Sunday evening.',
    );
    await page.close();
  });
});
