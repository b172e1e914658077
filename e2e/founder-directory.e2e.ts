/**
 * A coach finds a founder in the founder directory (search, keyboard only), opens their page and
 * downloads a file from their data room — the same bytes the founder uploaded — on a desktop (1280×900) and a phone
 * (390×844, no sideways scroll), with no serious or critical axe violation. Screenshots to /tmp/founder-directory.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { pdfBytes } from '../test/pdf-files';
import { logIn, seriousAxeViolations, visible } from './browser';
import { accessToken, type Founder, newFounder, signUpFounder, signUpPaidFounder } from './founders';
import { noSidewaysScroll } from './page-checks';
import { freshAppAndBrowser } from './session';

const SHOTS = '/tmp/founder-directory';

/** Uploads through the API as the data-room page does: presigned POST straight to storage, then the confirm. */
async function uploadFile(appUrl: string, founder: Founder, name: string, bytes: Buffer): Promise<void> {
  const token = await accessToken(appUrl, founder.email, founder.password);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const start = await fetch(`${appUrl}/api/files/uploads`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name, size: bytes.length, contentType: 'application/pdf', category: 'financial' }),
  });
  const { url, fields, key } = (await start.json()) as { url: string; fields: Record<string, string>; key: string };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const stored = await fetch(url, { method: 'POST', body: form });
  if (stored.status >= 300) throw new Error(`upload: ${stored.status}`);
  const confirm = await fetch(`${appUrl}/api/files`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ key, name, category: 'financial' }),
  });
  if (confirm.status !== 201) throw new Error(`confirm: ${confirm.status} ${await confirm.text()}`);
}

describe('founder directory in the browser', () => {
  const session = freshAppAndBrowser();

  it('a coach searches a founder, opens their page and downloads their file, on a desktop and a phone', async () => {
    const { app, browser } = session;
    await mkdir(SHOTS, { recursive: true });
    const ada = await signUpPaidFounder(app.url, { ...newFounder(), firstName: 'Ada' });
    await signUpFounder(app.url, { ...newFounder(), firstName: 'Linus' });
    const pdf = pdfBytes(256 * 1024);
    await uploadFile(app.url, ada, 'Financial plan 2027.pdf', pdf);

    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, app.url, 'admin', app.adminPassword);
    await page.waitForURL('**/admin-home');
    await page.getByRole('link', { name: 'Founders' }).click();
    await page.waitForURL('**/admin-founders');
    await visible(page, 'Showing 2 founders of 2.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/directory-1280.png`, fullPage: true });

    // Keyboard only: focus the search, type part of the email, tab to the founder's link and open it.
    const search = page.getByRole('searchbox', { name: 'Search by name, email or startup' });
    await search.focus();
    await page.keyboard.type(ada.email.split('@')[0]?.toUpperCase() ?? '');
    await visible(page, '1 match among the 2 most recently active founders looked at (every founder).');
    expect(await page.getByRole('link', { name: 'Linus Hopper' }).count()).toBe(0);
    const link = page.getByRole('link', { name: 'Ada Hopper' });
    for (let i = 0; i < 10 && !(await link.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin-founders/*');
    await visible(page, 'Compilers Inc');
    await visible(page, 'Financial plan 2027.pdf');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/founder-1280.png`, fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Financial plan 2027.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Financial plan 2027.pdf');
    expect((await readFile(await download.path())).equals(pdf)).toBe(true);
    // The toast that says so is closed first: a toast sliding in is not part of the page's width.
    await page.getByRole('button', { name: 'Close notification' }).click();

    // The phone: the directory's rows become cards and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/founder-390.png`, fullPage: true });
    await noSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/founder-390.png`, fullPage: true });
    await page.goto(`${app.url}/admin-founders`);
    await visible(page, 'Showing 2 founders of 2.');
    await noSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/directory-390.png`, fullPage: true });
    await context.close();
  }, 180_000);
});
