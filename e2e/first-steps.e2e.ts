/**
 * Small things a founder meets on the way in, at 1280×900 and 390×844, axe-clean: signed out, the setup wizard asks
 * to log in instead of letting a visitor fill three steps it cannot save; a wrong sign-up code's toast is gone once
 * the right code creates the account; and the dashboard's documents card, with its recent views, keeps the cards
 * beside it at their own height. Screenshots go to PRESEED_SCREENSHOTS (default: the temp folder).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations, submitSignUpForm, visible } from './browser';
import { codeFromMail, founderApi, newFounder, signUpPaidFounder } from './founders';
import { freshAppAndBrowser } from './session';

const SCREENSHOTS = process.env.PRESEED_SCREENSHOTS ?? tmpdir();
const SIZES = [
  { name: '1280x900', viewport: { width: 1280, height: 900 }, isMobile: false },
  { name: '390x844', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

describe('first steps in the browser', () => {
  const session = freshAppAndBrowser();

  it('signed out, the setup wizard asks to log in first and offers nothing to fill', async () => {
    for (const size of SIZES) {
      const context = await session.browser.newContext({ viewport: size.viewport, isMobile: size.isMobile });
      const page = await context.newPage();
      await page.goto(`${session.app.url}/onboarding`);
      await expect.poll(() => page.getByRole('link', { name: 'Log in' }).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Set up your startup');
      await visible(page, /so log in first/);
      expect(await page.getByLabel('Startup name').count()).toBe(0);
      expect(await page.getByRole('button', { name: /Next|Complete Setup/ }).count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await noSidewaysScroll(page);
      await page.screenshot({ path: join(SCREENSHOTS, `onboarding-signed-out-${size.name}.png`), fullPage: true });
      await page.getByRole('link', { name: 'Log in' }).click();
      await page.waitForURL('**/login');
      await context.close();
    }
  });

  it("a wrong code's 'Invalid OTP' toast is gone once the right code creates the account", async () => {
    for (const size of SIZES) {
      const founder = newFounder();
      const context = await session.browser.newContext({ viewport: size.viewport, isMobile: size.isMobile });
      const page = await context.newPage();
      await page.goto(`${session.app.url}/signup`);
      await submitSignUpForm(page, founder);
      await page.waitForURL('**/otp-verification');
      const code = await codeFromMail(session.app.url, founder.email, /^Your Sign-In Verification Code$/);
      const wrong = code === '000000' ? '111111' : '000000';
      await page.getByLabel('Verification code').fill(wrong);
      await page.getByRole('button', { name: 'Verify Email' }).click();
      const notifications = page.getByRole('region', { name: 'Notifications' });
      await expect
        .poll(() => notifications.getByText('Invalid OTP', { exact: true }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await page.getByLabel('Verification code').fill(code);
      await page.getByRole('button', { name: 'Verify Email' }).click();
      await expect
        .poll(() => notifications.getByText('Account created successfully!').isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(await notifications.getByText(/Invalid OTP/).count()).toBe(0);
      await page.screenshot({ path: join(SCREENSHOTS, `signup-created-toast-${size.name}.png`) });
      await page.waitForURL('**/payment');
      await context.close();
    }
  });

  it("the documents card's recent views keep the cards beside it at their own height", async () => {
    const { app, browser } = session;
    const founder = await signUpPaidFounder(app.url);
    // A link to a whole category needs no upload; two viewers open it, so the card lists two views.
    const created = (await founderApi(app.url, founder, 'POST', '/api/shares', {
      category: 'pitch-deck',
      requireEmail: true,
    })) as { token: string };
    for (const email of ['partner.long-name@venture-capital-fund.example', 'angel@example.com']) {
      const opened = await fetch(`${app.url}/api/shared/open`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: created.token, email }),
      });
      expect(opened.status).toBe(200);
    }

    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: size.viewport, isMobile: size.isMobile });
      const page = await context.newPage();
      await logIn(page, app.url, founder.email, founder.password);
      await page.waitForURL('**/dashboard');
      const summary = page.getByRole('region', { name: 'Summary' });
      await expect
        .poll(() => summary.getByText(/venture-capital-fund\.example/).isVisible(), { timeout: 15_000 })
        .toBe(true);
      // Each card as laid out, and as tall as its own content (pinned to the top of its row): equal when nothing
      // stretches a card to its row's tallest neighbour.
      const cards = await summary.getByRole('listitem').evaluateAll((items) => {
        const own = items.filter((item) => item.parentElement?.classList.contains('dashboard__cards'));
        const laidOut = own.map((item) => item.getBoundingClientRect().height);
        for (const item of own) (item as HTMLElement).style.alignSelf = 'start';
        const natural = own.map((item) => item.getBoundingClientRect().height);
        for (const item of own) (item as HTMLElement).style.alignSelf = '';
        return { laidOut, natural };
      });
      expect(cards.laidOut).toHaveLength(5);
      expect(cards.laidOut).toEqual(cards.natural);
      // The documents card (last) is the tall one: its views did not fit a number card's height.
      const [documents = 0, ...stats] = [...cards.laidOut].reverse();
      expect(documents).toBeGreaterThan(Math.max(...stats) + 40);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await noSidewaysScroll(page);
      await page.screenshot({ path: join(SCREENSHOTS, `dashboard-recent-views-${size.name}.png`), fullPage: true });
      await context.close();
    }
  });
});
