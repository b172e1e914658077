/**
 * Canvas history: a founder edits a Business Model answer, sees what each moment changed, looks at the canvas as it
 * was before the edit, compares the two moments (read from the older to the newer), and restores the old answer —
 * which the canvas and the API then show. Screenshots at 1280 and 390 go to $PRESEED_SCREENSHOTS (or the temp dir).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logIn, seriousAxeViolations, visible } from './browser';
import { founderApi } from './founders';
import { journeyFounder } from './journey-setup';
import { freshAppAndBrowser } from './session';

const api = founderApi;
const SCREENSHOTS = process.env.PRESEED_SCREENSHOTS ?? tmpdir();

describe('canvas history in the browser', () => {
  const session = freshAppAndBrowser();

  it('shows the canvas before an edit, marks what changed, and restores the old answer', async () => {
    const url = session.app.url;
    const founder = await journeyFounder(session.app, { unlockedTo: 'value-proposition' });
    const { questions } = (await api(url, founder, 'GET', '/api/questions/business-model')) as {
      questions: { id: string; category: string }[];
    };
    const partners = questions.find((q) => q.category === 'Key Partners');
    if (!partners) throw new Error('no Key Partners question');
    await api(url, founder, 'PUT', `/api/answers/business-model/${partners.id}`, { answers: ['Local bakeries'] });
    await new Promise((r) => setTimeout(r, 1100)); // two moments a second apart, as the picker shows them
    await api(url, founder, 'PUT', `/api/answers/business-model/${partners.id}`, { answers: ['Flour mills'] });

    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${url}/business-model`);
    await visible(page, 'Flour mills');
    await page.getByRole('button', { name: /History of the Business Model Canvas/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Canvas history' });
    const moment = dialog.getByRole('combobox', { name: 'Show the canvas as it was on' });
    await moment.waitFor();
    const options = await moment.locator('option').allTextContents();
    expect(options).toHaveLength(2);
    // Each moment says what changed: the block and an excerpt.
    expect(options[0]).toMatch(/\(latest change\) — Key Partners: added “Flour mills”; removed “Local bakeries”$/);
    expect(options[1]).toMatch(/ — Key Partners: added “Local bakeries”$/);
    await dialog
      .getByRole('region', { name: 'What changed at this moment' })
      .getByText(/Key Partners: added/)
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Compare the latest moment with the first: the edit shows as one added and one removed entry.
    const firstMoment = await moment.locator('option').nth(1).getAttribute('value');
    await dialog.getByRole('combobox', { name: 'Compare with' }).selectOption(firstMoment ?? '');
    const section = dialog.getByRole('region', { name: 'Key Partners' });
    await section.locator('li.canvas-history__added', { hasText: 'Flour mills' }).waitFor();
    await section.locator('li.canvas-history__removed', { hasText: 'Local bakeries' }).waitFor();
    await dialog.getByText(/^Comparing from .+ \(older\) to .+ \(newer\)/).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'canvas-history-1280x900.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SCREENSHOTS, 'canvas-history-390x844.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The canvas as it was before the edit, and its answer restored.
    await dialog.getByRole('combobox', { name: 'Compare with' }).selectOption('');
    await moment.selectOption(firstMoment ?? '');
    await section.getByText('Local bakeries').waitFor();
    await section.getByRole('button', { name: 'Restore this answer' }).click();
    await visible(page, 'Answer restored.');
    await page.keyboard.press('Escape');
    await page.getByRole('region', { name: 'Key Partners', exact: true }).getByText('Local bakeries').waitFor();

    const saved = (await api(url, founder, 'GET', '/api/answers/business-model')) as {
      answers: { questionId: string; answers: string[] }[];
    };
    expect(saved.answers.find((a) => a.questionId === partners.id)?.answers).toEqual(['Local bakeries']);
    const kept = (await api(url, founder, 'GET', '/api/answers/business-model/history')) as {
      questions: { questionId: string; versions: { answers: string[] }[] }[];
    };
    expect(kept.questions.find((q) => q.questionId === partners.id)?.versions.map((v) => v.answers[0])).toEqual([
      'Local bakeries',
      'Flour mills',
      'Local bakeries',
    ]);
    await context.close();
  });
});
