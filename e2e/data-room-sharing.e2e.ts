/**
 * A founder shares a data-room file behind a passcode; a viewer with no account opens the link in
 * another browser context, enters the passcode and downloads the very same bytes, without the sign-in code ever
 * loading, the link's token ever reaching a server in a URL or Referer, or the founder's label ever showing; the founder sees the view and the download in the link's log (and on the dashboard), revokes the
 * link, and the viewer then gets the no-longer-available page. Axe-clean, keyboard usable, no sideways scroll
 * on a 390×844 phone.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../test/pdf-files';
import { chooseUpload, logIn, seriousAxeViolations, visible } from './browser';
import { type Founder, mail, signUpPaidFounder } from './founders';
import { freshAppAndBrowser } from './session';

const PHONE = { width: 390, height: 844 };
const PASSCODE = 'seed-round-2026';

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

describe('sharing the data room in the browser', () => {
  const session = freshAppAndBrowser();
  let founder: Founder;

  beforeAll(async () => {
    founder = await signUpPaidFounder(session.app.url);
  });

  it('shares a file behind a passcode, logs the viewer, and the revoked link shows the gone page', async () => {
    const { app, browser } = session;
    const page = await (await browser.newContext()).newPage();
    await logIn(page, app.url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');

    // A file in the data room.
    const pdf = pdfBytes(256 * 1024);
    await page.goto(`${app.url}/data-room`);
    const upload = await chooseUpload(page, 'deck.pdf', pdf, 'pitch-deck');
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await visible(page, 'File uploaded');

    // The share dialog, by keyboard from the sharing page.
    await page.getByRole('link', { name: 'Share Links' }).click();
    await page.waitForURL('**/data-room/sharing');
    await visible(page, 'No share links yet');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'New share link' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Share files' });
    await dialog.getByRole('checkbox', { name: 'deck.pdf' }).focus();
    await page.keyboard.press('Space');
    await dialog.getByLabel(/Passcode/).fill(PASSCODE);
    await dialog.getByLabel('Label (optional)').fill('Seed round deck');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/share-dialog.png' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const created = page.getByRole('dialog', { name: 'Share link created' });
    const url = await created.getByLabel('Link').inputValue();
    // The token after `#`: browsers never send it, so no access log keeps it.
    expect(url).toMatch(new RegExp(`^${app.url}/share#[\\w-]{43}$`));
    const token = new URL(url).hash.slice(1);
    await created.getByRole('button', { name: 'Done' }).click();
    await visible(page, 'Seed round deck');

    // The viewer: another context, no account, on a phone.
    const viewerContext = await browser.newContext({ acceptDownloads: true, viewport: PHONE, isMobile: true });
    const viewer = await viewerContext.newPage();
    const scripts: string[] = [];
    // What reaches a server: each request's path and query (never its fragment) and its Referer.
    const sent: string[] = [];
    viewer.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
      const { pathname, search } = new URL(request.url());
      sent.push(`${pathname}${search}`, request.headers().referer ?? '');
    });
    await viewer.goto(url);
    // Before the passcode: that one is needed, nothing more — not the founder's label.
    await expect
      .poll(() => viewer.getByRole('heading', { level: 1, name: 'Passcode needed' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await viewer.evaluate(() => document.body.innerText)).not.toContain('Seed round deck');
    expect(await seriousAxeViolations(viewer)).toEqual([]);
    await noSidewaysScroll(viewer);
    await viewer.getByLabel('Passcode').fill('not-the-passcode');
    await viewer.keyboard.press('Enter');
    await visible(viewer, 'That passcode is not right');
    await viewer.getByLabel('Passcode').fill(PASSCODE);
    await viewer.keyboard.press('Enter');
    const files = viewer.getByRole('list', { name: 'Shared files' });
    await expect.poll(() => files.getByText('deck.pdf').isVisible(), { timeout: 15_000 }).toBe(true);
    // No startup name chosen for this link: a neutral heading, still not the label.
    expect(await viewer.getByRole('heading', { level: 1 }).textContent()).toBe('Shared documents');
    expect(await viewer.evaluate(() => `${document.title} ${document.body.innerText}`)).not.toContain(
      'Seed round deck',
    );
    expect(await seriousAxeViolations(viewer)).toEqual([]);
    await noSidewaysScroll(viewer);
    await viewer.screenshot({ path: '/tmp/share-viewer-files.png' });
    const [download] = await Promise.all([
      viewer.waitForEvent('download'),
      files.getByRole('button', { name: 'Download deck.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('deck.pdf');
    expect((await readFile(await download.path())).equals(pdf)).toBe(true);
    // The public page never loads the sign-in code.
    expect(scripts.filter((s) => /amplify|auth-sign-in/i.test(s))).toEqual([]);
    expect(sent.length).toBeGreaterThan(10);
    expect(sent.filter((s) => s.includes(token))).toEqual([]);

    // The founder's log: the view and the download, with the link's label; the dashboard lists them too.
    await page.reload();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Seed round deck' }) });
    await card.getByRole('button', { name: 'Show views' }).click();
    await expect.poll(() => card.getByText('Downloaded deck.pdf').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => card.getByText('Viewed the link').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/share-founder-log.png', fullPage: true });
    await page.goto(`${app.url}/dashboard`);
    await expect
      .poll(() => page.evaluate(() => document.body.innerText), { timeout: 20_000 })
      .toContain('Downloaded deck.pdf');
    await page.screenshot({ path: '/tmp/share-dashboard.png', fullPage: true });
    await page.getByRole('link', { name: 'Share documents and see views' }).click();
    await page.waitForURL('**/data-room/sharing');

    // The founder is told by email (once an hour per link).
    await expect
      .poll(
        async () => (await mail(app.url, founder.email)).filter((m) => m.subject.includes('Seed round deck')).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);

    // Revoke, after confirming; the viewer's next request and a fresh visit both get the gone page.
    const revokeCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Seed round deck' }) });
    await revokeCard.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Revoke' }).click();
    await visible(page, 'Link revoked');
    await expect
      .poll(() => revokeCard.getByText('Revoked', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);

    await files.getByRole('button', { name: 'Download deck.pdf' }).click();
    await expect
      .poll(() => viewer.getByRole('heading', { level: 1, name: 'This link has been turned off' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    // A fresh visit, by a link's older form (`/share/<token>`, the token in the path): the app loads, moves the token
    // into the fragment, and says the link is gone.
    const fresh = await (await browser.newContext({ viewport: PHONE, isMobile: true })).newPage();
    await fresh.goto(`${app.url}/share/${token}`);
    // Polls the page's text (not a locator) so a failure shows what the viewer saw instead.
    await expect
      .poll(() => fresh.evaluate(() => document.body.innerText), { timeout: 20_000 })
      .toContain('This link has been turned off');
    expect(await fresh.getByRole('heading', { level: 1 }).textContent()).toBe('This link has been turned off');
    await visible(fresh, 'has turned this link off');
    expect(fresh.url()).toBe(url);
    expect(await seriousAxeViolations(fresh)).toEqual([]);
    await noSidewaysScroll(fresh);
    await fresh.screenshot({ path: '/tmp/share-viewer-gone.png' });

    // The founder's page and dialog on a phone.
    await page.setViewportSize(PHONE);
    await page.reload();
    await visible(page, 'Seed round deck');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    await page.screenshot({ path: '/tmp/share-founder-phone.png', fullPage: true });
    await page.getByRole('button', { name: 'New share link' }).click();
    await page
      .getByRole('dialog', { name: 'Share files' })
      .getByRole('radio', { name: /A whole category/ })
      .check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    await page.screenshot({ path: '/tmp/share-dialog-phone.png' });
  });
});
