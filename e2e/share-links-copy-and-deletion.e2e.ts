/**
 * Share links and deletion in the browser, as founders and investors meet them: the founder copies a live link
 * again from the list (the same address; the views add up on that one link); a link cut short tells the investor plainly what to do; once the founder
 * deletes the account, the investor's page says so (not "not found"), and the founder's other signed-in browser is
 * signed out and told the account was deleted instead of landing on the payment page. Each screen axe-clean at
 * 1280×900 and 390×844, with screenshots.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations, visible } from './browser';
import { type Founder, founderApi, signUpPaidFounder } from './founders';
import { freshAppAndBrowser } from './session';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function checked(page: Page, name: string): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
  await page.screenshot({ path: `/tmp/w3-${name}.png` });
}

describe('copying share links again, and what deletion leaves', () => {
  const session = freshAppAndBrowser();
  let founder: Founder;

  beforeAll(async () => {
    founder = await signUpPaidFounder(session.app.url);
  });

  it('copies a live link again, words a cut link, a deleted founder and a deleted session plainly', async () => {
    const { app, browser } = session;
    const created = (await founderApi(app.url, founder, 'POST', '/api/shares', {
      category: 'legal',
      label: 'Legal pack',
    })) as { path: string };
    const url = `${app.url}${created.path}`;

    // Two browsers of the founder: the one that copies and later deletes, and another left signed in.
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await logIn(page, app.url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
    const other = await (await browser.newContext({ viewport: PHONE, isMobile: true })).newPage();
    await logIn(other, app.url, founder.email, founder.password);
    await other.waitForURL('**/dashboard');

    await page.goto(`${app.url}/data-room/sharing`);
    await page.getByRole('button', { name: 'Copy link: Legal pack' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy link: Legal pack' });
    await expect.poll(() => dialog.getByLabel('Link').inputValue(), { timeout: 15_000 }).toBe(url);
    await checked(page, 'copy-link-desktop');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Copy link: Legal pack' }).click();
    await expect.poll(() => dialog.getByLabel('Link').inputValue(), { timeout: 15_000 }).toBe(url);
    await checked(page, 'copy-link-phone');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.setViewportSize(DESKTOP);

    // An investor with the link cut short, at both sizes: what happened and what to do, no developer words.
    const investor = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await investor.goto(url.slice(0, -10));
    await visible(investor, 'This link is incomplete');
    await visible(investor, /Copy the whole link/);
    expect(await investor.evaluate(() => document.body.innerText)).not.toMatch(/request body|token:/i);
    await checked(investor, 'share-incomplete-desktop');
    await investor.setViewportSize(PHONE);
    await checked(investor, 'share-incomplete-phone');

    // The founder deletes the account in the first browser.
    await page.goto(`${app.url}/account`);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByLabel(/^Type .* to confirm$/).fill(founder.email);
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/login');

    // The investor's whole link now says the account was deleted, at both sizes.
    await investor.setViewportSize(DESKTOP);
    await investor.goto(url);
    await visible(investor, 'These documents are no longer shared');
    await visible(investor, /deleted their Preseed account/);
    expect(await investor.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await checked(investor, 'share-owner-deleted-desktop');
    await investor.setViewportSize(PHONE);
    await checked(investor, 'share-owner-deleted-phone');

    // The other browser's next request is refused: it signs out and says why, never the payment page.
    const answers: string[] = [];
    other.on('response', (r) => {
      if (r.url().includes('/api/')) answers.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await other.goto(`${app.url}/data-room`);
    await other.waitForURL('**/account-deleted', { timeout: 20_000 }).catch((err: unknown) => {
      throw new Error(`the other browser is at ${other.url()} after ${answers.join(', ')}: ${String(err)}`);
    });
    await visible(other, 'This account has been deleted').catch(async (err: unknown) => {
      await other.screenshot({ path: '/tmp/w3-account-deleted-failed.png' });
      throw new Error(`at ${other.url()}: ${await other.evaluate(() => document.body.innerText)}: ${String(err)}`);
    });
    expect(other.url()).not.toContain('/payment');
    await checked(other, 'account-deleted-phone');
    await other.setViewportSize(DESKTOP);
    await checked(other, 'account-deleted-desktop');
    // Signed out for good: a guarded page leads to the login page.
    await other.goto(`${app.url}/dashboard`);
    await other.waitForURL('**/login');
  });
});
