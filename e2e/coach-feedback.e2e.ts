/**
 * Coaching that talks back, in two browser contexts on one local stack. The coach rates and comments on
 * two trigger answers and asks for changes; within 2 s the founder's sidebar shows the badge, the comments are under
 * the answers, and the email is in the local mail viewer. The founder edits an answer and replies: they are back on
 * the coach's Pending list with the reply visible in the review dialog, and the coach unlocks. Both sides' pages pass
 * axe and fit a 390 × 844 phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations, visible } from './browser';
import { answerAllTriggerQuestions, eventsSettled, mail, signUpPaidFounder } from './founders';
import { freshAppAndBrowser } from './session';

const COMMENT_1 = 'Who exactly buys the meal plans?';
const COMMENT_2 = 'Name one pain in their own words.';
const REQUEST = 'Please sharpen your first two customer jobs.';
const REPLY = 'Parents of toddlers who work full time.';
const SUBJECT = 'Your coach left feedback on your Trigger Questions';

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('coach feedback in the browser', () => {
  const session = freshAppAndBrowser();

  it('comments and a change request reach the founder live; their edit and reply send them back for the unlock', async () => {
    const { url, adminPassword } = session.app;
    const founder = await signUpPaidFounder(url);
    expect(await answerAllTriggerQuestions(url, founder)).toBe(27);
    await eventsSettled(url);

    const founderPage = await (await session.browser.newContext()).newPage();
    await logIn(founderPage, url, founder.email, founder.password);
    await founderPage.waitForURL('**/dashboard');
    const sidebar = founderPage.getByRole('navigation', { name: 'Main' });
    await sidebar.getByRole('link', { name: 'Trigger Questions' }).waitFor({ timeout: 10_000 });
    // Let the founder's realtime connection open before the coach acts.
    await founderPage.waitForTimeout(1000);

    const coach = await (await session.browser.newContext()).newPage();
    await logIn(coach, url, 'admin', adminPassword);
    await coach.waitForURL('**/admin-home');
    await coach.goto(`${url}/admin-trigger-questions`);
    const pendingRow = coach.getByRole('row').filter({ hasText: founder.email });
    await coach.screenshot({ path: '/tmp/coach-feedback-list.png' });
    await expect.poll(() => pendingRow.count(), { timeout: 20_000 }).toBe(1);
    await pendingRow.getByRole('button', { name: 'View Answers' }).click();
    const dialog = coach.getByRole('dialog', { name: /Answers from/ });
    await dialog.getByRole('group', { name: 'Rating for question 1', exact: true }).waitFor({ timeout: 10_000 });

    await dialog
      .getByRole('group', { name: 'Rating for question 1', exact: true })
      .getByRole('radio', { name: '2' })
      .check();
    await dialog
      .getByRole('group', { name: 'Verdict on question 1', exact: true })
      .getByRole('radio', { name: 'Needs work' })
      .check();
    await dialog.getByRole('textbox', { name: 'Comment on question 1', exact: true }).fill(COMMENT_1);
    // Feedback saves as it is given (no Save button): the comment after the pause in typing.
    await visible(coach, 'Feedback on question 1 saved');
    await dialog
      .getByRole('group', { name: 'Rating for question 2', exact: true })
      .getByRole('radio', { name: '4' })
      .check();
    await dialog.getByRole('textbox', { name: 'Comment on question 2', exact: true }).fill(COMMENT_2);
    await visible(coach, 'Feedback on question 2 saved');
    expect(await seriousAxeViolations(coach)).toEqual([]);

    await dialog.getByRole('textbox', { name: 'Message to the founder' }).fill(REQUEST);
    await coach.screenshot({ path: '/tmp/coach-feedback-dialog.png' });
    await dialog.getByRole('button', { name: 'Request changes' }).click();
    await visible(coach, 'Changes requested: the founder has been told.');
    const requestedAt = Date.now();

    // The founder's sidebar shows the badge without a reload, pushed over the WebSocket.
    const badge = sidebar.getByTestId('feedback-badge');
    await badge.waitFor({ state: 'visible', timeout: 2000 });
    const pushedInMs = Date.now() - requestedAt;
    expect(pushedInMs).toBeLessThan(2000);
    expect(await badge.textContent()).toContain('2 open comments from your coach');
    console.log(`coach feedback: sidebar badge ${pushedInMs} ms after the change request`);

    // The email, once.
    await eventsSettled(url);
    const emails = (await mail(url, founder.email)).filter((m) => m.subject === SUBJECT);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain(REQUEST);

    // On the trigger page: the request above, the comments under the first two answers, highlighted.
    await sidebar.getByRole('link', { name: /Trigger Questions/ }).click();
    await founderPage.waitForURL('**/trigger-questions');
    await visible(founderPage, 'Your coach asked for changes');
    await visible(founderPage, REQUEST);
    // The group holding the comments opens by itself while the request stands.
    await visible(founderPage, COMMENT_1);
    await visible(founderPage, COMMENT_2);
    expect(await founderPage.getByRole('button', { name: /^Customer Jobs/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await founderPage.locator('.fb-highlight').count()).toBe(2);
    expect(await seriousAxeViolations(founderPage)).toEqual([]);
    await founderPage.screenshot({ path: '/tmp/coach-feedback-founder.png', fullPage: false });

    // The founder edits the first answer and replies to the first comment.
    const firstCard = founderPage.locator('article.question-card').filter({ hasText: COMMENT_1 });
    await firstCard.getByRole('button', { name: 'Edit Answer' }).click();
    await firstCard.getByRole('textbox').first().fill('Working parents of toddlers in cities');
    await firstCard.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(founderPage, 'Answer saved successfully!');
    await firstCard.getByRole('textbox', { name: 'Reply to your coach' }).fill(REPLY);
    await firstCard.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => firstCard.getByText(REPLY).isVisible(), { timeout: 10_000 }).toBe(true);
    await firstCard.screenshot({ path: '/tmp/coach-feedback-thread.png' });
    // Back on Pending: the request no longer shows, nor the highlight.
    await expect.poll(() => founderPage.getByText('Your coach asked for changes').count(), { timeout: 10_000 }).toBe(0);

    // The coach finds the founder on Pending again, reads the reply and unlocks.
    await coach.goto(`${url}/admin-trigger-questions`);
    await coach.getByRole('tab', { name: /Pending Unlock/ }).click();
    const backRow = coach.getByRole('row').filter({ hasText: founder.email });
    await expect.poll(() => backRow.count(), { timeout: 10_000 }).toBe(1);
    expect(await coach.getByRole('tab', { name: /Changes Requested/ }).textContent()).toContain('0');
    expect(await backRow.getByRole('cell', { name: /out of 5/ }).textContent()).toContain('3.0');
    await backRow.getByRole('button', { name: 'View Answers' }).click();
    await visible(coach, REPLY);
    await coach.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await backRow.getByRole('button', { name: 'Unlock' }).click();
    // The unlock asks first, naming the founder and the phase.
    await coach.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Unlock' }).click();
    await visible(coach, 'Next phase unlocked for user successfully.');
    await sidebar
      .getByRole('link', { name: 'Value Proposition', exact: true })
      .waitFor({ state: 'visible', timeout: 5000 });

    // Both sides fit a phone.
    await founderPage.setViewportSize({ width: 390, height: 844 });
    await founderPage.reload();
    await visible(founderPage, 'Trigger Questions');
    await founderPage.getByRole('button', { name: /^Customer Jobs/ }).click();
    await visible(founderPage, COMMENT_1);
    expect(await fits(founderPage)).toBe(true);
    await founderPage.screenshot({ path: '/tmp/coach-feedback-founder-phone.png', fullPage: false });
    await coach.setViewportSize({ width: 390, height: 844 });
    await coach.getByRole('tab', { name: /Unlocked/ }).click();
    await coach
      .getByRole('row')
      .filter({ hasText: founder.email })
      .getByRole('button', { name: 'View Answers' })
      .click();
    await visible(coach, COMMENT_1);
    expect(await fits(coach)).toBe(true);
    await coach.screenshot({ path: '/tmp/coach-feedback-dialog-phone.png', fullPage: false });
  }, 240_000);
});
