/// <reference lib="dom" />
/**
 * Every route of the router, at 390×844 and at 1280×900: no sideways scroll, no serious or critical axe violation,
 * a screenshot each (to $PRESEED_E2E_SHOTS or /tmp/every-route). The routes are read from the router itself, so a
 * route added there and not here fails the first test, which names it.
 * The states walked: a visitor (signed out), a founder who signed up and has not paid, a founder who has just paid
 * (nothing answered yet: the empty pages, the locked phases and tools), a founder with every phase open (the canvases'
 * and the validation tests' dialogs), and a coach with those founders and one waiting for review. Where a page's main
 * action opens a dialog, the dialog is checked open too. The founder pages filled in are walked by phone-walk.e2e.ts
 * too, the coach's review dialog by coach-home.e2e.ts and phone-walk.e2e.ts, a shared PDF by share-viewer.e2e.ts.
 */
import type { Page } from 'playwright-core';
import type { RouteObject } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, submitSignUpForm } from './browser';
import { firstQuestions, seedCanvas } from './canvas-setup';
import {
  answerAllTriggerQuestions,
  eventsSettled,
  type Founder,
  founderApi,
  newFounder,
  signUpFounder,
  signUpPaidFounder,
  unlockPhase,
} from './founders';
import { checkFit, DESKTOP, PHONE } from './page-checks';
import { freshAppAndBrowser } from './session';

const SHOTS = process.env.PRESEED_E2E_SHOTS ?? '/tmp/every-route';

/** Who opens a page: each walks in a browser context of their own. */
type Who = 'visitor' | 'unpaid' | 'founder' | 'open' | 'coach';
const WHO_ORDER: readonly Who[] = ['visitor', 'unpaid', 'founder', 'open', 'coach'];

interface Known {
  /** A paid founder with nothing answered yet. */
  founder: Founder;
  /** A paid founder whose every phase a coach has unlocked: the canvases and the validation tests are open. */
  open: Founder;
  /** A founder who signed up and has not paid. */
  unpaid: Founder;
  /** The user id of a founder whose trigger answers wait for review (their page in the directory). */
  waitingId: string;
  /** The token of a live share link of the founder's (empty) pitch deck category. */
  shareToken: string;
}

interface Visit {
  who: Who;
  /** What the screenshot is called, when the route has more than one visit. */
  state?: string;
  /** The address to open; the route's own path when not given. */
  url?: (known: Known) => string;
  /** How a person reaches the page when an address alone does not (it needs what an earlier page handed on). */
  reach?: (page: Page, appUrl: string) => Promise<void>;
  /** What the page must show in this state, beyond fitting and passing axe. */
  check?: (page: Page) => Promise<void>;
  /** The page's main action opens this dialog: it is checked open too. */
  dialog?: { open: (page: Page) => Promise<void>; name: string };
}

/** The words of a select's chosen option. */
const shownChoice = (page: Page, name: string) =>
  page.getByRole('combobox', { name }).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent);

const button = (name: string) => (page: Page) => page.getByRole('button', { name, exact: true }).first().click();

/** How each of the router's paths is walked. The Validate tools' pages follow from their prefix (toolVisits). */
const VISITS: Record<string, Visit[]> = {
  '/': [{ who: 'visitor' }],
  '/login': [{ who: 'visitor' }],
  '/signup': [{ who: 'visitor' }],
  '/otp-verification': [
    {
      who: 'visitor',
      reach: async (page, appUrl) => {
        await page.goto(`${appUrl}/signup`);
        await submitSignUpForm(page, newFounder());
        await page.waitForURL('**/otp-verification');
      },
    },
  ],
  '/account-created': [{ who: 'founder' }],
  '/payment': [{ who: 'unpaid' }],
  // A checkout session the server does not know: the page says the payment could not be verified.
  '/payment-success': [{ who: 'unpaid', url: () => '/payment-success?session_id=cs_unknown_session' }],
  '/account-deleted': [{ who: 'visitor' }],
  '/reset-password': [{ who: 'visitor' }],
  '/onboarding': [
    { who: 'visitor', state: 'signed-out' },
    { who: 'founder', state: 'signed-in' },
  ],
  '/terms': [{ who: 'visitor' }],
  '/privacy': [{ who: 'visitor' }],
  '/share/:token?': [
    { who: 'visitor', state: 'live', url: (known) => `/share#${known.shareToken}` },
    { who: 'visitor', state: 'incomplete-link', url: () => '/share' },
  ],
  '/admin-home': [{ who: 'coach' }],
  '/admin-trigger-questions': [{ who: 'coach', dialog: { open: button('Add Question'), name: 'Add Question' } }],
  '/admin-value-proposition': [{ who: 'coach' }],
  '/admin-business-model': [{ who: 'coach' }],
  '/admin-founders': [
    { who: 'coach' },
    // Filters typed into the address by hand, none the directory knows: no filter, and the page works.
    {
      who: 'coach',
      state: 'hand-edited-filters',
      url: () => '/admin-founders?status=bogus&phase=%3Cscript%3E&q=%25',
      check: async (page) => {
        expect(await shownChoice(page, 'Status')).toBe('All statuses');
        expect(await shownChoice(page, 'Phase')).toBe('All phases');
        expect(await page.getByRole('searchbox', { name: 'Search by name, email or startup' }).inputValue()).toBe('%');
      },
    },
  ],
  '/admin-founders/:userId': [{ who: 'coach', url: (known) => `/admin-founders/${known.waitingId}` }],
  '/account': [{ who: 'founder' }],
  '/dashboard': [{ who: 'founder' }],
  '/data-room': [{ who: 'founder', dialog: { open: button('Upload File'), name: 'Upload File' } }],
  '/data-room/sharing': [{ who: 'founder', dialog: { open: button('New share link'), name: 'Share files' } }],
  '/validation-tests': [
    { who: 'founder' },
    { who: 'open', dialog: { open: button('Add Your Own Test'), name: 'Add your own test' } },
  ],
  '/test-evaluation': [{ who: 'founder' }],
  '/generate-idea': [{ who: 'founder' }],
  '/trigger-questions': [{ who: 'founder' }],
  '/value-proposition': [
    { who: 'founder' },
    {
      who: 'open',
      dialog: { open: button('Questions for Customer Jobs'), name: 'Questions for Customer Jobs' },
    },
  ],
  '/business-model': [
    { who: 'founder' },
    { who: 'open', dialog: { open: button('Questions for Key Partners'), name: 'Questions for Key Partners' } },
  ],
  '/*': [
    { who: 'visitor', url: () => '/no-such-page' },
    { who: 'founder', url: () => '/tools/no-such-tool' },
  ],
};

/** A Validate tool's pages: the founder's (locked until the phases before it open), and the coach's. */
function toolVisits(path: string): Visit[] | undefined {
  // Locked for the founder who has just paid; open, with long summaries of earlier answers, for the open one.
  if (path.startsWith('/tools/')) return [{ who: 'founder' }, { who: 'open' }];
  if (path.startsWith('/admin-tools/')) return [{ who: 'coach' }];
  return undefined;
}

const visitsOf = (path: string) => VISITS[path] ?? toolVisits(path);

/** The router's module, imported at run time: the root tsconfig, which checks this folder, leaves out the frontend. */
const ROUTER_MODULE = '../frontend/src/app/router';

/** Every path the router matches, nested paths joined to their parents'. */
async function routerPaths(): Promise<string[]> {
  const { routes } = (await import(ROUTER_MODULE)) as { routes: RouteObject[] };
  const walk = (list: RouteObject[], parent: string): string[] =>
    list.flatMap((route) => {
      const own = route.index
        ? parent || '/'
        : route.path
          ? route.path.startsWith('/')
            ? route.path
            : `${parent}/${route.path}`
          : undefined;
      return [...(own ? [own] : []), ...walk(route.children ?? [], own ?? parent)];
    });
  return walk(routes, '');
}

/**
 * One long answer (a long sentence and an unbroken address) to the first question of every canvas block, so the
 * tools' "From your earlier answers" summaries are as long as a founder's can be: the walk then checks that they wrap.
 */
async function answerCanvasesAtLength(appUrl: string, founder: Founder): Promise<void> {
  const LONG =
    'Working parents with two or more children under twelve who cook every weeknight and plan on Sundays, see ' +
    'https://example.com/research/interviews/working-parents-weeknight-dinners-2026-summary-of-eighteen-interviews';
  for (const type of ['value-proposition', 'business-model'] as const) {
    const { first } = await firstQuestions(appUrl, founder, type);
    await seedCanvas(
      appUrl,
      founder,
      type,
      Object.fromEntries([...first.keys()].map((category) => [category, [LONG]])),
    );
  }
}

/** Waits for the page's own content: a heading, and nothing still loading. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('h1').first().isVisible(), { timeout: 20_000 }).toBe(true);
  await expect
    .poll(() => page.locator('.page-spinner, main .spinner, main [aria-busy="true"]').count(), { timeout: 20_000 })
    .toBe(0);
}

const slug = (path: string) =>
  ({ '/': 'landing', '/*': 'not-found' })[path] ?? path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');

async function signIn(page: Page, appUrl: string, who: Who, known: Known, adminPassword: string): Promise<void> {
  if (who === 'visitor') return;
  if (who === 'coach') {
    await logIn(page, appUrl, 'admin', adminPassword);
    await page.waitForURL('**/admin-home');
    return;
  }
  const founder = who === 'unpaid' ? known.unpaid : who === 'open' ? known.open : known.founder;
  await logIn(page, appUrl, founder.email, founder.password);
  await page.waitForURL(who === 'unpaid' ? '**/payment' : '**/dashboard');
}

describe('every route of the router, at 390×844 and at 1280×900', () => {
  const session = freshAppAndBrowser();
  let paths: string[] = [];
  let known: Known;

  beforeAll(async () => {
    paths = await routerPaths();
  });

  it('has a walk for every route the router has, and none for a route it no longer has', () => {
    expect(paths.length).toBeGreaterThan(30);
    expect(
      paths.filter((path) => !visitsOf(path)),
      'routes nobody walks: add them to VISITS',
    ).toEqual([]);
    expect(
      Object.keys(VISITS).filter((path) => !paths.includes(path)),
      'walks of routes gone',
    ).toEqual([]);
  });

  async function walk(screen: { width: number; height: number }, size: string): Promise<void> {
    const appUrl = session.app.url;
    for (const who of WHO_ORDER) {
      const context = await session.browser.newContext({
        viewport: screen,
        ...(screen === PHONE ? { isMobile: true, hasTouch: true } : {}),
      });
      const page = await context.newPage();
      await signIn(page, appUrl, who, known, session.app.adminPassword);
      for (const path of paths) {
        for (const visit of visitsOf(path) ?? []) {
          if (visit.who !== who) continue;
          const name = `${size}-${who}-${slug(path)}${visit.state ? `-${visit.state}` : ''}`;
          const address = visit.url ? visit.url(known) : path;
          if (visit.reach) await visit.reach(page, appUrl);
          else await page.goto(`${appUrl}${address}`);
          await settled(page);
          // The route's own page, not one a guard sent the visitor on to.
          expect(new URL(page.url()).pathname, name).toBe(new URL(address, appUrl).pathname);
          await checkFit(page, `${SHOTS}/${name}.png`, screen);
          await visit.check?.(page);
          if (visit.dialog) {
            await visit.dialog.open(page);
            const dialog = page.getByRole('dialog', { name: visit.dialog.name });
            await expect.poll(() => dialog.isVisible()).toBe(true);
            await checkFit(page, `${SHOTS}/${name}-dialog.png`, screen, { fullPage: false });
            await page.keyboard.press('Escape');
            await expect.poll(() => dialog.isVisible()).toBe(false);
          }
        }
      }
      await context.close();
    }
  }

  it('walks them on a phone', async () => {
    const appUrl = session.app.url;
    const founder = await signUpPaidFounder(appUrl);
    const unpaid = await signUpFounder(appUrl);
    const waiting = await signUpPaidFounder(appUrl, { ...newFounder(), firstName: 'Ada' });
    await answerAllTriggerQuestions(appUrl, waiting);
    const open = await signUpPaidFounder(appUrl);
    await answerAllTriggerQuestions(appUrl, open);
    for (const phase of ['trigger', 'value-proposition', 'business-model']) {
      await unlockPhase(appUrl, session.app.adminPassword, open, phase);
    }
    await answerCanvasesAtLength(appUrl, open);
    const { userId: waitingId } = (await founderApi(appUrl, waiting, 'GET', '/api/me')) as { userId: string };
    const share = (await founderApi(appUrl, founder, 'POST', '/api/shares', {
      label: 'Investors',
      category: 'pitch-deck',
    })) as { token: string };
    await eventsSettled(appUrl);
    known = { founder, open, unpaid, waitingId, shareToken: share.token };
    await walk(PHONE, 'phone');
  }, 600_000);

  it('walks them at 1280×900', async () => {
    await walk(DESKTOP, 'desktop');
  }, 600_000);
});
