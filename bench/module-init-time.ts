/**
 * Module initialisation time of each Lambda bundle: a fresh `node` process imports the bundle
 * and reports how long the import alone took, in wall-clock time (the budget) and in CPU time
 * of the process (less disturbed by other work on a shared machine). Process start-up is not
 * counted: Lambda's own runtime start is not ours to budget. Median of several runs per bundle.
 */
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ENV_NAMES } from '../functions/lib/env';
import { LAMBDA_NODE_MAJOR } from '../infra/constructs/bundling';
import { median } from './latency-stats';

const run = promisify(execFile);

/**
 * The node that imports the bundles: this one, or PRESEED_BENCH_LAMBDA_NODE (a path) to measure on
 * the Lambda runtime's major version when the machine's node is another (built-ins and the parser
 * differ between majors, and so do the figures).
 */
export const initNode = (): string => process.env.PRESEED_BENCH_LAMBDA_NODE || process.execPath;

/** `v22.23.3`: the version of initNode(). */
export async function initNodeVersion(): Promise<string> {
  const { stdout } = await run(initNode(), ['-p', 'process.version']);
  return stdout.trim();
}

/** Runs as an ES module in the child: times importing the bundle, and nothing else. */
const RUNNER = [
  'const cpu = process.cpuUsage();',
  'const started = performance.now();',
  'await import(process.argv[1]);',
  'const wallMs = performance.now() - started;',
  'const { user, system } = process.cpuUsage(cpu);',
  'process.stdout.write(JSON.stringify({ wallMs, cpuMs: (user + system) / 1000 }));',
  // A module that left a timer or socket open must not hold the measurement up.
  'process.exit(0);',
].join('\n');

/**
 * The environment a deployed function starts with: what Lambda sets (placeholder credentials;
 * nothing is called during import), every name of ENV_NAMES, and `nodeOptions` as NODE_OPTIONS.
 */
function lambdaLikeEnv(nodeOptions: string): NodeJS.ProcessEnv {
  const names = Object.values(ENV_NAMES);
  return {
    PATH: process.env.PATH,
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_EXECUTION_ENV: `AWS_Lambda_nodejs${LAMBDA_NODE_MAJOR}.x`,
    AWS_LAMBDA_FUNCTION_NAME: 'bench',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    AWS_SESSION_TOKEN: 'bench',
    ...Object.fromEntries(names.map((name) => [name, `bench-${name.toLowerCase()}`])),
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
  };
}

export interface ImportJob {
  id: string;
  /** Absolute path of the bundle. */
  file: string;
  /** NODE_OPTIONS of the process that imports it. */
  nodeOptions: string;
}

export interface ImportTime {
  /** Median wall-clock milliseconds of the import. */
  wallMs: number;
  /** Median CPU milliseconds (user + system) the process spent in it. */
  cpuMs: number;
}

async function importOnce(job: ImportJob): Promise<ImportTime> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', RUNNER, pathToFileURL(job.file).href], {
    env: lambdaLikeEnv(job.nodeOptions),
    timeout: 30_000,
  });
  const parsed = JSON.parse(stdout) as Partial<ImportTime>;
  if (typeof parsed.wallMs !== 'number' || typeof parsed.cpuMs !== 'number') {
    throw new Error(`init-time runner for ${job.id} printed ${JSON.stringify(stdout)}`);
  }
  return { wallMs: parsed.wallMs, cpuMs: parsed.cpuMs };
}

/**
 * Runs are interleaved across jobs (one round runs each job once) and one at a time, so a
 * burst of machine noise spreads over all bundles instead of landing on one.
 */
export async function measureImportTimes(jobs: readonly ImportJob[], runs: number): Promise<Map<string, ImportTime>> {
  const samples = new Map<string, ImportTime[]>(jobs.map((j) => [j.id, []]));
  // One unmeasured round warms the OS file cache, as a warm Lambda host has it.
  for (const job of jobs) await importOnce(job);
  for (let round = 0; round < runs; round++) {
    for (const job of jobs) samples.get(job.id)?.push(await importOnce(job));
  }
  return new Map(
    [...samples].map(([id, s]) => [
      id,
      { wallMs: median(s.map((x) => x.wallMs)), cpuMs: median(s.map((x) => x.cpuMs)) },
    ]),
  );
}
