/**
 * A founder's core work in the browser — generate and save an idea with the
 * offline drafter, answer every trigger question, see the 36-hour completion view and
 * the email; then, unlocked by a coach through the API, add, edit and delete
 * value-proposition answers (one containing ' - ') and find them intact after a reload.
 */
import { describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations, visible } from './browser';
import { accessToken, mail, signUpPaidFounder } from './founders';
import { freshAppAndBrowser } from './session';

describe('the founder journey in the browser', () => {
  const session = freshAppAndBrowser();

  it('goes from idea to trigger questions to the value proposition canvas', async () => {
    const founder = await signUpPaidFounder(session.app.url);
    const page = await session.browser.newPage();
    await logIn(page, session.app.url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
    // A new founder is welcomed, and told the one thing to do next.
    await visible(page, /^Welcome, /);
    const next = page.getByRole('region', { name: 'Generate your idea' });
    await next.getByRole('link', { name: 'Generate your idea', exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Idea: the offline drafter answers without any AI service.
    await page.goto(`${session.app.url}/generate-idea`);
    await page.getByLabel('Your business idea').fill('An app that plans weekly meals for busy parents.');
    await visible(page, '48/2000');
    await page.getByRole('button', { name: 'Generate Ideas' }).click();
    await visible(page, /Drafted offline/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Select This Idea' }).click();
    // The selected idea leaves as a Markdown file, written out in full.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export idea as a Markdown file' }).click();
    expect((await download).suggestedFilename()).toMatch(/-idea\.md$/);
    await page.getByRole('button', { name: 'Move to Trigger Questions' }).click();
    await page.waitForURL('**/trigger-questions');

    // Every trigger question, through the page.
    const collapsed = page.locator('.tq-group button[aria-expanded="false"]');
    const expandGroups = async () => {
      while ((await collapsed.count()) > 0) await collapsed.first().click();
    };
    await expandGroups();
    const unanswered = page.locator('article').filter({ has: page.locator('textarea') });
    await expect.poll(() => unanswered.count()).toBe(27);
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (let i = 27; i > 0; i--) {
      await expandGroups();
      const question = unanswered.first();
      await question.locator('textarea').fill(`Answer ${i}\nA second line - with a dash`);
      await question.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => unanswered.count()).toBe(i - 1);
    }
    await visible(page, /wait for 36 hours to let us review your answers/);
    expect(await page.getByRole('button', { name: 'Move to Value Proposition' }).isDisabled()).toBe(true);
    await expect
      .poll(async () => (await mail(session.app.url, founder.email)).map((m) => m.subject))
      .toContain('Your Trigger Questions are complete – we are reviewing them');

    // A coach unlocks the next phase through the API.
    const me = (await (
      await fetch(`${session.app.url}/api/me`, {
        headers: { authorization: `Bearer ${await accessToken(session.app.url, founder.email, founder.password)}` },
      })
    ).json()) as { userId: string };
    const unlock = await fetch(`${session.app.url}/api/admin/founders/${me.userId}/unlock`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessToken(session.app.url, 'admin', session.app.adminPassword)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ phase: 'trigger' }),
    });
    expect(unlock.status).toBe(200);

    await page.reload();
    await page.getByRole('button', { name: 'Move to Value Proposition' }).click();
    await page.waitForURL('**/value-proposition');
    await page.getByRole('button', { name: 'Questions for Customer Jobs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Questions for Customer Jobs' });
    await dialog
      .getByLabel(/Add New Answer/)
      .first()
      .fill('Parents - of toddlers');
    await dialog.getByRole('button', { name: 'Add answer to question 1' }).click();
    await visible(page, 'Answer saved successfully!');
    await dialog
      .getByLabel(/Add New Answer/)
      .first()
      .fill('Night-shift nurses');
    await dialog.getByRole('button', { name: 'Add answer to question 1' }).click();
    await expect.poll(() => dialog.getByText('Night-shift nurses').count()).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Edit answer 2 to question 1' }).click();
    await dialog.getByLabel('Edit answer 2 to question 1').fill('Night-shift nurses and doctors');
    await dialog.getByRole('button', { name: 'Save answer 2 to question 1' }).click();
    await expect.poll(() => dialog.getByText('Night-shift nurses and doctors').count()).toBeGreaterThan(0);

    await dialog
      .getByLabel(/Add New Answer/)
      .first()
      .fill('To be removed');
    await dialog.getByRole('button', { name: 'Add answer to question 1' }).click();
    await expect.poll(() => dialog.getByText('To be removed').count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Delete answer 3 to question 1' }).click();
    // Deleting asks first, as the data room does.
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Cancel' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => dialog.getByText('To be removed').count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.reload();
    await visible(page, 'Parents - of toddlers');
    await visible(page, 'Night-shift nurses and doctors');
    expect(await page.getByText('To be removed').count()).toBe(0);
    // ' - ' no longer splits an answer: the whole text is one item.
    expect(await page.getByText('of toddlers', { exact: true }).count()).toBe(0);
    await page.close();
  });
});
