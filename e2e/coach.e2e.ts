/**
 * A coach's work in the browser — author a trigger question with a YouTube
 * video, edit and delete it; find a founder who answered everything under Pending
 * Unlock, read their answers, unlock, see them under Unlocked; the unlock email is in
 * the mail viewer and the founder's Value Proposition link opens after a reload.
 */
import { describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations, visible } from './browser';
import { answerAllTriggerQuestions, eventsSettled, mail, signUpPaidFounder } from './founders';
import { freshAppAndBrowser } from './session';

describe('a coach in the browser', () => {
  const session = freshAppAndBrowser();

  it('authors questions, reviews a founder and unlocks their next phase', async () => {
    const coach = await session.browser.newPage();
    await logIn(coach, session.app.url, 'admin', session.app.adminPassword);
    await coach.waitForURL('**/admin-home');
    await visible(coach, 'Registered platform users');
    expect(await seriousAxeViolations(coach)).toEqual([]);

    await coach.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trigger Questions' }).click();
    await coach.waitForURL('**/admin-trigger-questions');
    await visible(coach, 'Trigger Questions Management');
    expect(await seriousAxeViolations(coach)).toEqual([]);

    // Add a question with a YouTube watch URL, and see it embedded.
    await coach.getByRole('button', { name: 'Add Question', exact: true }).click();
    const dialog = coach.getByRole('dialog', { name: 'Add Question' });
    await dialog.getByLabel('Question Category').selectOption('Customer Pains');
    await dialog.getByLabel('Question Text').fill('What would make them switch today?');
    await dialog.getByLabel('Explanatory Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await dialog.getByRole('button', { name: 'Create Question' }).click();
    await visible(coach, 'Trigger question added successfully.');

    const pains = coach.getByRole('button', { name: /^Customer Pains/ });
    if ((await pains.getAttribute('aria-expanded')) === 'false') await pains.click();
    const question = coach.locator('article').filter({ hasText: 'What would make them switch today?' });
    await question.getByRole('button', { name: 'Watch Video' }).click();
    const video = coach.getByRole('dialog', { name: 'Video Tutorial' });
    expect(await video.locator('iframe').getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    // The close button, not Escape: keys pressed while the embedded player has focus stay inside its frame.
    await video.getByRole('button', { name: /^Close/ }).click();
    await expect.poll(() => video.isVisible()).toBe(false);

    // Edit it inline, then delete it after the app's confirmation, which names the question.
    await question.getByRole('button', { name: 'Edit' }).click();
    await question.getByLabel('Question Text').fill('What would make them switch this week?');
    await question.getByRole('button', { name: 'Save' }).click();
    await visible(coach, 'Trigger question updated successfully.');
    const edited = coach.locator('article').filter({ hasText: 'What would make them switch this week?' });
    await edited.getByRole('button', { name: 'Delete question: What would make them switch this week?' }).click();
    const confirm = coach.getByRole('dialog', { name: 'Are you sure?' });
    await expect.poll(() => confirm.textContent()).toContain('“What would make them switch this week?”');
    await confirm.getByRole('button', { name: 'Delete question' }).click();
    await visible(coach, 'Trigger question deleted successfully.');
    await eventsSettled(session.app.url);

    // A founder answers everything (through the API, as their pages do).
    const founder = await signUpPaidFounder(session.app.url);
    expect(await answerAllTriggerQuestions(session.app.url, founder)).toBe(27);
    await eventsSettled(session.app.url);

    await coach.reload();
    await coach.getByRole('tab', { name: /Pending Unlock/ }).click();
    const row = coach.getByRole('row').filter({ hasText: founder.email });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('27');

    await row.getByRole('button', { name: 'View Answers' }).click();
    const answers = coach.getByRole('dialog', { name: /Answers from/ });
    await expect.poll(() => answers.getByText('Question 1', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => answers.getByText('Answer 1', { exact: true }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(coach)).toEqual([]);
    await answers
      .getByRole('button', { name: /^Close/ })
      .first()
      .click();
    await expect.poll(() => answers.isVisible()).toBe(false);

    await row.getByRole('button', { name: 'Unlock' }).click();
    // The unlock asks first, naming the founder and the phase.
    await coach.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Unlock' }).click();
    await visible(coach, 'Next phase unlocked for user successfully.');
    await coach.getByRole('tab', { name: /^Unlocked/ }).click();
    const unlockedRow = coach.getByRole('row').filter({ hasText: founder.email });
    await expect.poll(() => unlockedRow.getByText('Unlocked', { exact: true }).isVisible()).toBe(true);

    await eventsSettled(session.app.url);
    expect((await mail(session.app.url, founder.email)).map((m) => m.subject)).toContain(
      "A New Step Just Unlocked – Let's Craft Your Value Proposition",
    );

    // The founder's sidebar: Value Proposition opens after a reload.
    const founderPage = await (await session.browser.newContext()).newPage();
    await logIn(founderPage, session.app.url, founder.email, founder.password);
    await founderPage.waitForURL('**/dashboard');
    await founderPage.reload();
    // The sidebar's link: the dashboard's next-step card also links there ('Open the Value Proposition').
    await founderPage
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Value Proposition' })
      .click();
    await founderPage.waitForURL('**/value-proposition');
    await coach.close();
    await founderPage.close();
  });
});
