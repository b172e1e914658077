/**
 * Coaches' two-step verification in the browser, on `npm start` with PRESEED_ADMIN_MFA=required (what every
 * cloud stage does): the administrator's first login guides them through setting up an authenticator app —
 * the test reads the setup key off the page and computes the app's codes — then ends that password-only
 * session and has the coach log in again with a code; only that session opens the coach pages.
 * Every later login asks for the app's code.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MFA_MISSING_MESSAGE } from '../functions/lib/admin-mfa';
import { msLeftInStep, totp } from '../local/totp';
import { type AppProcess, newDataDir, portsEnv, startApp } from './app-process';
import { launchBrowser, logIn, seriousAxeViolations, visible } from './browser';

/** A code with a few seconds left to live, as a person would wait for a fresh one. */
async function freshCode(secret: string): Promise<string> {
  const left = msLeftInStep();
  if (left < 3000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  return totp(secret);
}

/** The access token Amplify keeps for the signed-in user. */
async function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
    return key ? localStorage.getItem(key) : null;
  });
}

/** The admin stats as the signed-in page would fetch them, with the access token Amplify keeps (or `token`). */
async function adminStatsFromPage(
  page: Page,
  token?: string | null,
): Promise<{ status: number; body: { message?: string } }> {
  const bearer = token ?? (await storedAccessToken(page));
  return page.evaluate(async (value) => {
    const res = await fetch('/api/admin/stats', { headers: { authorization: `Bearer ${value}` } });
    return { status: res.status, body: (await res.json()) as { message?: string } };
  }, bearer);
}

/** Sessions end by the whole second (a token's `auth_time`); a person takes longer than that to log in again. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1050 - (Date.now() % 1000)));

describe('a coach where two-step verification is required', () => {
  let app: AppProcess | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    app = await startApp({
      dataDir: await newDataDir(),
      env: { ...(await portsEnv()), PRESEED_ADMIN_MFA: 'required' },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('sets up an authenticator app at the first login, then gives its code at the next', async () => {
    if (!app || !browser) throw new Error('the app and the browser are started in beforeAll');
    expect(app.output()).toMatch(/Coach MFA\s+required/);
    const page = await browser.newPage();

    // First login: the password is right, but the coach has no authenticator app yet.
    await logIn(page, app.url, 'admin', app.adminPassword);
    await visible(page, 'Set up two-step verification');
    const heading = page.getByRole('heading', { name: 'Set up two-step verification' });
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(() => page.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Signed in, but the API refuses the coach pages until the app is set up.
    const refused = await adminStatsFromPage(page);
    expect(refused).toEqual({ status: 403, body: { error: 'Forbidden', message: ADMIN_MFA_MISSING_MESSAGE } });

    const secret = ((await page.locator('code').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const link = await page
      .getByRole('link', { name: 'Open in an authenticator app on this device' })
      .getAttribute('href');
    expect(link).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(link ?? '').searchParams.get('secret')).toBe(secret);
    expect(new URL(link ?? '').searchParams.get('issuer')).toBe('Preseed');

    // A wrong code is said in the field; the right one turns the app on and ends this password-only session.
    const passwordOnlyToken = await storedAccessToken(page);
    const codeField = page.getByLabel('Authentication code');
    const right = await freshCode(secret);
    await codeField.fill(String((Number(right) + 1) % 1_000_000).padStart(6, '0'));
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await visible(page, "That code didn't match.");
    await codeField.fill(await freshCode(secret));
    await codeField.press('Enter');
    await visible(page, 'Log in again with your password and a code from your authenticator app.');
    await expect.poll(() => page.getByLabel('Password').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedAccessToken(page)).toBeNull();
    expect((await adminStatsFromPage(page, passwordOnlyToken)).status).toBe(401);

    // Logging in again asks for the app's code; that session opens the coach pages.
    await nextSecond();
    await logIn(page, app.url, 'admin', app.adminPassword);
    await visible(page, 'enter the 6-digit code your authenticator app shows');
    await page.keyboard.type(await freshCode(secret));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin-home');
    await visible(page, 'Registered platform users');
    expect((await adminStatsFromPage(page)).status).toBe(200);
    expect((await adminStatsFromPage(page, passwordOnlyToken)).status).toBe(401);

    // Next login: Cognito asks for the app's code; the field has the focus, so the keyboard alone finishes it.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
    await logIn(page, app.url, 'admin', app.adminPassword);
    await visible(page, 'enter the 6-digit code your authenticator app shows');
    await expect
      .poll(() => page.getByLabel('Authentication code').evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await page.getByLabel('Password').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.type(await freshCode(secret));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin-home');
    await visible(page, 'Registered platform users');
    expect(await page.getByText('Set up two-step verification').count()).toBe(0);
  });
});
