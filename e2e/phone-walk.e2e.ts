/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * No dead ends on a phone or a desktop. A paid founder with every phase open, and the coach, visit each of their
 * pages at 390×844 and again at 1280×900: no page scrolls sideways, none has a serious or critical axe violation,
 * and the header names the page.
 * The coach's review table holds a founder waiting for an unlock (a long email in a row of buttons is what used to
 * push the page wider than the screen), and the answers dialog is checked there too.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, visible } from './browser';
import {
  accessToken,
  answerAllTriggerQuestions,
  eventsSettled,
  type Founder,
  newFounder,
  signUpPaidFounder,
} from './founders';
import { journeyFounder, unlockPhases } from './journey-setup';
import { DESKTOP, checkFit as fitAt, PHONE } from './page-checks';
import { freshAppAndBrowser } from './session';

const SHOTS = process.env.PRESEED_E2E_SHOTS ?? '/tmp/phone-walk';

/**
 * The pages walked are the sidebar's own links (so a page added to the sidebar is walked too); these must be among
 * them, with the title the header shows.
 */
const FOUNDER_PAGES = [
  ['/dashboard', 'Dashboard'],
  ['/generate-idea', 'Generate Your Idea'],
  ['/trigger-questions', 'Trigger Questions'],
  ['/value-proposition', 'Value Proposition'],
  ['/business-model', 'Business Model'],
  ['/data-room', 'Data Room'],
  ['/validation-tests', 'Validation Tests'],
  ['/test-evaluation', 'Test Evaluation'],
  ['/account', 'Account Settings'],
] as const;

/** Founder pages below a sidebar entry (reached from its page), with the title they share with it. */
const FOUNDER_SUBPAGES = [['/data-room/sharing', 'Data Room']] as const;

const COACH_PAGES = [
  ['/admin-home', 'Admin Dashboard'],
  ['/admin-trigger-questions', 'Trigger Questions'],
  ['/admin-value-proposition', 'Value Proposition'],
  ['/admin-business-model', 'Business Model'],
  ['/admin-founders', 'Founders'],
] as const;

/** Every page the sidebar links to, as [path, its entry's words], read from the open navigation drawer. */
async function sidebarPages(page: Page): Promise<[string, string][]> {
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect.poll(() => drawer.isVisible()).toBe(true);
  const links = await drawer
    .locator('a[href]')
    .evaluateAll((anchors) =>
      anchors.map(
        (a) =>
          [a.getAttribute('href') ?? '', a.querySelector('.nav-item__label')?.textContent ?? ''] as [string, string],
      ),
    );
  await page.getByRole('button', { name: 'Close navigation' }).click();
  return links;
}

/** The sidebar's pages, checked to hold the expected ones. */
async function pagesToWalk(page: Page, expected: readonly (readonly [string, string])[]): Promise<[string, string][]> {
  const pages = await sidebarPages(page);
  expect(pages).toEqual(expect.arrayContaining(expected.map(([path, title]) => [path, title])));
  return pages;
}

/** Waits for the page's own content: its h1, the header's title and the tab's, and nothing still loading. */
async function settled(page: Page, title: string): Promise<void> {
  try {
    await expect.poll(() => page.locator('main h1').first().isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.title(), { timeout: 20_000 }).toBe(`${title} · Preseed`);
    await expect.poll(() => page.locator('.app-header__title').textContent()).toBe(title);
    await expect
      .poll(() => page.locator('main .spinner, main [aria-busy="true"]').count(), { timeout: 20_000 })
      .toBe(0);
  } catch (err) {
    // What the page showed instead, for whoever reads the failure.
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/not-settled-${title.replace(/\W+/g, '-')}.png`, fullPage: true });
    throw err;
  }
}

function checkFit(page: Page, name: string, screen: { width: number } = PHONE): Promise<void> {
  return fitAt(page, `${SHOTS}/${name}.png`, screen);
}

/** Answers every question of a type through the API, as the canvas pages would. */
async function answerAll(url: string, founder: Founder, type: string, answer: string): Promise<void> {
  const headers = {
    authorization: `Bearer ${await accessToken(url, founder.email, founder.password)}`,
    'content-type': 'application/json',
  };
  const list = await fetch(`${url}/api/questions/${type}`, { headers });
  const { questions } = (await list.json()) as { questions: { id: string }[] };
  for (const question of questions) {
    const saved = await fetch(`${url}/api/answers/${type}/${question.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ answers: [answer] }),
    });
    expect(saved.status).toBe(200);
  }
}

async function phonePage(session: ReturnType<typeof freshAppAndBrowser>): Promise<Page> {
  const context = await session.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  return context.newPage();
}

/**
 * The same pages at 1280×900 (the sidebar open beside them): no sideways scroll, no serious or critical axe
 * violation, a screenshot each (`desktop-…`).
 */
async function walkAtDesktop(
  session: ReturnType<typeof freshAppAndBrowser>,
  login: { user: string; password: string; home: string },
  pages: readonly (readonly [string, string])[],
  who: string,
): Promise<void> {
  const context = await session.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const url = session.app.url;
  await logIn(page, url, login.user, login.password);
  await page.waitForURL(`**${login.home}`);
  for (const [path, title] of pages) {
    await page.goto(`${url}${path}`);
    await settled(page, title);
    await checkFit(page, `desktop-${who}${path.replace(/\//g, '-')}`, DESKTOP);
  }
  await context.close();
}

/**
 * Each walk visits every page of a role at phone size: 107 s of the default 120 s when the machine ran one file
 * alone, and over it at load average 9. A walk is one test so that its pages share one session.
 */
const WALK_TIMEOUT_MS = 240_000;

describe('every page on a 390×844 phone, and at 1280×900', () => {
  const session = freshAppAndBrowser();

  it(
    "fits the founder's pages, with every phase open",
    async () => {
      const url = session.app.url;
      // A long address: the header must still fit, and the title must still show.
      const founder: Founder = await journeyFounder(session.app, {
        founder: {
          ...newFounder(),
          email: `grace.brewster.murray.hopper-${Date.now()}@compilers-and-languages.example.com`,
        },
        answerTriggers: true,
        unlockedTo: 'trigger',
      });
      // The coach's value-proposition unlock drafts the Business Model suggestions from these answers.
      await answerAll(url, founder, 'value-proposition', 'Busy parents who cook every evening');
      await unlockPhases(session.app, founder, 'business-model', 'value-proposition');
      await eventsSettled(url);

      const page = await phonePage(session);
      await logIn(page, url, founder.email, founder.password);
      await page.waitForURL('**/dashboard');
      const founderPages = [...(await pagesToWalk(page, FOUNDER_PAGES)), ...FOUNDER_SUBPAGES];
      for (const [path, title] of founderPages) {
        await page.goto(`${url}${path}`);
        await settled(page, title);
        await checkFit(page, `founder${path.replace(/\//g, '-')}`);
      }

      // Suggestions the offline drafter prepared (idea saved, then each unlock) are labelled offline drafts.
      await page.goto(`${url}/trigger-questions`);
      await settled(page, 'Trigger Questions');
      await page.getByRole('button', { name: 'Suggestions for Customer Jobs' }).click();
      const jobs = page.getByRole('dialog', { name: 'Our Suggestions for Customer Jobs' });
      await expect.poll(() => jobs.getByText('Offline draft', { exact: true }).isVisible()).toBe(true);
      expect(await jobs.getByRole('listitem').allTextContents()).not.toContainEqual(expect.stringMatching(/['"]/));
      await checkFit(page, 'founder-trigger-suggestions');
      for (const [path, title] of [
        ['/value-proposition', 'Value Proposition'],
        ['/business-model', 'Business Model'],
      ] as const) {
        await page.goto(`${url}${path}`);
        await settled(page, title);
        await page
          .getByRole('button', { name: 'Our Suggestions for Customer Segments' })
          .or(page.getByRole('button', { name: 'Our Suggestions for Customer Jobs' }))
          .first()
          .click();
        const dialog = page.getByRole('dialog', { name: /^Our Suggestions for/ });
        await expect.poll(() => dialog.getByText('Offline draft', { exact: true }).isVisible()).toBe(true);
        await checkFit(page, `founder${path.replace(/\//g, '-')}-suggestions`);
        await page.keyboard.press('Escape');
        await expect.poll(() => dialog.isVisible()).toBe(false);
      }

      // The navigation drawer, opened from the header, fits and passes too.
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await visible(page, 'Data Room');
      await checkFit(page, 'founder-drawer');
      await page.getByRole('dialog', { name: 'Navigation' }).getByRole('link', { name: 'Data Room' }).click();
      await page.waitForURL('**/data-room');
      await settled(page, 'Data Room');
      await page.context().close();

      await walkAtDesktop(
        session,
        { user: founder.email, password: founder.password, home: '/dashboard' },
        founderPages,
        'founder',
      );
    },
    WALK_TIMEOUT_MS,
  );

  it('shows the whole email and the page title in a desktop header, and a busy link while a slow page loads', async () => {
    const url = session.app.url;
    const founder = await signUpPaidFounder(url, {
      ...newFounder(),
      email: `grace.brewster.murray.hopper-${Date.now()}@compilers-and-languages.example.com`,
    });
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await logIn(page, url, founder.email, founder.password);
    await page.waitForURL('**/dashboard');
    await settled(page, 'Dashboard');
    const email = page.locator('.app-header__email');
    expect(await email.textContent()).toBe(founder.email);
    // Not cut: the whole address is laid out inside its box.
    expect(await email.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // Amplify's custom-endpoint warning (cognito-local) no longer reaches the console.
    expect(warnings.filter((w) => /custom Amazon .* endpoint/.test(w))).toEqual([]);

    // Every script now arrives a second late: the clicked link says it is loading until its page shows.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Data Room' }).click();
    const busy = nav.locator('a[aria-busy="true"]');
    await expect.poll(() => busy.textContent()).toBe('Data Room(loading)');
    await page.waitForURL('**/data-room', { timeout: 20_000 });
    await settled(page, 'Data Room');
    expect(await busy.count()).toBe(0);
    await context.close();
  });

  it(
    "fits the coach's pages, with a founder waiting in the review table and their answers open",
    async () => {
      const url = session.app.url;
      const waiting = await signUpPaidFounder(url, {
        ...newFounder(),
        email: `ada.augusta.king.lovelace-${Date.now()}@analytical-engines.example.com`,
      });
      await answerAllTriggerQuestions(url, waiting);
      await eventsSettled(url);

      const page = await phonePage(session);
      await logIn(page, url, 'admin', session.app.adminPassword);
      await page.waitForURL('**/admin-home');
      const coachPages = await pagesToWalk(page, COACH_PAGES);
      for (const [path, title] of coachPages) {
        await page.goto(`${url}${path}`);
        await settled(page, title);
        await checkFit(page, `coach${path.replace(/\//g, '-')}`);
      }

      await page.goto(`${url}/admin-trigger-questions`);
      await settled(page, 'Trigger Questions');
      await page.getByRole('tab', { name: /Pending Unlock/ }).click();
      await visible(page, waiting.email);
      await checkFit(page, 'coach-review-pending');
      await page.getByRole('button', { name: 'View Answers' }).first().click();
      const answers = page.getByRole('dialog', { name: /Answers from/ });
      await expect.poll(() => answers.getByText('Answer 1', { exact: true }).isVisible()).toBe(true);
      await checkFit(page, 'coach-review-answers');
      await page.context().close();

      await walkAtDesktop(
        session,
        { user: 'admin', password: session.app.adminPassword, home: '/admin-home' },
        coachPages,
        'coach',
      );
    },
    WALK_TIMEOUT_MS,
  );
});
