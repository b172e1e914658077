/**
 * `npm run bench`: the figures ARCHITECTURE.md §9 budgets, measured on this machine and
 * printed as tables, with each figure, its budget and whether it is met also written to
 * bench/results.json. A benchmark, not a test: it exits 0 whatever the figures say, and
 * non-zero only when it could not measure.
 *
 * Order matters on a small machine: the figures that spawn processes (bundles' init time,
 * `npm start`) run before the in-process stack starts, so nothing else competes with them.
 */
import '../local/quiet-warnings';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACTIVITY, CAPACITY_SCALES, PROFILE } from '#shared/capacity-profile';
import { capacityPlan } from '../infra/capacity-model';
import { LAMBDA_NODE_OPTIONS } from '../infra/constructs/bundling';
import { ensureFrontendBuilt } from '../local/frontend-build';
import { seedFounders } from '../test/seed-founders';
import { type LatencyScenario, type LatencyTiming, measureLatency } from './api-latency';
import { startBenchStack } from './bench-stack';
import { BILL_SCALES, monthlyBill, PROD_BILL } from './bill';
import { BUDGETS, THROUGHPUT_CLIENTS } from './budgets';
import { PRICES } from './capacity';
import {
  capacitySection,
  ceilingsSection,
  costSection,
  type MeasuredCall,
  partitionWritesSection,
  projections,
} from './capacity-section';
import { RequestCounter } from './ddb-requests-per-call';
import { measureFrontendSizes } from './frontend-size';
import { type HandlerSampler, handlerSampler } from './handler-in-process';
import { buildLambdaBundles } from './lambda-bundle-size';
import { LIGHTHOUSE_PAGES, measureLighthouse } from './lighthouse';
import { lighthouseSection } from './lighthouse-section';
import type { RecordedRequest } from './load-plan';
import { initNodeVersion, measureImportTimes } from './module-init-time';
import { measureNpmStart, type StartTiming } from './npm-start-time';
import { type BudgetCheck, budgetTable, renderTable } from './report';
import {
  apiScenarios,
  countedRoutes,
  prepareCountedRoutes,
  rawScenarios,
  SEEDED_TOOL,
  SEEDED_TYPE,
} from './routes-under-test';
import {
  type BundleInit,
  bundleMet,
  type CountedAtScales,
  frontendSection,
  initMet,
  lambdaSection,
  npmStartSection,
  type OverheadRow,
  overheadFactor,
  overheadSection,
  requestCountSection,
  type Section,
  throughputSection,
} from './sections';

const RESULTS_FILE = new URL('./results.json', import.meta.url);
/** Fresh node imports per bundle (after one unmeasured import that warms the file cache). */
const INIT_RUNS = 5;
const NPM_START_RUNS = 2;
/** Lighthouse runs per page and form factor; the median score is kept (scores move with the machine's load). */
const LIGHTHOUSE_RUNS = 3;
const FOUNDER_SCALES = [100, 10_000] as const;
const LATENCY_CLIENTS = [1, THROUGHPUT_CLIENTS] as const;
/** 1 client: interleaved rounds, so the API and its replay meet the same machine; 50 clients: one long run. */
const latencyTiming = (clients: number): LatencyTiming =>
  clients === 1 ? { warmupMs: 300, durationMs: 6000, rounds: 6 } : { warmupMs: 2000, durationMs: 5000, rounds: 1 };

/** What one part of the benchmark hands back. */
interface Part {
  sections: Section[];
  /** Raw figures for results.json. */
  data: Record<string, unknown>;
  /** Warnings and errors the app logged meanwhile. */
  problems?: string[];
}

const began = Date.now();
function progress(line: string): void {
  process.stderr.write(`[${((Date.now() - began) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);
}

/** NODE_OPTIONS for the "+maps" column: the functions' own, with source maps on. */
const WITH_SOURCE_MAPS = [LAMBDA_NODE_OPTIONS, '--enable-source-maps'].filter(Boolean).join(' ');

async function lambdaPart(): Promise<Part> {
  const outDir = await mkdtemp(join(tmpdir(), 'preseed-bench-bundles-'));
  try {
    const bundles = await buildLambdaBundles(outDir);
    progress(`Built ${bundles.length} Lambda bundles; timing their module initialisation…`);
    const nodeVersion = await initNodeVersion();
    const mapsToo = !LAMBDA_NODE_OPTIONS.split(/\s+/).includes('--enable-source-maps');
    const times = await measureImportTimes(
      bundles.flatMap((b) => [
        { id: b.name, file: b.file, nodeOptions: LAMBDA_NODE_OPTIONS },
        ...(mapsToo ? [{ id: `${b.name} +maps`, file: b.file, nodeOptions: WITH_SOURCE_MAPS }] : []),
      ]),
      INIT_RUNS,
    );
    const measured: BundleInit[] = bundles.map((bundle) => ({
      bundle,
      init: times.get(bundle.name) ?? { wallMs: Number.NaN, cpuMs: Number.NaN },
      withSourceMapsMs: mapsToo ? (times.get(`${bundle.name} +maps`)?.wallMs ?? Number.NaN) : null,
    }));
    return {
      sections: [lambdaSection(measured, INIT_RUNS, LAMBDA_NODE_OPTIONS, nodeVersion)],
      data: {
        lambdaBundles: measured.map((b) => ({
          name: b.bundle.name,
          entry: b.bundle.entry,
          bytes: b.bundle.bytes,
          sdkBytes: b.bundle.sdkBytes,
          initMs: b.init.wallMs,
          initCpuMs: b.init.cpuMs,
          initWithSourceMapsMs: b.withSourceMapsMs,
          nodeOptions: LAMBDA_NODE_OPTIONS,
          node: nodeVersion,
          budgets: {
            bytes: { budget: `≤ ${BUDGETS.lambdaBundleMb} MB`, met: bundleMet(b) },
            initMs: { budget: `≤ ${BUDGETS.lambdaInitMs} ms`, met: initMet(b) },
          },
          unbundled: b.bundle.unbundled,
          contributors: b.bundle.contributors,
        })),
      },
    };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

async function npmStartPart(): Promise<Part> {
  // "Warm install": a stale frontend would be rebuilt inside the first timed start.
  await ensureFrontendBuilt(progress);
  const runs: StartTiming[] = [];
  for (let i = 0; i < NPM_START_RUNS; i++) {
    runs.push(await measureNpmStart());
    progress(`  npm start run ${i + 1}: first page after ${((runs[i]?.firstPageMs ?? 0) / 1000).toFixed(1)} s`);
  }
  return { sections: [npmStartSection(runs)], data: { npmStart: runs } };
}

async function apiPart(): Promise<Part> {
  progress(`Starting the offline stack on a fresh data directory, with ${THROUGHPUT_CLIENTS} founders…`);
  const bench = await startBenchStack({ founders: THROUGHPUT_CLIENTS });
  try {
    const counter = new RequestCounter();
    counter.install();
    const routes = countedRoutes(bench);
    await prepareCountedRoutes(bench);
    const counted: CountedAtScales[] = routes.map((r) => ({ route: r.name, counts: [] }));
    // What each call writes where, from the largest scale's calls: the capacity figures' measurements.
    const measuredCalls: MeasuredCall[] = [];
    let seeded = 0;
    for (const scale of FOUNDER_SCALES) {
      progress(`Seeding founders up to ${scale.toLocaleString('en-US')}…`);
      await seedFounders({ from: seeded, to: scale, type: SEEDED_TYPE, alsoPending: SEEDED_TOOL });
      seeded = scale;
      // The seeded items flow through the table's stream (the directory projection): the stack is let settle
      // completely, so what follows is measured on a quiet stack, not beside that backlog.
      while ((await bench.stack.stream.drain()) > 0) {}
      measuredCalls.length = 0;
      for (const [i, route] of routes.entries()) {
        const { capacity, ...count } = await counter.count(bench, route);
        counted[i]?.counts.push(count);
        measuredCalls.push({ route: route.name, capacity });
      }
    }
    const projected = projections(measuredCalls);

    // What one call of each measured route asks of DynamoDB (client 0's call: what 1 client sends).
    const apis = apiScenarios(bench);
    const recorded = new Map<string, RecordedRequest[]>();
    for (const api of apis) {
      const call = api.calls[0];
      if (call) recorded.set(api.name, await counter.record(bench, api.name, call));
    }
    const scenarios: LatencyScenario[] = [
      ...apis.map((api) => ({
        name: api.name,
        kind: 'api' as const,
        clients: LATENCY_CLIENTS,
        target: { kind: 'http' as const, baseUrl: bench.apiUrl, calls: api.calls },
      })),
      ...apis.map((api) => ({
        name: `${api.name}: its DynamoDB requests replayed`,
        kind: 'replay' as const,
        of: api.name,
        clients: [1],
        target: { kind: 'dynamodb-replay' as const, requests: recorded.get(api.name) ?? [] },
      })),
      ...rawScenarios(bench, LATENCY_CLIENTS),
    ];
    // Each route's handler, invoked in this process after every 1-client round, so it meets the same machine too.
    const samplers = new Map<string, HandlerSampler>();
    for (const api of apis) {
      const call = api.calls[0];
      if (call) samplers.set(api.name, await handlerSampler(bench, call, latencyTiming(1)));
    }
    progress('Measuring latency (closed loop; 1 client in interleaved rounds with the handlers in process)…');
    const figures = await measureLatency(scenarios, latencyTiming, progress, async (clients) => {
      if (clients === 1) for (const sampler of samplers.values()) await sampler.round();
    });
    const handlers = new Map([...samplers].map(([name, sampler]) => [name, sampler.figure()]));
    const at = (clients: number) => figures.filter((f) => f.clients === clients);
    const overheadRows: OverheadRow[] = apis.map((api) => ({
      route: api.name,
      requests: recorded.get(api.name) ?? [],
      api: at(1).find((f) => f.kind === 'api' && f.scenario === api.name),
      handler: handlers.get(api.name),
      replay: at(1).find((f) => f.kind === 'replay' && f.of === api.name),
    }));
    const timingOf = (clients: number) => {
      const t = latencyTiming(clients);
      return t.rounds > 1
        ? `${t.durationMs / 1000} s measured in ${t.rounds} interleaved rounds, each after ${t.warmupMs / 1000} s warm-up`
        : `${t.warmupMs / 1000} s warm-up, ${t.durationMs / 1000} s measured`;
    };
    return {
      sections: [
        requestCountSection(counted, FOUNDER_SCALES),
        partitionWritesSection(measuredCalls),
        capacitySection(projected),
        ceilingsSection(),
        costSection(projected),
        overheadSection(
          overheadRows,
          at(1).filter((f) => f.kind === 'raw'),
          timingOf(1),
        ),
        throughputSection(
          at(THROUGHPUT_CLIENTS).filter((f) => f.kind !== 'replay'),
          timingOf(THROUGHPUT_CLIENTS),
          [
            `Data directory: ${bench.dataDir} (set PRESEED_BENCH_TMPDIR to choose another parent).`,
            `Measured with ${FOUNDER_SCALES[FOUNDER_SCALES.length - 1]?.toLocaleString('en-US')} seeded founders in the table.`,
          ],
        ),
      ],
      data: {
        requestsPerCall: { scales: FOUNDER_SCALES, routes: counted },
        partitionWrites: measuredCalls,
        capacity: { activity: ACTIVITY, profile: PROFILE, prices: PRICES, projections: projected },
        overhead: overheadRows.map((row) => ({
          route: row.route,
          dynamoDbRequests: row.requests,
          apiP50Ms: row.api?.p50,
          handlerInProcessP50Ms: row.handler?.p50,
          handlerCpuMsPerRequest: row.handler?.cpuMsPerRequest,
          replayP50Ms: row.replay?.p50,
          factor: overheadFactor(row),
          serverCpuMsPerRequest: row.api?.serverCpuMsPerRequest,
          budget: `≤ ${BUDGETS.apiOverheadFactor}×`,
          met: overheadFactor(row) <= BUDGETS.apiOverheadFactor,
        })),
        latency: figures,
      },
      problems: [...bench.problems, ...counter.failures.map((f) => `capacity not measured: ${f}`)],
    };
  } catch (err) {
    // The app's own log says why a call failed; the HTTP answer only that it did.
    if (bench.problems[0]) progress(`The app logged: ${bench.problems[0]}`);
    throw err;
  } finally {
    await bench.stop();
  }
}

/** The capacity model's ceilings and the whole bill, without measuring (the api part adds DynamoDB's measured units). */
async function capacityPart(): Promise<Part> {
  return {
    sections: [ceilingsSection(), costSection()],
    data: {
      capacityModel: CAPACITY_SCALES.map((founders) => capacityPlan(founders)),
      bill: BILL_SCALES.map((founders) => monthlyBill(founders, PROD_BILL)),
    },
  };
}

async function lighthousePart(): Promise<Part> {
  const figures = await measureLighthouse(LIGHTHOUSE_RUNS, progress);
  return { sections: [lighthouseSection(figures, LIGHTHOUSE_RUNS)], data: { lighthouse: figures } };
}

async function frontendPart(): Promise<Part> {
  const sizes = await measureFrontendSizes(progress);
  return { sections: [frontendSection(sizes)], data: { frontend: sizes } };
}

/** The parts in the order they run; `npm run bench -- api lambdas` runs only those named. */
const PARTS: ReadonlyArray<{ name: string; title: string; run: () => Promise<Part> }> = [
  {
    name: 'frontend',
    title: 'Frontend sizes (building the frontend first if it is missing or stale)…',
    run: frontendPart,
  },
  { name: 'lambdas', title: 'Lambda bundles…', run: lambdaPart },
  { name: 'start', title: `npm start to first page (${NPM_START_RUNS} runs)…`, run: npmStartPart },
  {
    name: 'lighthouse',
    title: `Lighthouse on ${LIGHTHOUSE_PAGES.join(', ')}, mobile and desktop (${LIGHTHOUSE_RUNS} runs each, against npm start)…`,
    run: lighthousePart,
  },
  { name: 'api', title: 'API figures…', run: apiPart },
  { name: 'capacity', title: 'Capacity model: ceilings and the whole bill…', run: capacityPart },
];

async function main(): Promise<void> {
  const startedAt = new Date();
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !PARTS.some((p) => p.name === w));
  if (unknown.length)
    throw new Error(`Unknown part ${unknown.join(', ')}; the parts are ${PARTS.map((p) => p.name).join(', ')}.`);
  const parts: Part[] = [];
  for (const part of PARTS.filter((p) => wanted.length === 0 || wanted.includes(p.name))) {
    progress(part.title);
    parts.push(await part.run());
  }

  const sections = parts.flatMap((p) => p.sections);
  const checks: BudgetCheck[] = sections.flatMap((s) => s.checks);
  const appProblems = parts.flatMap((p) => p.problems ?? []);
  const load = os.loadavg().map((n) => n.toFixed(2));
  const header = [
    `Preseed benchmark — ${startedAt.toISOString()} · node ${process.version} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`,
    `load average ${load.join(' ')} at the end · ${((Date.now() - began) / 1000).toFixed(0)} s in all`,
  ];
  const problems = appProblems.length
    ? [`The app logged ${appProblems.length} warnings or errors during the run; the first: ${appProblems[0]}`]
    : [];
  process.stdout.write(
    `\n${[header.join('\n'), ...sections.map((s) => renderTable(s.table)), renderTable(budgetTable(checks)), ...problems].join('\n\n')}\n`,
  );

  const results = {
    startedAt: startedAt.toISOString(),
    durationS: (Date.now() - began) / 1000,
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      loadAverage: os.loadavg(),
    },
    parts: parts.length === PARTS.length ? 'all' : wanted,
    budgets: checks,
    allBudgetsMet: checks.every((c) => c.met),
    figures: Object.assign({}, ...parts.map((p) => p.data)) as Record<string, unknown>,
    tables: sections.map((s) => s.table),
    appProblems,
  };
  await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  progress(`Wrote ${RESULTS_FILE.pathname}`);
}

main().then(
  // The stack's emulators are stopped; anything left (keep-alive sockets) must not hold the exit.
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(
      `\nThe benchmark could not finish: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
