/**
 * The share page's viewer in Chromium: a founder shares a three-page PDF with downloads turned off; an investor
 * opens it inside the share page (the browser never goes to a storage address), turns pages with the buttons and
 * the arrow keys, sees no Download anywhere and is refused one by the API; the founder then sees, in the link's
 * details, the pages reached and the time on each. Axe-clean at 1280×900 and 390×844, with screenshots.
 */
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseUpload, logIn, seriousAxeViolations, visible } from './browser';
import { type Founder, signUpPaidFounder } from './founders';
import { freshAppAndBrowser } from './session';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A real three-page PDF, printed by the same Chromium. */
async function threePagePdf(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage();
  await page.setContent(
    [1, 2, 3]
      .map(
        (n) => `<section style="page-break-after: always"><h1>Deck page ${n}</h1><p>Traction and team.</p></section>`,
      )
      .join(''),
  );
  const pdf = await page.pdf({ format: 'A4' });
  await page.close();
  return pdf;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

/** Waits until the viewer shows page `n` of 3, drawn. */
async function onPage(viewer: Page, n: number): Promise<void> {
  await visible(viewer, `Page ${n} of 3`);
  const canvas = viewer.getByRole('img', { name: `Page ${n} of deck.pdf` });
  await expect.poll(() => canvas.getAttribute('data-drawn'), { timeout: 15_000 }).toBe('true');
}

describe('the share page’s document viewer', () => {
  const session = freshAppAndBrowser();
  let founder: Founder;

  beforeAll(async () => {
    founder = await signUpPaidFounder(session.app.url);
  });

  it('shows a PDF in the page, view only, and the founder sees the pages reached and the time on each', async () => {
    const { app, browser } = session;
    const pdf = await threePagePdf(browser);
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await logIn(page, app.url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${app.url}/data-room`);
    const upload = await chooseUpload(page, 'deck.pdf', pdf, 'pitch-deck');
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await visible(page, 'File uploaded');

    await page.goto(`${app.url}/data-room/sharing`);
    await page.getByRole('button', { name: 'New share link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share files' });
    await dialog.getByRole('checkbox', { name: 'deck.pdf' }).check();
    await dialog.getByLabel('Label (optional)').fill('Viewer deck');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const created = page.getByRole('dialog', { name: 'Share link created' });
    const url = await created.getByLabel('Link').inputValue();
    await created.getByRole('button', { name: 'Done' }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Viewer deck' }) });
    // Downloads off before the link is sent.
    const downloads = card.getByRole('checkbox', { name: 'Viewers may download' });
    await downloads.click();
    await visible(page, 'Downloads turned off');
    expect(await downloads.isChecked()).toBe(false);
    await expect.poll(() => card.getByText(/View only/).isVisible(), { timeout: 15_000 }).toBe(true);

    // The investor, at 1280×900.
    const viewerContext = await browser.newContext({ viewport: DESKTOP });
    const viewer = await viewerContext.newPage();
    const navigations: string[] = [];
    viewer.on('framenavigated', (frame) => navigations.push(frame.url()));
    const scripts: string[] = [];
    viewer.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await viewer.goto(url);
    const files = viewer.getByRole('list', { name: 'Shared files' });
    await expect.poll(() => files.getByText('deck.pdf').isVisible(), { timeout: 15_000 }).toBe(true);
    await visible(viewer, 'The sender allows viewing these files here, not downloading them.');
    expect(await files.getByRole('button', { name: 'Download deck.pdf' }).count()).toBe(0);
    // pdf.js is not loaded by the list, only by the viewer.
    expect(scripts.filter((s) => /pdf-engine|pdf\.worker/.test(s))).toEqual([]);

    await files.getByRole('button', { name: 'Open deck.pdf' }).click();
    await onPage(viewer, 1);
    expect(scripts.some((s) => /pdf-engine/.test(s))).toBe(true);
    expect(await viewer.getByText('View only').isVisible()).toBe(true);
    expect(await viewer.getByRole('button', { name: /Download/ }).count()).toBe(0);
    expect(await seriousAxeViolations(viewer)).toEqual([]);
    await noSidewaysScroll(viewer);
    await viewer.screenshot({ path: '/tmp/share-viewer-desktop.png' });
    await viewer.waitForTimeout(3000);
    await viewer.getByRole('button', { name: 'Next page' }).click();
    await onPage(viewer, 2);
    await viewer.waitForTimeout(2000);
    await viewer.keyboard.press('ArrowRight');
    await onPage(viewer, 3);
    expect(await viewer.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await viewer.waitForTimeout(1000);

    // The API refuses a copy for this link, whatever the page shows.
    const refused = await viewer.evaluate(async () => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('preseed-share:')) ?? '';
      const { session: viewing, files: shared } = JSON.parse(sessionStorage.getItem(key) ?? '{}') as {
        session: string;
        files: { id: string }[];
      };
      const res = await fetch('/api/shared/download', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session: viewing, fileId: shared[0]?.id }),
      });
      return { status: res.status, body: (await res.json()) as { error: string } };
    });
    expect(refused).toMatchObject({ status: 403, body: { error: 'DownloadsOff' } });

    // Back to the list: the viewer closes and sends what it counted.
    await viewer.getByRole('button', { name: 'Back to files' }).click();
    await expect.poll(() => files.getByText('deck.pdf').isVisible(), { timeout: 15_000 }).toBe(true);
    // The page never left the site for a storage address.
    expect(navigations.every((n) => n.startsWith(app.url))).toBe(true);

    // The same link on a phone.
    const phone = await (await browser.newContext({ viewport: PHONE, isMobile: true })).newPage();
    await phone.goto(url);
    await phone.getByRole('button', { name: 'Open deck.pdf' }).click();
    await onPage(phone, 1);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await noSidewaysScroll(phone);
    await phone.screenshot({ path: '/tmp/share-viewer-phone.png' });
    await phone.getByRole('button', { name: 'Back to files' }).click();

    // The founder: pages reached and time per page, in the link's details.
    await page.reload();
    const details = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Viewer deck' }) });
    await details.getByRole('button', { name: 'Show views' }).click();
    const reading = details.getByRole('region', { name: 'Reading per file' });
    await expect
      .poll(() => reading.getByText(/2 viewer sessions · .* in all · 3 of 3 pages reached/).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    const perPage = reading.getByRole('list', { name: 'Time per page of deck.pdf' });
    const rows = await perPage.getByRole('listitem').allInnerTexts();
    expect(rows).toHaveLength(3);
    // Page 1 was read longest (3 s and more), by both sessions; pages 2 and 3 by the desktop reader.
    expect(rows[0]).toMatch(/^Page 1\s+[3-9] s · 2 readers$/);
    expect(rows[1]).toMatch(/^Page 2\s+[2-9] s · 1 reader$/);
    expect(rows[2]).toMatch(/^Page 3\s+\d+ s · 1 reader$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/share-reading-founder.png', fullPage: true });
    await page.setViewportSize(PHONE);
    // The layout settles a frame after the resize.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), { timeout: 5000 })
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/share-reading-founder-phone.png', fullPage: true });
  });
});
