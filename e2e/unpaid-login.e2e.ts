/**
 * No dead ends on the way in: a founder who signed up and verified but left before paying can log in
 * again, lands on the payment page still signed in, pays on the local checkout and goes on through Account Created
 * and the setup wizard to the dashboard. Login errors say the same for an unknown email and a wrong password.
 * Phone-sized (390×844), every page axe-clean and without sideways scroll, against `npm start` on a fresh data
 * directory.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations, submitSignUpForm, visible } from './browser';
import { accessToken, codeFromMail, newFounder } from './founders';
import { freshAppAndBrowser } from './session';

const PHONE = { width: 390, height: 844 };

/** Axe-clean and as wide as the phone: what every page of this journey must be. */
async function expectUsable(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
}

/** Moves the focus with Tab, as a keyboard user does, until it is on the control with this text. */
async function tabTo(page: Page, text: string) {
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === text) return;
  }
  throw new Error(`Tab never reached "${text}" on ${page.url()}`);
}

describe('an unpaid founder in the browser', () => {
  const session = freshAppAndBrowser();

  it('logs in again after leaving the payment page, pays, and goes on through Account Created and the setup wizard', async () => {
    const founder = newFounder();
    const app = session.app.url;
    const context = await session.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();

    // Sign up and verify, as a person does.
    await page.goto(`${app}/signup`);
    await submitSignUpForm(page, founder);
    await page.waitForURL('**/otp-verification');
    const code = await codeFromMail(app, founder.email, /^Your Sign-In Verification Code$/);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.waitForURL('**/payment');

    // Leave without paying: the session stays, and the product stays closed (the guard and the API both say so).
    await page.goto(`${app}/dashboard`);
    await page.waitForURL('**/payment');
    await visible(page, founder.email);
    const token = await accessToken(app, founder.email, founder.password);
    const dashboard = await fetch(`${app}/api/dashboard`, { headers: { authorization: `Bearer ${token}` } });
    expect(dashboard.status).toBe(403);
    expect(await dashboard.text()).toContain('Payment Required');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');

    // The login form never tells which emails have accounts.
    await logIn(page, app, `nobody-${founder.email}`, founder.password);
    await visible(page, 'Incorrect email or password');
    await page.reload();
    await logIn(page, app, founder.email, 'Wrong-Passw0rd');
    await visible(page, 'Incorrect email or password');
    expect(new URL(page.url()).pathname).toBe('/login');

    // Back with the right password: the payment page, still signed in (it used to sign out here for good).
    await logIn(page, app, founder.email, founder.password);
    await page.waitForURL('**/payment');
    await visible(page, 'Payment Required');
    await visible(page, 'Please complete your payment to access the platform.');
    await expect.poll(() => page.getByRole('button', { name: 'Pay Now' }).isVisible()).toBe(true);
    await expectUsable(page);

    // Pay on the local checkout (keyboard only on our page).
    await tabTo(page, 'Pay Now');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/checkout\/cs_/);
    await visible(page, /no card is charged/i);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/payment-success\?session_id=cs_/);
    await visible(page, 'Payment successful!');

    // Account Created, then the setup wizard (the startup name from sign-up is already there).
    await page.waitForURL('**/account-created', { timeout: 15_000 });
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Account Created!' }).isVisible()).toBe(true);
    await expectUsable(page);
    await tabTo(page, 'Start Building Your Startup');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/onboarding');
    await expect.poll(() => page.getByLabel('Startup name').inputValue()).toBe('Compilers Inc');
    await expectUsable(page);
    await page.getByLabel('Business type').selectOption('saas');
    await page.getByLabel('Stage').selectOption('mvp');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Industry').selectOption('tech');
    await page.getByLabel('Customer type').selectOption('b2b');
    await page.getByLabel('Brief description').fill('Compilers that explain their errors');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Team size').selectOption('2-5');
    await page.getByLabel('Funding status').selectOption('bootstrapped');
    await expectUsable(page);
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await visible(page, 'Setup complete!');

    // The dashboard: the product is open now.
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Dashboard' }).isVisible()).toBe(true);
    await expectUsable(page);

    // The wizard stays editable: its path shows the saved answers, and leads back.
    await page.goto(`${app}/onboarding`);
    await expect.poll(() => page.getByLabel('Business type').inputValue()).toBe('saas');
    expect(await page.getByLabel('Stage').inputValue()).toBe('mvp');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
