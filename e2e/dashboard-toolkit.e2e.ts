/**
 * The Validate toolkit on the founder's dashboard, in the browser: before the Business Model review one line says
 * when it opens; after it, each sheet's progress and review state linked to its page, and the next step names the
 * sheet begun. Axe-clean, no sideways scroll on a phone; screenshots at 1280×900 and 390×844 go to
 * PRESEED_SCREENSHOTS (or the temp dir).
 */
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, visible } from './browser';
import { type Founder, founderApi } from './founders';
import { journeyFounder, unlockPhases } from './journey-setup';
import { DESKTOP, lookInto, PHONE } from './page-checks';
import { freshAppAndBrowser } from './session';

const SHOTS = join(process.env.PRESEED_SCREENSHOTS ?? tmpdir(), 'dashboard-toolkit');
const look = lookInto(SHOTS);

describe('the Validate toolkit on the dashboard', () => {
  const session = freshAppAndBrowser();
  let founder: Founder;

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    founder = await journeyFounder(session.app, { answerTriggers: true });
  });

  async function dashboard(): Promise<Page> {
    const page = await (await session.browser.newContext({ viewport: DESKTOP })).newPage();
    await logIn(page, session.app.url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
    return page;
  }

  it('says when the toolkit opens, then lists each sheet with its progress and links', async () => {
    const locked = await dashboard();
    await visible(locked, /open with your coach’s review of your\s+Business Model/);
    expect(await locked.getByRole('list', { name: 'Validate toolkit' }).count()).toBe(0);
    await look(locked, 'locked-1280x900');
    await locked.setViewportSize(PHONE);
    await look(locked, 'locked-390x844');
    await locked.context().close();

    await unlockPhases(session.app, founder, 'business-model');
    await founderApi(session.app.url, founder, 'PUT', '/api/validation-tests/test-1', { start: true });
    await founderApi(session.app.url, founder, 'PUT', '/api/answers/swot/tool-swot-strengths', {
      answers: ['Recipes tested with 40 families'],
    });

    const page = await dashboard();
    const list = page.getByRole('list', { name: 'Validate toolkit' });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBe(10);
    const swot = list.getByRole('listitem').filter({ hasText: 'SWOT Analysis' });
    expect(await swot.textContent()).toBe('SWOT Analysis1/4In progress');
    expect(await list.getByRole('link', { name: 'Market Research' }).getAttribute('href')).toBe(
      '/tools/market-research',
    );
    const next = page.getByRole('region', { name: 'Continue your SWOT Analysis' });
    await expect.poll(() => next.isVisible()).toBe(true);
    expect(await next.getByRole('link', { name: 'Open SWOT Analysis' }).getAttribute('href')).toBe(
      '/tools/swot-analysis',
    );
    await look(page, 'open-1280x900');
    await page.setViewportSize(PHONE);
    await look(page, 'open-390x844');
  });
});
