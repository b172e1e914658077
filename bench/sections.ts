/** Turns each measurement into its printed table and its budget checks. */

import type { LatencyFigure } from './api-latency';
import { BUDGET_CLIENTS, BUDGETS } from './budgets';
import type { RequestCount } from './ddb-requests-per-call';
import type { ChunkSize, FrontendSizes } from './frontend-size';
import type { LambdaBundle } from './lambda-bundle-size';
import { median } from './latency-stats';
import type { StartTiming } from './npm-start-time';
import { type BudgetCheck, kb, round, type Table } from './report';

export interface Section {
  table: Table;
  checks: BudgetCheck[];
}

const yesNo = (met: boolean) => (met ? 'yes' : 'NO');
const sum = (chunks: readonly ChunkSize[], field: 'bytes' | 'gzipBytes') => chunks.reduce((n, c) => n + c[field], 0);
/** Vite names chunks `<name>-<8-character hash>.js`. */
const chunkName = (file: string) => (file.split('/').pop() ?? file).replace(/-[\w-]{8}\.js$/, '');

export function frontendSection(sizes: FrontendSizes): Section {
  const initialKb = kb(sum(sizes.initial, 'gzipBytes'));
  const withLogin = [...sizes.initial, ...sizes.loginRoute];
  const withLoginKb = kb(sum(withLogin, 'gzipBytes'));
  const pages = sizes.chunks.filter((c) => chunkName(c.file).endsWith('Page'));
  const shared = sizes.chunks.filter((c) => !pages.includes(c));
  const largest = sizes.chunks[0];
  const row = (what: string, chunks: readonly ChunkSize[], budget: number | null) => {
    const gzip = kb(sum(chunks, 'gzipBytes'));
    return [
      what,
      chunks.length,
      kb(sum(chunks, 'bytes')),
      gzip,
      budget === null ? '' : `≤ ${budget}`,
      budget === null ? '' : yesNo(gzip <= budget),
    ];
  };
  const checks: BudgetCheck[] = [
    {
      figure: 'login page initial JS, gzip (entry + modulepreloads)',
      value: initialKb,
      unit: 'KB',
      budget: `≤ ${BUDGETS.loginInitialJsGzipKb} KB`,
      met: initialKb <= BUDGETS.loginInitialJsGzipKb,
    },
    {
      figure: 'login page JS with its route chunks, gzip',
      value: withLoginKb,
      unit: 'KB',
      budget: `≤ ${BUDGETS.loginInitialJsGzipKb} KB`,
      met: withLoginKb <= BUDGETS.loginInitialJsGzipKb,
    },
  ];
  if (largest) {
    const largestKb = kb(largest.gzipBytes);
    checks.push({
      figure: `largest lazily loaded chunk, gzip (${chunkName(largest.file)})`,
      value: largestKb,
      unit: 'KB',
      budget: `≤ ${BUDGETS.pageChunkGzipKb} KB`,
      met: largestKb <= BUDGETS.pageChunkGzipKb,
    });
  }
  const largestShared = shared[0];
  return {
    table: {
      title: 'Frontend JavaScript (frontend/dist; each file gzipped alone, zlib default level)',
      columns: ['what', 'files', 'raw KB', 'gzip KB', 'budget KB', 'met'],
      rows: [
        row('login page initial JS: entry + modulepreloads', sizes.initial, BUDGETS.loginInitialJsGzipKb),
        row('  + the login route chunk and its imports', withLogin, BUDGETS.loginInitialJsGzipKb),
        ...pages.map((c) => row(`page chunk ${chunkName(c.file)}`, [c], BUDGETS.pageChunkGzipKb)),
        row(
          `other lazy chunks (largest: ${largestShared ? `${chunkName(largestShared.file)} ${kb(largestShared.gzipBytes)} KB` : '—'})`,
          shared,
          null,
        ),
      ],
      notes: [
        `Every lazy chunk is within ${BUDGETS.pageChunkGzipKb} KB: ${yesNo(sizes.chunks.every((c) => kb(c.gzipBytes) <= BUDGETS.pageChunkGzipKb))}.`,
      ],
    },
    checks,
  };
}

export interface BundleInit {
  bundle: LambdaBundle;
  initMs: number;
  sdkInitMs: number;
}

export function lambdaSection(bundles: readonly BundleInit[], runs: number): Section {
  const describe = (b: LambdaBundle) =>
    b.contributors
      .slice(0, 3)
      .map((c) => `${c.source} ${kb(c.bytes)}`)
      .join(', ');
  const rows = bundles.map(({ bundle, initMs, sdkInitMs }) => [
    bundle.name,
    kb(bundle.bytes),
    round(initMs),
    round(sdkInitMs),
    describe(bundle),
    yesNo(kb(bundle.bytes) <= BUDGETS.lambdaBundleKb),
    yesNo(initMs <= BUDGETS.lambdaInitMs),
  ]);
  const biggest = [...bundles].sort((a, b) => b.bundle.bytes - a.bundle.bytes)[0];
  const slowest = [...bundles].sort((a, b) => b.initMs - a.initMs)[0];
  const overSize = bundles.filter((b) => kb(b.bundle.bytes) > BUDGETS.lambdaBundleKb);
  const overInit = bundles.filter((b) => b.initMs > BUDGETS.lambdaInitMs);
  const checks: BudgetCheck[] = [];
  if (biggest) {
    checks.push({
      figure: `largest Lambda bundle, minified (${biggest.bundle.name})`,
      value: kb(biggest.bundle.bytes),
      unit: 'KB',
      budget: `≤ ${BUDGETS.lambdaBundleKb} KB each`,
      met: overSize.length === 0,
      ...(overSize.length
        ? { note: `${overSize.map((b) => `${b.bundle.name}: ${describe(b.bundle)}`).join('; ')}` }
        : {}),
    });
  }
  if (slowest) {
    checks.push({
      figure: `slowest Lambda module init (${slowest.bundle.name})`,
      value: round(slowest.initMs),
      unit: 'ms',
      budget: `≤ ${BUDGETS.lambdaInitMs} ms each`,
      met: overInit.length === 0,
      ...(overInit.length
        ? {
            note: `${overInit.length} of ${bundles.length} over; importing their AWS SDK packages alone takes a median ${round(median(overInit.map((b) => b.sdkInitMs)))} ms`,
          }
        : {}),
    });
  }
  return {
    table: {
      title: `Lambda bundles (esbuild with infra/constructs/bundling.ts options; init = median of ${runs} fresh node imports)`,
      columns: [
        'function',
        'KB',
        'init ms',
        'SDK-only ms',
        'largest parts (KB)',
        `≤ ${BUDGETS.lambdaBundleKb} KB`,
        `≤ ${BUDGETS.lambdaInitMs} ms`,
      ],
      rows,
      notes: [
        'init: `await import(bundle)` in a fresh node with NODE_OPTIONS=--enable-source-maps, as the stack sets it.',
        'SDK-only: the same, importing only the external @aws-sdk packages the bundle imports (the Lambda runtime ships them).',
      ],
    },
    checks,
  };
}

export function npmStartSection(runs: readonly StartTiming[]): Section {
  const firstPageS = median(runs.map((r) => r.firstPageMs)) / 1000;
  return {
    table: {
      title: `npm start to first page served (warm install, fresh PRESEED_DATA_DIR, free ports; ${runs.length} runs)`,
      columns: ['run', 'first page s', 'banner s'],
      rows: runs.map((r, i) => [i + 1, round(r.firstPageMs / 1000), round(r.bannerMs / 1000)]),
      notes: [`median: ${round(firstPageS)} s`],
    },
    checks: [
      {
        figure: '`npm start` to first page served (median)',
        value: round(firstPageS),
        unit: 's',
        budget: `≤ ${BUDGETS.npmStartS} s`,
        met: firstPageS <= BUDGETS.npmStartS,
      },
    ],
  };
}

export interface CountedAtScales {
  route: string;
  counts: RequestCount[];
}

export function requestCountSection(rows: readonly CountedAtScales[], scales: readonly number[]): Section {
  const cell = (c: RequestCount | undefined) =>
    c ? `${c.api}${c.consumers ? ` (+${c.consumers} consumers)` : ''}` : '—';
  const constant = (r: CountedAtScales) => r.counts.every((c) => c.api === r.counts[0]?.api);
  const growing = rows.filter((r) => !constant(r));
  return {
    table: {
      title: 'DynamoDB requests per API call (counted in the SDK middleware; bus drained before and after each call)',
      columns: ['route', ...scales.map((s) => `${s.toLocaleString('en-US')} founders`), 'constant'],
      rows: rows.map((r) => [r.route, ...scales.map((_s, i) => cell(r.counts[i])), yesNo(constant(r))]),
      notes: ['"+N consumers": requests of the event consumers the call set off, not part of the API call.'],
    },
    checks: [
      {
        figure: `routes whose DynamoDB requests grow from ${scales[0]?.toLocaleString('en-US')} to ${scales[scales.length - 1]?.toLocaleString('en-US')} founders (${rows.length} routes)`,
        value: growing.length,
        unit: 'routes',
        budget: '0 (constant)',
        met: growing.length === 0,
        ...(growing.length ? { note: growing.map((r) => r.route).join(', ') } : {}),
      },
    ],
  };
}

export function latencySection(figures: readonly LatencyFigure[], timing: string, notes: readonly string[]): Section {
  const getItem = (clients: number) =>
    figures.find((f) => f.kind === 'raw' && f.clients === clients && f.scenario.includes('GetItem'));
  const ratio = (f: LatencyFigure) => {
    const base = getItem(f.clients);
    return base && base.p95 > 0 ? f.p95 / base.p95 : Number.NaN;
  };
  const rows = figures.map((f) => [
    f.scenario,
    f.clients,
    round(f.p50),
    round(f.p95),
    round(f.p99),
    round(f.requestsPerSecond),
    f.kind === 'api' ? `${round(ratio(f))}×` : '',
    f.errors,
  ]);
  const checks: BudgetCheck[] = [];
  for (const f of figures.filter((x) => x.kind === 'api' && x.clients === BUDGET_CLIENTS)) {
    // Closed loop: every client waits for its answer, so mean latency = clients / throughput (Little's law).
    const littleMs = f.requestsPerSecond > 0 ? (f.clients / f.requestsPerSecond) * 1000 : Number.NaN;
    const errors = f.errors ? `; ${f.errors} errors (${f.firstError ?? ''})` : '';
    checks.push({
      figure: `API p95, ${f.clients} founders: ${f.scenario}`,
      value: round(f.p95),
      unit: 'ms',
      budget: `≤ ${BUDGETS.apiP95Ms} ms`,
      met: f.p95 <= BUDGETS.apiP95Ms && f.errors === 0,
      note: `${round(f.requestsPerSecond)} req/s for ${f.clients} clients = ${round(littleMs)} ms mean by Little's law${errors}`,
    });
    const r = ratio(f);
    checks.push({
      figure: `API p95 ÷ raw GetItem p95, ${f.clients} clients: ${f.scenario}`,
      value: round(r),
      unit: '×',
      budget: `≤ ${BUDGETS.apiP95OverGetItem}×`,
      met: r <= BUDGETS.apiP95OverGetItem,
      note: `GetItem p95 ${round(getItem(f.clients)?.p95 ?? Number.NaN)} ms`,
    });
  }
  return {
    table: {
      title: `API latency, closed loop (${timing}); raw DynamoDB Local measured in the same run`,
      columns: ['target', 'clients', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'p95 ÷ GetItem p95', 'errors'],
      rows,
      notes: [
        `${BUDGET_CLIENTS} clients = ${BUDGET_CLIENTS} distinct founders, each with their own token (the coach list uses the admin's).`,
        ...notes,
      ],
    },
    checks,
  };
}
