/**
 * The coach's home and tools, as a coach meets them: admin home has only real figures (every question type counted,
 * no fixed status card) and a "Waiting for review" queue, oldest first with how long each founder has waited, whose
 * link opens the founder's review; the founder directory's filters survive a reload and Back/Forward; a question's
 * delete names the question in the app's dialog. At 1280×900 and 390×844 (no sideways scroll), with no serious or
 * critical axe violation. Screenshots to /tmp/coach-home.
 */
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations, visible } from './browser';
import { answerAllTriggerQuestions, eventsSettled, newFounder, signUpPaidFounder } from './founders';
import { noSidewaysScroll } from './page-checks';
import { freshAppAndBrowser } from './session';

const SHOTS = '/tmp/coach-home';

describe('coach home in the browser', () => {
  const session = freshAppAndBrowser();

  it('shows real figures and the review queue, keeps directory filters in the address, names the question to delete', async () => {
    const { app, browser } = session;
    await mkdir(SHOTS, { recursive: true });
    const ada = await signUpPaidFounder(app.url, { ...newFounder(), firstName: 'Ada' });
    expect(await answerAllTriggerQuestions(app.url, ada)).toBe(27);
    const grace = await signUpPaidFounder(app.url, { ...newFounder(), firstName: 'Grace' });
    await answerAllTriggerQuestions(app.url, grace);
    await eventsSettled(app.url);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, app.url, 'admin', app.adminPassword);
    await page.waitForURL('**/admin-home');
    const queue = page.getByRole('region', { name: 'Waiting for review' });
    await expect.poll(() => queue.getByRole('listitem').count()).toBe(2);
    // Oldest first: Ada completed first.
    expect(await queue.getByRole('listitem').first().textContent()).toContain('Ada Hopper');
    // Minutes pass between Ada's submission and this read on a loaded machine; the unit test pins the wording.
    expect(await queue.getByRole('listitem').first().textContent()).toMatch(
      /Waiting (less than a minute|[1-9] minutes?)/,
    );
    expect(await queue.textContent()).toContain('2 waiting');
    expect(await page.getByText('System Status').count()).toBe(0);
    // The seeded bank: 27 trigger, 9 value proposition and 18 business model questions, every type counted.
    await visible(page, /questions available: Trigger Questions 27 • Value Proposition \d+ • Business Model 18/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/admin-home-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/admin-home-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The queue's link opens Ada's review on the trigger page.
    await queue.getByRole('link', { name: "Review Ada Hopper's Trigger Questions answers" }).click();
    await page.waitForURL('**/admin-trigger-questions?review=*');
    const review = page.getByRole('dialog', { name: 'Answers from Ada Hopper' });
    await review.getByText('Question 1', { exact: true }).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/review-from-queue-1280.png` });
    await review.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect.poll(() => new URL(page.url()).search).toBe('');

    // A question's delete names it in the app's dialog; Cancel keeps it.
    const pains = page.getByRole('button', { name: /^Customer Pains/ });
    if ((await pains.getAttribute('aria-expanded')) === 'false') await pains.click();
    const deletes = page.getByRole('button', { name: /^Delete question: / });
    const firstName = await deletes.first().getAttribute('aria-label');
    await deletes.first().click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect.poll(() => confirm.textContent()).toContain(`“${firstName?.replace('Delete question: ', '')}”`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/delete-question-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/delete-question-390.png` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Directory filters live in the address: a reload and Back/Forward keep them.
    await page.goto(`${app.url}/admin-founders`);
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Pending review' });
    await expect.poll(() => new URL(page.url()).search).toBe('?status=pending');
    await page.getByRole('searchbox', { name: 'Search by name, email or startup' }).fill('grace');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('grace');
    await page.reload();
    await visible(page, /1 match among/);
    expect(await page.getByRole('searchbox', { name: 'Search by name, email or startup' }).inputValue()).toBe('grace');
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('pending');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/directory-filtered-1280.png`, fullPage: true });
    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect
      .poll(() => page.getByRole('searchbox', { name: 'Search by name, email or startup' }).inputValue())
      .toBe('');
    await page.goForward();
    await expect.poll(() => page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('pending');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/directory-filtered-390.png`, fullPage: true });
    await noSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  }, 240_000);
});
