/** The Lighthouse figures as a printed table and budget checks (ARCHITECTURE.md §9). */
import { BUDGETS } from './budgets';
import type { LighthouseFigure } from './lighthouse';
import { type BudgetCheck, kb, round } from './report';
import type { Section } from './sections';

const yesNo = (met: boolean) => (met ? 'yes' : 'NO');

export function lighthouseSection(figures: readonly LighthouseFigure[], runs: number): Section {
  const perfMet = (f: LighthouseFigure) => f.performance >= BUDGETS.lighthousePerformance;
  const a11yMet = (f: LighthouseFigure) => f.accessibility >= BUDGETS.lighthouseAccessibility;
  // What cost points in the run whose score was the median: the first places to look when a budget is missed.
  const medianRun = (f: LighthouseFigure) => f.runs.find((r) => r.performance === f.performance) ?? f.runs[0];

  const checks: BudgetCheck[] = figures.map((f) => ({
    figure: `Lighthouse performance, ${f.formFactor}: ${f.page} (median of ${f.runs.length})`,
    value: f.performance,
    unit: '',
    budget: `≥ ${BUDGETS.lighthousePerformance}`,
    met: perfMet(f),
    ...(perfMet(f) ? {} : { note: medianRun(f)?.opportunities.slice(0, 4).join('; ') ?? '' }),
  }));
  const worstA11y = [...figures].sort((a, b) => a.accessibility - b.accessibility)[0];
  if (worstA11y) {
    const failing = figures.filter((f) => !a11yMet(f));
    checks.push({
      figure: `Lighthouse accessibility, lowest of ${figures.length} (${worstA11y.formFactor} ${worstA11y.page})`,
      value: worstA11y.accessibility,
      unit: '',
      budget: `${BUDGETS.lighthouseAccessibility}`,
      met: failing.length === 0,
      ...(failing.length
        ? {
            note: failing
              .map((f) => `${f.formFactor} ${f.page}: ${[...new Set(f.runs.flatMap((r) => r.failedA11y))].join(', ')}`)
              .join('; '),
          }
        : {}),
    });
  }

  return {
    table: {
      title: `Lighthouse against npm start (Debian's Chromium, headless, no network; default simulated throttling; median of ${runs} runs)`,
      columns: [
        'page',
        'form factor',
        'performance',
        'runs',
        'accessibility',
        'LCP ms',
        'TBT ms',
        'transfer KB',
        'met',
      ],
      rows: figures.map((f) => [
        f.page,
        f.formFactor,
        f.performance,
        f.runs.map((r) => r.performance).join('/'),
        f.accessibility,
        round(f.lcpMs),
        round(f.tbtMs),
        kb(f.transferBytes),
        yesNo(perfMet(f) && a11yMet(f)),
      ]),
      notes: [
        `Budget: performance ≥ ${BUDGETS.lighthousePerformance} on mobile (simulated slow 4G, 4× CPU slowdown) and desktop, accessibility ${BUDGETS.lighthouseAccessibility}.`,
        'transfer: bytes over the wire for the page load, as the local server compresses them (Brotli or gzip, like CloudFront).',
      ],
    },
    checks,
  };
}
