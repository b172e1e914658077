/**
 * A coach's side of the Validate tools in the browser: the coach adds a guidance question to the SWOT Analysis from
 * its page (reached from the admin sidebar); a founder whose Business Model is unlocked fills in the whole sheet,
 * the new question too, through the API; the coach opens them from the tool's Pending Review list, reads the sheet in
 * its 2 × 2 layout, rates, comments and requests changes — with no Unlock anywhere — on a desktop (1280×900) and a
 * phone (390×844, no sideways scroll), with no serious or critical axe violation. Screenshots to /tmp/coach-tools.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations, visible } from './browser';
import { eventsSettled, type Founder, founderApi } from './founders';
import { type JourneyApp, journeyFounder } from './journey-setup';
import { freshAppAndBrowser } from './session';

const SHOTS = '/tmp/coach-tools';
const GUIDANCE = 'Which rival could copy you within a year?';
const COMMENT = 'Which strength would a rival find hardest to copy?';
const REQUEST = 'Rank your strengths by how hard they are to copy.';

const SWOT: Record<string, string[]> = {
  'tool-swot-strengths': ['Chef network in Lyon', 'Low churn'],
  'tool-swot-weaknesses': ['One city only'],
  'tool-swot-opportunities': ['School canteens'],
  'tool-swot-threats': ['Supermarket meal kits'],
};

async function noSidewaysScroll(page: Page): Promise<void> {
  const found = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(found.scroll).toBeLessThanOrEqual(found.client);
}

/** A founder with the Business Model unlocked who answered every SWOT question, the coach's guidance one too. */
async function founderWithSwotDone(app: JourneyApp): Promise<Founder> {
  const { url } = app;
  const founder = await journeyFounder(app, { unlockedTo: 'business-model' });
  await founderApi(url, founder, 'PUT', '/api/idea', { idea: 'Meal kits for busy parents' });
  const { questions } = (await founderApi(url, founder, 'GET', '/api/questions/swot')) as {
    questions: { id: string; text: string }[];
  };
  for (const q of questions) {
    const answers = SWOT[q.id] ?? (q.text === GUIDANCE ? ['A supermarket chain with its own kitchens'] : null);
    if (!answers) throw new Error(`no answer for ${q.id}`);
    await founderApi(url, founder, 'PUT', `/api/answers/swot/${q.id}`, { answers });
  }
  await eventsSettled(url);
  return founder;
}

describe('the Validate tools on the coach side, in the browser', () => {
  const session = freshAppAndBrowser();

  it('a coach adds a SWOT guidance question, then rates, comments and requests changes on a founder’s completed SWOT', async () => {
    const { url, adminPassword } = session.app;
    await mkdir(SHOTS, { recursive: true });
    const coach = await (await session.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await logIn(coach, url, 'admin', adminPassword);
    await coach.waitForURL('**/admin-home');
    await visible(coach, 'Founders per Validate tool');

    // The sidebar's Validate tools group leads to the tool's page.
    const sidebar = coach.getByRole('navigation', { name: 'Main' });
    await sidebar.getByRole('link', { name: 'SWOT Analysis' }).click();
    await coach.waitForURL('**/admin-tools/swot-analysis');
    await visible(coach, 'SWOT Analysis Guidance Questions');
    await coach.getByRole('button', { name: 'Add question to Threats' }).click();
    const add = coach.getByRole('dialog', { name: 'Add Question' });
    await add.getByLabel('Question Text').fill(GUIDANCE);
    await add.getByRole('button', { name: 'Create Question' }).click();
    await visible(coach, 'SWOT Analysis guidance question added successfully.');
    const threats = coach.getByRole('region', { name: /^Threats/ });
    await threats.getByRole('article', { name: GUIDANCE }).waitFor();
    expect(await threats.getByRole('article', { name: 'Threats' }).textContent()).toContain(
      'Part of the tool: every founder answers it',
    );
    expect(await seriousAxeViolations(coach)).toEqual([]);
    await coach.screenshot({ path: `${SHOTS}/questions-desktop.png`, fullPage: true });

    const founder = await founderWithSwotDone(session.app);
    await coach.reload();
    const row = coach.getByRole('row').filter({ hasText: founder.email });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await coach.getByRole('tab').allTextContents()).toEqual(['Pending Review1', 'Changes Requested0']);
    expect(await row.getByRole('button', { name: /Unlock/ }).count()).toBe(0);
    await row.getByRole('button', { name: 'View Answers' }).click();
    const dialog = coach.getByRole('dialog', { name: /Answers from/ });
    const strengths = dialog.getByRole('region', { name: 'Strengths' });
    await strengths.waitFor({ timeout: 10_000 });
    expect(await strengths.textContent()).toContain('Chef network in Lyon');
    expect(await dialog.getByRole('region', { name: 'Threats' }).textContent()).toContain(GUIDANCE);

    const feedback = dialog.getByRole('region', { name: 'Feedback on each answer' });
    await feedback
      .getByRole('group', { name: 'Rating for question 1', exact: true })
      .getByRole('radio', { name: '3' })
      .check();
    await feedback.getByRole('textbox', { name: 'Comment on question 1', exact: true }).fill(COMMENT);
    await visible(coach, 'Feedback on question 1 saved');
    expect(await seriousAxeViolations(coach)).toEqual([]);
    await dialog.screenshot({ path: `${SHOTS}/review-desktop.png` });

    await dialog.getByRole('textbox', { name: 'Message to the founder' }).fill(REQUEST);
    await dialog.getByRole('button', { name: 'Request changes' }).click();
    await visible(coach, 'Changes requested: the founder has been told.');
    await visible(coach, `Changes requested: “${REQUEST}”`);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect
      .poll(() => coach.getByRole('tab', { name: /Changes Requested/ }).textContent(), { timeout: 10_000 })
      .toContain('1');

    // The founder's own review page shows the coach's comment and the request.
    const phase = (await founderApi(url, founder, 'GET', '/api/feedback/swot')) as {
      changeRequest: { message: string } | null;
      feedback: { comment: string; rating: number | null }[];
    };
    expect(phase.changeRequest?.message).toBe(REQUEST);
    expect(phase.feedback.map((f) => [f.rating, f.comment])).toEqual([[3, COMMENT]]);

    // The same on a phone: the page, the list and the open review fit, and pass axe.
    await coach.setViewportSize({ width: 390, height: 844 });
    await coach.goto(`${url}/admin-tools/swot-analysis`);
    await visible(coach, 'SWOT Analysis Guidance Questions');
    await noSidewaysScroll(coach);
    expect(await seriousAxeViolations(coach)).toEqual([]);
    await coach.screenshot({ path: `${SHOTS}/questions-phone.png`, fullPage: true });
    await coach.getByRole('tab', { name: /Changes Requested/ }).click();
    const sentBack = coach.getByRole('row').filter({ hasText: founder.email });
    await sentBack.getByRole('button', { name: 'Rate' }).click();
    const rate = coach.getByRole('dialog', { name: /Rate answers from/ });
    // The rating step picks up at the first answer nobody rated: the weaknesses.
    const step = rate.getByRole('region', { name: 'Answer 2 of 5' });
    await step.waitFor({ timeout: 10_000 });
    expect(await step.textContent()).toContain('One city only');
    await noSidewaysScroll(coach);
    expect(await seriousAxeViolations(coach)).toEqual([]);
    await coach.screenshot({ path: `${SHOTS}/rate-phone.png` });
    await rate.getByRole('button', { name: 'Done' }).click();

    // The dashboard's tool statistics count the founder, readable on the phone.
    await coach.goto(`${url}/admin-home`);
    const swotRow = coach.getByRole('row', { name: /^SWOT Analysis/ });
    await expect.poll(() => swotRow.textContent(), { timeout: 10_000 }).toContain('3.0');
    expect(await swotRow.getByRole('cell').allTextContents()).toEqual(['1', '1', '1', '3.0']);
    await noSidewaysScroll(coach);
    expect(await seriousAxeViolations(coach)).toEqual([]);
    await coach.getByRole('region', { name: 'Validate tools' }).screenshot({ path: `${SHOTS}/stats-phone.png` });

    // The founder's page: the tool's progress, its sheet on opening, and the way to its review.
    const { userId } = (await founderApi(url, founder, 'GET', '/api/me')) as { userId: string };
    await coach.goto(`${url}/admin-founders/${userId}`);
    const tools = coach.getByRole('region', { name: 'Validate tools' });
    const swot = tools.locator('summary', { hasText: 'SWOT Analysis' });
    expect(await swot.textContent()).toContain('5/5 answered · Changes requested');
    await swot.click();
    await tools.getByRole('region', { name: 'Strengths' }).waitFor({ timeout: 10_000 });
    expect(await tools.getByRole('link', { name: 'Review the SWOT Analysis' }).getAttribute('href')).toBe(
      `/admin-tools/swot-analysis?review=${userId}`,
    );
    await noSidewaysScroll(coach);
    expect(await seriousAxeViolations(coach)).toEqual([]);
    await tools.screenshot({ path: `${SHOTS}/founder-tools-phone.png` });
    await coach.setViewportSize({ width: 1280, height: 900 });
    await tools.screenshot({ path: `${SHOTS}/founder-tools-desktop.png` });
    expect(await seriousAxeViolations(coach)).toEqual([]);
    await coach.setViewportSize({ width: 390, height: 844 });
    await coach.goto(`${url}/admin-home`);
    await visible(coach, 'Founders per Validate tool');

    // On the phone the sidebar opens over the page and scrolls to the last tool.
    await coach.getByRole('button', { name: 'Toggle sidebar' }).click();
    const lastTool = sidebar.getByRole('link', { name: 'Go-to Market Strategy' });
    await lastTool.scrollIntoViewIfNeeded();
    await coach.screenshot({ path: `${SHOTS}/sidebar-phone.png` });
    await lastTool.click();
    await coach.waitForURL('**/admin-tools/go-to-market-strategy');
    await visible(coach, 'Go-to Market Strategy Guidance Questions');
  });
});
