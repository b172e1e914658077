/**
 * Module initialisation time of each Lambda bundle: a fresh `node` process imports the
 * bundle and reports how long the import alone took (process start-up is not counted —
 * Lambda's own runtime start is not ours to budget). Median of several runs per bundle.
 * The same runner also times importing only a bundle's external packages (the AWS SDK,
 * which the Lambda runtime provides), to show how much of the figure is theirs.
 */
import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { ENV_NAMES } from '../functions/lib/env';
import { median } from './latency-stats';

const run = promisify(execFile);

/** Runs as an ES module in the child: times importing the listed modules, one after the other, and nothing else. */
const RUNNER = [
  'const specifiers = JSON.parse(process.argv[1]);',
  'const started = performance.now();',
  'for (const specifier of specifiers) await import(specifier);',
  'process.stdout.write(String(performance.now() - started));',
  // A module that left a timer or socket open must not hold the measurement up.
  'process.exit(0);',
].join('\n');

/**
 * The environment a deployed function starts with: every name of ENV_NAMES set (placeholder
 * values; nothing is called during import) and NODE_OPTIONS as infra/constructs/function.ts sets it.
 */
function lambdaLikeEnv(): NodeJS.ProcessEnv {
  const names = Object.values(ENV_NAMES);
  return {
    PATH: process.env.PATH,
    AWS_REGION: 'us-east-1',
    ...Object.fromEntries(names.map((name) => [name, `bench-${name.toLowerCase()}`])),
    NODE_OPTIONS: '--enable-source-maps',
  };
}

export interface ImportJob {
  id: string;
  /** Absolute file URLs or bare package names. */
  specifiers: string[];
  /** Bare names resolve from here (the bundle's directory, whose parent links node_modules). */
  cwd: string;
}

async function importMs(job: ImportJob): Promise<number> {
  const { stdout } = await run(
    process.execPath,
    ['--input-type=module', '-e', RUNNER, JSON.stringify(job.specifiers)],
    {
      cwd: job.cwd,
      env: lambdaLikeEnv(),
      timeout: 30_000,
    },
  );
  const ms = Number(stdout.trim());
  if (!Number.isFinite(ms)) throw new Error(`init-time runner for ${job.id} printed ${JSON.stringify(stdout)}`);
  return ms;
}

/**
 * Runs are interleaved across jobs (one round runs each job once) and one at a time, so a
 * burst of machine noise spreads over all bundles instead of landing on one.
 */
export async function measureImportTimes(jobs: readonly ImportJob[], runs: number): Promise<Map<string, number>> {
  const samples = new Map<string, number[]>(jobs.map((j) => [j.id, []]));
  // One unmeasured round warms the OS file cache, as a warm Lambda host has it.
  for (const job of jobs) await importMs(job);
  for (let round = 0; round < runs; round++) {
    for (const job of jobs) samples.get(job.id)?.push(await importMs(job));
  }
  return new Map([...samples].map(([id, ms]) => [id, median(ms)]));
}

export const bundleDir = (file: string): string => dirname(file);
