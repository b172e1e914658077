/** Turns each measurement into its printed table and its budget checks. */

import { LAMBDA_NODE_MAJOR } from '../infra/constructs/bundling';
import type { LatencyFigure } from './api-latency';
import { BUDGETS, THROUGHPUT_CLIENTS } from './budgets';
import type { RequestCount } from './ddb-requests-per-call';
import type { ChunkSize, FrontendSizes } from './frontend-size';
import type { HandlerFigure } from './handler-in-process';
import { type LambdaBundle, splitUnbundled } from './lambda-bundle-size';
import { median } from './latency-stats';
import type { RecordedRequest } from './load-plan';
import type { ImportTime } from './module-init-time';
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
  // PDF.js (the share page's viewer) has its own budget: it is the library, not a page, and loads for a PDF only.
  const pdfViewer = sizes.chunks.filter((c) => /^(pdf-engine|pdf\.worker\.min)$/.test(chunkName(c.file)));
  const appChunks = sizes.chunks.filter((c) => !pdfViewer.includes(c));
  const pages = appChunks.filter((c) => chunkName(c.file).endsWith('Page'));
  const shared = appChunks.filter((c) => !pages.includes(c));
  const largest = appChunks[0];
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
  if (pdfViewer.length > 0) {
    const pdfKb = kb(sum(pdfViewer, 'gzipBytes'));
    checks.push({
      figure: 'share viewer: PDF.js and its worker, gzip (loaded only when a PDF is opened)',
      value: pdfKb,
      unit: 'KB',
      budget: `≤ ${BUDGETS.shareViewerPdfGzipKb} KB`,
      met: pdfKb <= BUDGETS.shareViewerPdfGzipKb,
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
        row('share viewer: PDF.js and its worker (on opening a PDF)', pdfViewer, BUDGETS.shareViewerPdfGzipKb),
        row(
          `other lazy chunks (largest: ${largestShared ? `${chunkName(largestShared.file)} ${kb(largestShared.gzipBytes)} KB` : '—'})`,
          shared,
          null,
        ),
      ],
      notes: [
        `Every lazy chunk but PDF.js is within ${BUDGETS.pageChunkGzipKb} KB: ${yesNo(appChunks.every((c) => kb(c.gzipBytes) <= BUDGETS.pageChunkGzipKb))}.`,
      ],
    },
    checks,
  };
}

export interface BundleInit {
  bundle: LambdaBundle;
  init: ImportTime;
  /** The same import with --enable-source-maps added, or null when LAMBDA_NODE_OPTIONS has it already. */
  withSourceMapsMs: number | null;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => round(bytes / MB);

export const bundleMet = (b: BundleInit) => b.bundle.bytes <= BUDGETS.lambdaBundleMb * MB;
export const initMet = (b: BundleInit) => b.init.wallMs <= BUDGETS.lambdaInitMs;

export function lambdaSection(
  bundles: readonly BundleInit[],
  runs: number,
  nodeOptions: string,
  nodeVersion: string,
): Section {
  const describe = (b: LambdaBundle) =>
    b.contributors
      .slice(0, 3)
      .map((c) => `${c.source} ${kb(c.bytes)}`)
      .join(', ');
  const rows = bundles.map((b) => [
    b.bundle.name,
    kb(b.bundle.bytes),
    kb(b.bundle.initBytes),
    kb(b.bundle.sdkBytes),
    round(b.init.wallMs),
    round(b.init.cpuMs),
    b.withSourceMapsMs === null ? '—' : round(b.withSourceMapsMs),
    describe(b.bundle),
    yesNo(bundleMet(b)),
    yesNo(initMet(b)),
  ]);
  const biggest = [...bundles].sort((a, b) => b.bundle.bytes - a.bundle.bytes)[0];
  const slowest = [...bundles].sort((a, b) => b.init.wallMs - a.init.wallMs)[0];
  const overSize = bundles.filter((b) => !bundleMet(b));
  const overInit = bundles.filter((b) => !initMet(b));
  const checks: BudgetCheck[] = [];
  if (biggest) {
    checks.push({
      figure: `largest Lambda bundle, minified, SDK bundled (${biggest.bundle.name})`,
      value: mb(biggest.bundle.bytes),
      unit: 'MB',
      budget: `≤ ${BUDGETS.lambdaBundleMb} MB each`,
      met: overSize.length === 0,
      ...(overSize.length ? { note: overSize.map((b) => `${b.bundle.name}: ${describe(b.bundle)}`).join('; ') } : {}),
    });
  }
  if (slowest) {
    checks.push({
      figure: `slowest Lambda module init, median of ${runs} (${slowest.bundle.name})`,
      value: round(slowest.init.wallMs),
      unit: 'ms',
      budget: `≤ ${BUDGETS.lambdaInitMs} ms each`,
      met: overInit.length === 0,
      ...(overInit.length
        ? {
            note: `${overInit.length} of ${bundles.length} over: ${overInit
              .map((b) => `${b.bundle.name} ${round(b.init.wallMs)} ms (CPU ${round(b.init.cpuMs)} ms)`)
              .join(', ')}`,
          }
        : {}),
    });
  }
  const unbundled = bundles.flatMap((b) => {
    const { builtins, packages } = splitUnbundled(b.bundle);
    return builtins.length || packages.length ? [`${b.bundle.name}: ${[...builtins, ...packages].join(', ')}`] : [];
  });
  const major = Number(nodeVersion.replace(/^v/, '').split('.')[0]);
  return {
    table: {
      title: `Lambda bundles (esbuild with infra/constructs/bundling.ts options, AWS SDK bundled; init = median of ${runs} fresh node imports)`,
      columns: [
        'function',
        'KB',
        'KB at init',
        'SDK KB',
        'init ms',
        'CPU ms',
        '+maps ms',
        'largest parts (KB)',
        `≤ ${BUDGETS.lambdaBundleMb} MB`,
        `≤ ${BUDGETS.lambdaInitMs} ms`,
      ],
      rows,
      notes: [
        `init: \`await import(bundle)\` in a fresh node ${nodeVersion}, wall clock, NODE_OPTIONS=${JSON.stringify(nodeOptions)} as LAMBDA_NODE_OPTIONS in bundling.ts sets it for the functions; CPU: the process's CPU time over the same import.`,
        '+maps: the same import with --enable-source-maps, what a function pays when its NODE_OPTIONS turns source maps on.',
        'KB: every file of the bundle; at init: its entry and the chunks that imports statically, what a cold start reads and compiles (the rest loads with `import()` on first use).',
        'SDK KB: @aws-sdk/* and @smithy/* in the bundle.',
        ...(major === LAMBDA_NODE_MAJOR
          ? []
          : [
              `Measured on Node ${major}; Lambda runs Node ${LAMBDA_NODE_MAJOR}, whose figures differ: set PRESEED_BENCH_LAMBDA_NODE to a node ${LAMBDA_NODE_MAJOR} binary to measure with it.`,
            ]),
        ...(unbundled.length
          ? [
              `Left unbundled (an ESM import of a built-in without a shim in infra/bundling/builtins): ${unbundled.join('; ')}`,
            ]
          : []),
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

/** `GetItem ×2, Query` from the recorded commands' names. */
export function describeRequests(requests: readonly RecordedRequest[]): string {
  const counts = new Map<string, number>();
  for (const r of requests) {
    const name = r.command.replace(/Command$/, '');
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(', ') || 'none';
}

export interface OverheadRow {
  route: string;
  requests: RecordedRequest[];
  api: LatencyFigure | undefined;
  /** The route's handler invoked in process: no HTTP, router or JWT check. */
  handler: HandlerFigure | undefined;
  replay: LatencyFigure | undefined;
}

export const overheadFactor = (row: OverheadRow): number =>
  row.api && row.replay && row.replay.p50 > 0 ? row.api.p50 / row.replay.p50 : Number.NaN;

export function overheadSection(rows: readonly OverheadRow[], raw: readonly LatencyFigure[], timing: string): Section {
  const limit = BUDGETS.apiOverheadFactor;
  const checks: BudgetCheck[] = rows.map((row) => {
    const factor = overheadFactor(row);
    const errors = (row.api?.errors ?? 0) + (row.replay?.errors ?? 0);
    return {
      figure: `our overhead, 1 client: ${row.route}`,
      value: round(factor),
      unit: '×',
      budget: `≤ ${limit}×`,
      met: factor <= limit && errors === 0,
      note:
        `API p50 ${round(row.api?.p50 ?? Number.NaN)} ms ÷ its ${row.requests.length} DynamoDB requests replayed ` +
        `p50 ${round(row.replay?.p50 ?? Number.NaN)} ms; handler in process p50 ${round(row.handler?.p50 ?? Number.NaN)} ms, ` +
        `CPU ${round(row.handler?.cpuMsPerRequest ?? Number.NaN)} ms/request` +
        (errors ? `; ${errors} errors (${row.api?.firstError ?? row.replay?.firstError ?? ''})` : ''),
    };
  });
  const refused = rows.filter((r) => (r.replay?.refused ?? 0) > 0);
  return {
    table: {
      title: `Our overhead per API call at 1 client (${timing}): API p50 ÷ p50 of the same DynamoDB requests replayed raw in sequence`,
      columns: [
        'route',
        'DynamoDB requests',
        'API p50 ms',
        'handler p50 ms',
        'replay p50 ms',
        'overhead',
        'ours ms',
        'handler CPU ms',
        'server CPU ms',
        `≤ ${limit}×`,
      ],
      rows: rows.map((row) => {
        const factor = overheadFactor(row);
        return [
          row.route,
          describeRequests(row.requests),
          round(row.api?.p50 ?? Number.NaN),
          round(row.handler?.p50 ?? Number.NaN),
          round(row.replay?.p50 ?? Number.NaN),
          `${round(factor)}×`,
          round((row.api?.p50 ?? Number.NaN) - (row.replay?.p50 ?? Number.NaN)),
          round(row.handler?.cpuMsPerRequest ?? Number.NaN),
          round(row.api?.serverCpuMsPerRequest ?? Number.NaN),
          yesNo(factor <= limit),
        ];
      }),
      notes: [
        'replay: the DynamoDB requests one call of the route made (recorded in the SDK middleware), sent again one after another',
        "  from the load generator with the handlers' own client (functions/store/client.ts): the floor of that call.",
        "handler: the route's Lambda handler invoked in this process, one call after another (interleaved with the rounds above):",
        "  API p50 − handler p50 is the local server's part (HTTP, JWT check, event building: API Gateway's in the cloud),",
        "  handler p50 − replay p50 our handler code's (middy, logging, dispatch, the route).",
        "ours ms: API p50 − replay p50. handler CPU: CPU time per handler invocation, SDK included: the Lambda's own.",
        "server CPU: this process' CPU time (API server, handlers, SDK, local bus) over the HTTP runs ÷ requests answered.",
        ...raw.map(
          (f) =>
            `${f.scenario}, 1 client, hand-written HTTP without the SDK: p50 ${round(f.p50)} ms, p95 ${round(f.p95)} ms.`,
        ),
        ...refused.map(
          (r) =>
            `${r.route}: ${r.replay?.refused} replayed requests were refused on their condition (the round trip still counts).`,
        ),
      ],
    },
    checks,
  };
}

export function throughputSection(
  figures: readonly LatencyFigure[],
  timing: string,
  notes: readonly string[],
): Section {
  return {
    table: {
      title: `Single-process throughput at ${THROUGHPUT_CLIENTS} clients (${timing}): one local process serves them all, so this is not a user-facing latency`,
      columns: ['target', 'clients', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'errors'],
      rows: figures.map((f) => [
        f.scenario,
        f.clients,
        round(f.p50),
        round(f.p95),
        round(f.p99),
        round(f.requestsPerSecond),
        f.errors,
      ]),
      notes: [
        `${THROUGHPUT_CLIENTS} clients = ${THROUGHPUT_CLIENTS} distinct founders, each with their own token (the coach list uses the admin's); raw DynamoDB Local in the same run.`,
        ...figures
          .filter((f) => f.errors > 0)
          .map((f) => `${f.scenario}: ${f.errors} errors, the first: ${f.firstError ?? ''}`),
        ...notes,
      ],
    },
    checks: [],
  };
}
