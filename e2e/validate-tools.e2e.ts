/**
 * The ten Validate tools in the browser, with one founder: before the Business Model unlock the sidebar's Validate
 * entries are locked and a tool's page says why; after it, every tool opens at 1280×900 and 390×844 (axe-clean, no
 * sideways scroll) and takes one field typed by keyboard. Market Research's method, currency and TAM/SAM/SOM and a
 * Market Plan row are still there after a reload; SAM "12,5 M" is refused with the sentence the API gives.
 * Screenshots go to PRESEED_SCREENSHOTS (or the temp dir).
 */
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOOLS_LOCKED_MESSAGE } from '#shared/domain/phases';
import { type ToolDefinition, toolFieldQuestionId, VALIDATE_TOOLS } from '#shared/domain/validate-tools';
import { logIn, visible } from './browser';
import { accessToken, type Founder, signUpPaidFounder, unlockPhase } from './founders';
import { DESKTOP, lookInto, PHONE } from './page-checks';
import { freshAppAndBrowser } from './session';

const SHOTS = join(process.env.PRESEED_SCREENSHOTS ?? tmpdir(), 'validate-tools');
/** Screenshot, no sideways scroll, and no serious or critical axe violation. */
const look = lookInto(SHOTS);

/** A field's card: the innermost region its heading names (SWOT's fields are named like their sections). */
/** A field's card (an article) or a guidance question's (a region), by its heading. */
const card = (page: Page, name: string): Locator =>
  page
    .getByRole('article', { name, exact: true })
    .or(page.getByRole('region', { name, exact: true }))
    .last();

async function saved(field: Locator): Promise<void> {
  await expect.poll(() => field.getByRole('status').textContent(), { timeout: 15_000 }).toBe('Saved.');
}

/** Types into the tool's first field by keyboard alone and saves it (Enter, or Tab to Save from a paragraph). */
async function fillFirstField(page: Page, tool: ToolDefinition): Promise<void> {
  const field = tool.sections[0]?.fields[0];
  if (!field) throw new Error(`${tool.id} has no field`);
  const box = card(page, field.label);
  const words = `${tool.title} by keyboard`;
  if (field.kind === 'rows') {
    await box.getByRole('button', { name: 'Add row' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type(words);
    await page.keyboard.press('Enter');
  } else if (field.kind === 'choice') {
    await box.getByRole('radio').first().focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
  } else {
    const name = field.kind === 'list' ? `${field.label}, item 1` : field.label;
    await box.getByRole('textbox', { name, exact: true }).focus();
    await page.keyboard.type(words);
    if (field.kind === 'paragraph') await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
  }
  await saved(box);
}

describe('the Validate tools', () => {
  const session = freshAppAndBrowser();
  let founder: Founder;
  let page: Page;

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    founder = await signUpPaidFounder(session.app.url);
  });

  it('are locked, with the validation message, until the Business Model unlock', async () => {
    page = await (await session.browser.newContext({ viewport: DESKTOP })).newPage();
    await logIn(page, session.app.url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`${session.app.url}/tools/swot-analysis`);
    await visible(page, TOOLS_LOCKED_MESSAGE);
    const validate = page.getByRole('list', { name: 'Validate' });
    await expect.poll(() => validate.getByRole('link', { name: /\(locked\)$/ }).count()).toBe(12);
    expect(await validate.getByRole('link', { name: 'SWOT Analysis (locked)' }).getAttribute('href')).toBeNull();
    expect(await page.getByText(/coming soon/i).count()).toBe(0);
    await look(page, 'locked-1280x900');
  });

  it('open every tool on a desktop and a phone, each taking a field by keyboard', async () => {
    await unlockPhase(session.app.url, session.app.adminPassword, founder, 'business-model');
    await page.reload();
    for (const tool of VALIDATE_TOOLS) {
      await page.setViewportSize(DESKTOP);
      await page.getByRole('list', { name: 'Validate' }).getByRole('link', { name: tool.title, exact: true }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1, name: tool.title }).isVisible()).toBe(true);
      await fillFirstField(page, tool);
      await look(page, `${tool.slug}-1280x900`);
      await page.setViewportSize(PHONE);
      await look(page, `${tool.slug}-390x844`);
    }
  });

  it('keep Market Research sized after a reload, and refuse SAM "12,5 M" as the API does', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${session.app.url}/tools/market-research`);
    const method = card(page, 'Method');
    await method.getByRole('radio', { name: 'Bottom-up' }).check();
    await method.getByRole('button', { name: 'Save Method' }).click();
    await saved(method);
    const currency = card(page, 'Currency');
    await currency.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
    await currency.getByRole('button', { name: 'Save Currency' }).click();
    await saved(currency);
    for (const [label, value] of [
      ['TAM per year', '48000000'],
      ['SAM per year', '12,5 M'],
    ] as const) {
      const box = card(page, label);
      await box.getByRole('textbox', { name: label }).fill(value);
      await box.getByRole('button', { name: `Save ${label}` }).click();
    }
    await saved(card(page, 'TAM per year'));
    const sam = card(page, 'SAM per year');
    const refusal = sam.getByRole('alert');
    await expect.poll(() => refusal.isVisible()).toBe(true);
    // The same sentence the API answers for the same value.
    const api = await fetch(
      `${session.app.url}/api/answers/market-research/${toolFieldQuestionId('market-research', 'sam')}`,
      {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${await accessToken(session.app.url, founder.email, founder.password)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ answers: ['12,5M'] }),
      },
    );
    expect(api.status).toBe(400);
    expect(await refusal.textContent()).toBe(((await api.json()) as { message: string }).message);
    await look(page, 'market-research-refused-1280x900');

    await sam.getByRole('textbox', { name: 'SAM per year' }).fill('12500000');
    await sam.getByRole('button', { name: 'Save SAM per year' }).click();
    await saved(sam);
    const som = card(page, 'SOM per year');
    await som.getByRole('textbox', { name: 'SOM per year' }).fill('600000');
    await som.getByRole('button', { name: 'Save SOM per year' }).click();
    await saved(som);

    await page.reload();
    await expect
      .poll(() => card(page, 'TAM per year').getByRole('textbox').inputValue(), { timeout: 15_000 })
      .toBe('48000000');
    expect(await card(page, 'SAM per year').getByRole('textbox').inputValue()).toBe('12500000');
    expect(await card(page, 'SOM per year').getByRole('textbox').inputValue()).toBe('600000');
    expect(await card(page, 'Method').getByRole('radio', { name: 'Bottom-up' }).isChecked()).toBe(true);
    expect(await card(page, 'Currency').getByRole('combobox').inputValue()).toBe('EUR');
    expect(await card(page, 'TAM per year').getByText('EUR', { exact: true }).isVisible()).toBe(true);
  });

  it('keep a Market Plan row after a reload', async () => {
    await page.goto(`${session.app.url}/tools/market-plan`);
    const plan = card(page, 'Budget and target per channel');
    await plan.getByRole('button', { name: 'Add row' }).click();
    await plan.getByRole('textbox', { name: /^Row 1, Channel/ }).fill('School newsletters');
    await plan.getByRole('textbox', { name: /^Row 1, Budget/ }).fill('1500');
    await plan.getByRole('textbox', { name: /^Row 1, Target/ }).fill('40 sign-ups');
    await plan.getByRole('button', { name: 'Save Budget and target per channel' }).click();
    await saved(plan);
    await page.setViewportSize(PHONE);
    await look(page, 'market-plan-row-390x844');
    await page.reload();
    await expect
      .poll(() => plan.getByRole('textbox', { name: /^Row 1, Channel/ }).inputValue(), { timeout: 15_000 })
      .toBe('School newsletters');
    expect(await plan.getByRole('textbox', { name: /^Row 1, Budget/ }).inputValue()).toBe('1500');
  });
});
