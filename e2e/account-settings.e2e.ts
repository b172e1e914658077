/**
 * Account settings: a founder renames themselves, changes their password, sees their payment's
 * receipt, then deletes the account — after which nothing of it answers: not the sign-in, not the files, not
 * the API (the table's side is checked item by item in functions/http/deletion.int.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations, visible } from './browser';
import { accessToken, mail, signUpPaidFounder } from './founders';
import { freshAppAndBrowser } from './session';

describe('account settings in the browser', () => {
  const session = freshAppAndBrowser();

  it('renames, changes the password, shows the receipt, and deletes the account for good', async () => {
    const url = session.app.url;
    const founder = await signUpPaidFounder(url);
    const token = await accessToken(url, founder.email, founder.password);
    const files = await fetch(`${url}/api/files`, { headers: { authorization: `Bearer ${token}` } });
    expect(files.status).toBe(200);

    const context = await session.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await logIn(page, url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${url}/account`);
    await page.getByRole('heading', { level: 1, name: 'Account Settings' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Names.
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Startup name').fill('Analytical Engines');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await visible(page, 'Profile saved.');

    // Password: a wrong current one is said in its field; the right one changes it.
    const newPassword = 'Brand-New-Passw0rd';
    await page.getByLabel('Current password').fill('Not-The-Passw0rd');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(page, 'Your current password is not right.');
    await page.getByLabel('Current password').fill(founder.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(page, 'Password changed.');

    // The receipt Stripe keeps for the payment.
    const receipt = page.getByRole('link', { name: /View your Stripe receipt/ });
    await receipt.waitFor();
    const receiptPage = await fetch((await receipt.getAttribute('href')) ?? 'missing');
    expect(receiptPage.status).toBe(200);

    // Deleting asks for the email first, then it is gone.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByLabel(/^Type .* to confirm$/).fill(founder.email);
    await confirm.click();
    // Signed out, like Log out: on the login page, with the news.
    await page.waitForURL('**/login');
    await visible(page, 'Your account has been deleted.');

    expect((await mail(url, founder.email)).some((m) => m.subject === 'Your Preseed account has been deleted')).toBe(
      true,
    );
    await expect(accessToken(url, founder.email, newPassword)).rejects.toThrow();
    await logIn(page, url, founder.email, newPassword);
    await visible(page, 'Incorrect email or password');
    // The old token outlives the user by minutes, but it is told the account was deleted (another browser signs out).
    const me = await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    expect(await me.json()).toMatchObject({ error: 'AccountDeleted' });
    await context.close();
  });
});
