/**
 * A founder's way in, as a person does it in the browser — sign-up with
 * the emailed code, payment on the local checkout, login, the guards, and a
 * password reset — against `npm start` on a fresh data directory.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations, submitSignUpForm, visible } from './browser';
import { codeFromMail, type Founder, newFounder, signUpFounder, signUpPaidFounder } from './founders';
import { freshAppAndBrowser } from './session';

describe('accounts in the browser', () => {
  const session = freshAppAndBrowser();

  async function logOut(page: Page) {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
  }

  it('signs up with the emailed code, pays on the local checkout, is welcomed, reaches the dashboard, and logs back in', async () => {
    const founder = newFounder();
    const page = await session.browser.newPage();
    await page.goto(session.app.url);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Sign up' }).first().click();
    await page.waitForURL('**/signup');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await submitSignUpForm(page, founder);

    await page.waitForURL('**/otp-verification');
    await visible(page, 'Verification code sent');
    await visible(page, /Code expires in [45]:\d\d/);
    expect(await page.getByRole('button', { name: 'Resend Code' }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const code = await codeFromMail(session.app.url, founder.email, /^Your Sign-In Verification Code$/);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await visible(page, 'Account created successfully!');

    await page.waitForURL('**/payment');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.waitForURL(/\/checkout\/cs_/);
    await visible(page, /no card is charged/i);
    await page.getByRole('button', { name: /^Pay / }).click();

    await page.waitForURL(/\/payment-success\?session_id=cs_/);
    // The first payment leads through Account Created and the setup wizard (unpaid-login.e2e.ts fills it in).
    await page.waitForURL('**/account-created', { timeout: 15_000 });
    await page.getByRole('link', { name: 'Start Building Your Startup' }).click();
    await page.waitForURL('**/onboarding');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await logOut(page);

    await logIn(page, session.app.url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
    await page.close();
  });

  it('sends an unpaid founder to the payment page at login, still signed in', async () => {
    const founder = await signUpFounder(session.app.url);
    const page = await session.browser.newPage();
    await logIn(page, session.app.url, founder.email, founder.password);
    await page.waitForURL('**/payment');
    await visible(page, 'Payment Required');
    await visible(page, 'Please complete your payment to access the platform.');
    // The session was kept, and the product stays closed: a founder page leads back to the payment.
    await page.goto(`${session.app.url}/dashboard`);
    await page.waitForURL('**/payment');
    await page.close();
  });

  it('refuses a wrong code, and the sixth try even with the right code', async () => {
    const founder = newFounder();
    const page = await session.browser.newPage();
    await page.goto(`${session.app.url}/signup`);
    await submitSignUpForm(page, founder);
    await page.waitForURL('**/otp-verification');

    const code = await codeFromMail(session.app.url, founder.email, /Verification Code/);
    const wrong = code === '999999' ? '999998' : String(Number(code) + 1);
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('Verification code').fill(wrong);
      await page.getByRole('button', { name: 'Verify Email' }).click();
      await expect
        .poll(() =>
          page
            .getByRole('alert')
            .filter({ hasText: 'Invalid OTP: The verification code you entered is incorrect.' })
            .count(),
        )
        .toBeGreaterThan(0);
    }
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await visible(page, /Too many attempts/);
    expect(page.url()).toContain('/otp-verification');
    await page.close();
  });

  it('keeps founders out of admin pages and administrators out of founder pages', async () => {
    const founder: Founder = await signUpPaidFounder(session.app.url);
    const page = await session.browser.newPage();
    await logIn(page, session.app.url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${session.app.url}/admin-home`);
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/dashboard');
    await logOut(page);

    await logIn(page, session.app.url, 'admin', session.app.adminPassword);
    await page.waitForURL('**/admin-home');
    await page.goto(`${session.app.url}/dashboard`);
    await page.waitForURL('**/admin-home');
    await page.close();
  });

  it('resets a forgotten password with the emailed code', async () => {
    const founder = await signUpPaidFounder(session.app.url);
    const page = await session.browser.newPage();
    // An email without an account gets the same answer, so the form tells nobody which emails have one.
    await page.goto(`${session.app.url}/login`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(`nobody-${founder.email}`);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await visible(page, 'Password reset code sent!');
    await page.waitForURL('**/reset-password**');

    await page.goto(`${session.app.url}/login`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(founder.email);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await visible(page, 'Password reset code sent!');
    await page.waitForURL('**/reset-password**');

    // Worded by the CustomMessage trigger (functions/cognito/custom-message.ts), offline as in the cloud.
    const code = await codeFromMail(session.app.url, founder.email, /^Your Preseed password reset code$/);
    const newPassword = 'Brand-New-Passw0rd';
    await page.getByLabel('Code from the email').fill(code);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/login');

    await logIn(page, session.app.url, founder.email, newPassword);
    await page.waitForURL('**/dashboard');
    await page.close();
  });
});
