/**
 * Lighthouse performance and accessibility of the public pages, mobile and desktop, against
 * `npm start` (a child on a fresh data directory and free ports, as the browser tests run it)
 * in Debian's Chromium. Offline: Chromium's background networking is off, Lighthouse's error
 * reporting is off (its default in the Node API), and the only page loaded is ours.
 *
 * Lighthouse's default throttling is kept — simulated (Lantern) slow 4G and a 4× slower CPU on
 * mobile, the desktop preset's on desktop — because that is what the budget means. Scores move
 * with the machine's load, so each page is run several times and the median kept.
 */
import { rm } from 'node:fs/promises';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { newDataDir, portsEnv, startApp } from '../e2e/app-process';
import { ensureFrontendBuilt } from '../local/frontend-build';
import { median } from './latency-stats';

export const LIGHTHOUSE_PAGES = ['/', '/login', '/signup'] as const;
export const FORM_FACTORS = ['mobile', 'desktop'] as const;
export type FormFactor = (typeof FORM_FACTORS)[number];

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** One run's figures: scores 0–100, times in ms, transfer in bytes. */
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes over the wire for the page load, compressed where the server compressed. */
  transferBytes: number;
  /** The audits that cost performance points, worst first (for the note when a budget is missed). */
  opportunities: string[];
  /** Accessibility audits that failed. */
  failedA11y: string[];
}

export interface LighthouseFigure {
  page: string;
  formFactor: FormFactor;
  runs: LighthouseRun[];
  /** Medians of the runs (for scores: the median score, as Lighthouse's own guidance says). */
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  transferBytes: number;
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

function figuresOf(lhr: Result): LighthouseRun {
  const audits = Object.values(lhr.audits);
  const perfRefs = lhr.categories.performance?.auditRefs ?? [];
  const a11yRefs = lhr.categories.accessibility?.auditRefs ?? [];
  const failing = (ids: readonly string[]) =>
    audits.filter(
      (a) => ids.includes(a.id) && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'notApplicable',
    );
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    transferBytes: numeric(lhr, 'total-byte-weight'),
    opportunities: failing(perfRefs.map((r) => r.id))
      .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
    failedA11y: failing(a11yRefs.filter((r) => r.weight > 0).map((r) => r.id)).map((a) => a.id),
  };
}

/** Runs Lighthouse `runs` times on each page, per form factor, against an app already serving at `appUrl`. */
export async function lighthouseAgainst(
  appUrl: string,
  runs: number,
  log: (line: string) => void,
): Promise<LighthouseFigure[]> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const figures: LighthouseFigure[] = [];
    for (const formFactor of FORM_FACTORS) {
      for (const page of LIGHTHOUSE_PAGES) {
        const done: LighthouseRun[] = [];
        for (let i = 0; i < runs; i++) {
          const flags: Flags = {
            port: chrome.port,
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance', 'accessibility'],
          };
          const result = await lighthouse(
            `${appUrl}${page}`,
            flags,
            formFactor === 'desktop' ? desktopConfig : undefined,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${page} (${formFactor})`);
          const { runtimeError } = result.lhr;
          if (runtimeError) throw new Error(`Lighthouse on ${page} (${formFactor}): ${runtimeError.message}`);
          done.push(figuresOf(result.lhr));
        }
        const m = (pick: (r: LighthouseRun) => number) => median(done.map(pick));
        const figure: LighthouseFigure = {
          page,
          formFactor,
          runs: done,
          performance: m((r) => r.performance),
          accessibility: m((r) => r.accessibility),
          lcpMs: m((r) => r.lcpMs),
          tbtMs: m((r) => r.tbtMs),
          transferBytes: m((r) => r.transferBytes),
        };
        log(
          `  ${formFactor} ${page}: performance ${done.map((r) => r.performance).join('/')}, accessibility ${figure.accessibility}, LCP ${Math.round(figure.lcpMs)} ms`,
        );
        figures.push(figure);
      }
    }
    return figures;
  } finally {
    chrome.kill();
  }
}

/** Starts `npm start` on a fresh data directory (building the frontend first when stale), measures, stops it. */
export async function measureLighthouse(runs: number, log: (line: string) => void): Promise<LighthouseFigure[]> {
  await ensureFrontendBuilt(log);
  const dataDir = await newDataDir();
  try {
    const app = await startApp({ dataDir, env: await portsEnv() });
    // The app runs in a process group of its own, which Ctrl+C in the terminal does not reach.
    const interrupted = () => void app.stop().finally(() => process.exit(130));
    process.once('SIGINT', interrupted);
    try {
      // 127.0.0.1: `localhost` may resolve to ::1 first, where the app does not listen.
      return await lighthouseAgainst(app.url.replace('localhost', '127.0.0.1'), runs, log);
    } finally {
      process.off('SIGINT', interrupted);
      await app.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
