/**
 * One review state on every surface, walked request → reply → resave → unlock in two browsers on one local stack.
 * At each step the founder's dashboard next step, the trigger page's status line, banner and completion box, and the
 * sidebar badge, and the coach's list tabs, open review dialog and founder page all say the same thing. On the way:
 * Rate opens the rating step (not the review dialog), the coach's open dialog shows the founder's reply without
 * reopening, and both sides number the questions the same way. Then the same walk on a canvas (the Value
 * Proposition), whose commented block names its question. Axe and screenshots at 1280 × 900 and 390 × 844.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations, visible } from './browser';
import {
  accessToken,
  answerAllTriggerQuestions,
  eventsSettled,
  founderApi,
  signUpPaidFounder,
  unlockPhase,
} from './founders';
import { freshAppAndBrowser } from './session';

const COMMENT = 'Which customer exactly, in one sentence?';
const REQUEST = 'Please make your first customer job concrete.';
const REPLY = 'Working parents of toddlers in cities.';
const WAIT = /wait for 36 hours/;
const CHANGES = 'Your coach asked for changes';

const stepOf = (page: Page) => page.locator('[data-step]').first().getAttribute('data-step');
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function expectNoAxe(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe('one review state on every surface', () => {
  const session = freshAppAndBrowser();

  it('request → reply → resave → unlock: the founder and the coach see the same state at each step', async () => {
    const { url, adminPassword } = session.app;
    const founder = await signUpPaidFounder(url);
    expect(await answerAllTriggerQuestions(url, founder)).toBe(27);
    await eventsSettled(url);
    const { userId } = (await founderApi(url, founder, 'GET', '/api/me')) as { userId: string };
    const review = async () =>
      (await founderApi(url, founder, 'GET', '/api/feedback/trigger')) as { status: string; submittedAt: string };

    const founderPage = await (await session.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await logIn(founderPage, url, founder.email, founder.password);
    await founderPage.waitForURL('**/dashboard');
    const sidebar = founderPage.getByRole('navigation', { name: 'Main' });

    // 1. Waiting: every surface says the coach has it.
    await expect.poll(() => stepOf(founderPage), { timeout: 15_000 }).toBe('trigger-review');
    await founderPage.goto(`${url}/trigger-questions`);
    await visible(founderPage, /waiting for your coach/);
    await visible(founderPage, WAIT);
    expect(await founderPage.getByText(CHANGES).count()).toBe(0);
    const firstSubmission = (await review()).submittedAt;

    const coach = await (await session.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await logIn(coach, url, 'admin', adminPassword);
    await coach.waitForURL('**/admin-home');
    await coach.goto(`${url}/admin-trigger-questions`);
    const row = coach.getByRole('row').filter({ hasText: founder.email });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);

    // Rate opens the rating step: one answer, numbered as the founder's page numbers it.
    await row.getByRole('button', { name: 'Rate' }).click();
    const rate = coach.getByRole('dialog', { name: /Rate answers from/ });
    const step = rate.getByRole('region', { name: 'Answer 1 of 27' });
    await step.waitFor({ timeout: 10_000 });
    expect(await coach.getByRole('dialog', { name: /^Answers from/ }).count()).toBe(0);
    expect(await step.getByText('Question 1', { exact: true }).count()).toBe(1);
    await step.getByRole('group', { name: 'Rating for question 1' }).getByRole('radio', { name: '2' }).check();
    await step.getByRole('textbox', { name: 'Comment on question 1' }).fill(COMMENT);
    await visible(coach, 'Feedback on question 1 saved');
    await expectNoAxe(coach);
    await coach.screenshot({ path: '/tmp/review-state-rate-step.png' });
    await rate.getByRole('button', { name: 'Next answer' }).click();
    await rate.getByRole('region', { name: 'Answer 2 of 27' }).getByText('Question 2', { exact: true }).waitFor();
    await rate.getByRole('button', { name: 'Done' }).click();

    // 2. Request changes from the review dialog, and keep it open.
    await row.getByRole('button', { name: 'View Answers' }).click();
    const dialog = coach.getByRole('dialog', { name: /^Answers from/ });
    await dialog.getByRole('textbox', { name: 'Message to the founder' }).fill(REQUEST);
    await dialog.getByRole('button', { name: 'Request changes' }).click();
    await visible(coach, 'Changes requested: the founder has been told.');
    await dialog.getByText(`Changes requested: “${REQUEST}”`).waitFor({ timeout: 10_000 });

    // The founder: badge live; after a reload, the dashboard and the trigger page all say "changes".
    await sidebar.getByTestId('feedback-badge').waitFor({ state: 'visible', timeout: 5000 });
    await founderPage.goto(`${url}/dashboard`);
    await expect.poll(() => stepOf(founderPage), { timeout: 15_000 }).toBe('trigger-changes');
    await visible(founderPage, 'Your coach asked for changes to your trigger answers');
    expect(await founderPage.getByText('Your coach is reviewing your trigger answers').count()).toBe(0);
    await founderPage.screenshot({ path: '/tmp/review-state-dashboard-changes.png' });
    await founderPage.goto(`${url}/trigger-questions`);
    await visible(founderPage, REQUEST);
    await visible(founderPage, COMMENT);
    expect(await founderPage.getByText(WAIT).count()).toBe(0);
    expect(await founderPage.getByText(/waiting for your coach/).count()).toBe(0);
    await expect
      .poll(() => founderPage.locator('.tq-complete').textContent())
      .toContain('Your coach asked for changes. Edit the highlighted answers and save them');
    await expectNoAxe(founderPage);
    await founderPage.screenshot({ path: '/tmp/review-state-trigger-changes.png' });
    await founderPage.setViewportSize({ width: 390, height: 844 });
    await visible(founderPage, REQUEST);
    expect(await fits(founderPage)).toBe(true);
    await expectNoAxe(founderPage);
    await founderPage.screenshot({ path: '/tmp/review-state-trigger-changes-phone.png' });
    await founderPage.setViewportSize({ width: 1280, height: 900 });

    // The coach's founder page says the same.
    const coachFile = await (await session.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await logIn(coachFile, url, 'admin', adminPassword);
    await coachFile.waitForURL('**/admin-home');
    // The founder page reads the directory, which follows the table's stream: wait for the events first.
    const reviewLine = coachFile.locator('p.fd-note', { hasText: 'Review:' });
    const openFounderPage = async () => {
      await eventsSettled(url);
      await coachFile.goto(`${url}/admin-founders/${userId}`);
      await coachFile.locator('summary', { hasText: 'Trigger Questions' }).click();
      await reviewLine.waitFor({ timeout: 10_000 });
      return reviewLine.textContent();
    };
    expect(await openFounderPage()).toContain('Changes requested');
    await visible(coachFile, REQUEST);

    // 3. The founder replies: the coach's open dialog shows it without being reopened.
    const card = founderPage.locator('article.question-card').filter({ hasText: COMMENT });
    await card.getByRole('textbox', { name: 'Reply to your coach' }).fill(REPLY);
    await card.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => card.getByText(REPLY).isVisible(), { timeout: 10_000 }).toBe(true);
    const repliedAt = Date.now();
    await dialog.getByText(REPLY).waitFor({ timeout: 12_000 });
    console.log(`review state: the reply reached the open dialog in ${Date.now() - repliedAt} ms`);
    await dialog.getByText(REPLY).scrollIntoViewIfNeeded();
    await coach.screenshot({ path: '/tmp/review-state-dialog-reply.png' });

    // 4. The founder edits the answer (a resave): waiting again, dated by this new submission.
    await card.getByRole('button', { name: 'Edit Answer' }).click();
    await card.getByRole('textbox').first().fill('Working parents of toddlers in big cities');
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(founderPage, 'Answer saved successfully!');
    await expect.poll(async () => (await review()).status, { timeout: 10_000 }).toBe('pending');
    const resubmission = (await review()).submittedAt;
    expect(resubmission > firstSubmission).toBe(true);
    await founderPage.reload();
    await visible(founderPage, /waiting for your coach/);
    await visible(founderPage, WAIT);
    expect(await founderPage.getByText(CHANGES).count()).toBe(0);
    await founderPage.goto(`${url}/dashboard`);
    await expect.poll(() => stepOf(founderPage), { timeout: 15_000 }).toBe('trigger-review');
    expect(await openFounderPage()).toContain('Pending review');
    expect(await coachFile.getByText(/Changes requested/).count()).toBe(0);
    await coach.reload();
    await coach.getByRole('tab', { name: /Pending Unlock/ }).click();
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    expect(await coach.getByRole('tab', { name: /Changes Requested/ }).textContent()).toContain('0');

    // 5. The coach unlocks: unlocked everywhere, and the old request is gone from the founder page.
    await row.getByRole('button', { name: 'Unlock' }).click();
    // The unlock asks first, naming the founder and the phase.
    await coach.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Unlock' }).click();
    await visible(coach, 'Next phase unlocked for user successfully.');
    expect(await openFounderPage()).toContain('Unlocked');
    expect(await coachFile.getByText(/Changes requested/).count()).toBe(0);
    await reviewLine.scrollIntoViewIfNeeded();
    await coachFile.screenshot({ path: '/tmp/review-state-founder-page.png', fullPage: false });
    await expectNoAxe(coachFile);
    await sidebar.getByRole('link', { name: 'Value Proposition', exact: true }).waitFor({ timeout: 5000 });
    await founderPage.goto(`${url}/dashboard`);
    await expect.poll(() => stepOf(founderPage), { timeout: 15_000 }).toBe('value-proposition');
    await founderPage.goto(`${url}/trigger-questions`);
    await visible(founderPage, /^Reviewed /);
    await visible(founderPage, 'Our team has reviewed your answers');
    expect(await founderPage.getByText(CHANGES).count()).toBe(0);
    expect(await founderPage.getByText(WAIT).count()).toBe(0);
    await founderPage.setViewportSize({ width: 390, height: 844 });
    await founderPage.reload();
    await visible(founderPage, 'Our team has reviewed your answers');
    expect(await fits(founderPage)).toBe(true);
    await expectNoAxe(founderPage);
    await founderPage.screenshot({ path: '/tmp/review-state-trigger-unlocked-phone.png' });
    await coach.setViewportSize({ width: 390, height: 844 });
    await coach.getByRole('tab', { name: /Unlocked/ }).click();
    await coach.getByRole('row').filter({ hasText: founder.email }).getByRole('button', { name: 'Rate' }).click();
    await visible(coach, 'Answer 2 of 27');
    expect(await fits(coach)).toBe(true);
    await expectNoAxe(coach);
    await coach.screenshot({ path: '/tmp/review-state-rate-phone.png' });

    // 6. A canvas (the Value Proposition) says the same at each step: request → resave → unlock.
    const vp = 'value-proposition';
    const { questions: vpQuestions } = (await founderApi(url, founder, 'GET', `/api/questions/${vp}`)) as {
      questions: { id: string }[];
    };
    for (const q of vpQuestions)
      await founderApi(url, founder, 'PUT', `/api/answers/${vp}/${q.id}`, { answers: [q.id] });
    await eventsSettled(url);
    const asCoach = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await accessToken(url, 'admin', adminPassword)}`,
          'content-type': 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as unknown;
    };
    const { answers: vpAnswers } = (await asCoach('GET', `/api/admin/founders/${userId}/answers/${vp}`)) as {
      answers: { questionId: string; number: number; category: string }[];
    };
    const third = vpAnswers.find((a) => a.number === 3);
    if (!third) throw new Error('no Value Proposition question 3');
    await asCoach('PUT', `/api/admin/founders/${userId}/feedback/${vp}/${third.questionId}`, {
      rating: 2,
      verdict: null,
      comment: COMMENT,
    });
    await asCoach('POST', `/api/admin/founders/${userId}/request-changes`, { phase: vp, message: REQUEST });
    await founderPage.setViewportSize({ width: 1280, height: 900 });
    await founderPage.goto(`${url}/dashboard`);
    await expect.poll(() => stepOf(founderPage), { timeout: 15_000 }).toBe('value-proposition-changes');
    await founderPage.goto(`${url}/${vp}`);
    await visible(founderPage, REQUEST);
    const commented = founderPage
      .getByRole('region', { name: third.category, exact: true })
      .getByRole('button', { name: "Read your coach's comment on question 3" });
    await commented.waitFor({ timeout: 15_000 });
    expect(await founderPage.getByText(WAIT).count()).toBe(0);
    await expectNoAxe(founderPage);
    await founderPage.screenshot({ path: '/tmp/review-state-vp-changes.png', fullPage: true });
    await commented.click();
    const questionsDialog = founderPage.getByRole('dialog', { name: `Questions for ${third.category}` });
    await questionsDialog.getByText(COMMENT).waitFor({ timeout: 10_000 });
    expect(await questionsDialog.getByText('Question 3', { exact: true }).count()).toBe(1);
    await founderPage.keyboard.press('Escape');
    // The resave: waiting again, nothing highlighted.
    await founderPage.reload();
    await founderApi(url, founder, 'PUT', `/api/answers/${vp}/${third.questionId}`, { answers: ['Resaved'] });
    await founderPage.reload();
    await visible(founderPage, /waiting for your coach/);
    await visible(founderPage, WAIT);
    expect(await founderPage.getByRole('button', { name: /^Read your coach's comment/ }).count()).toBe(0);
    // The unlock: reviewed.
    await unlockPhase(url, adminPassword, founder, vp);
    await founderPage.setViewportSize({ width: 390, height: 844 });
    await founderPage.reload();
    await visible(founderPage, /^Reviewed /);
    expect(await founderPage.getByText(WAIT).count()).toBe(0);
    expect(await fits(founderPage)).toBe(true);
    await expectNoAxe(founderPage);
  }, 360_000);
});
