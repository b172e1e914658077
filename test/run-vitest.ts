/**
 * `npm test`'s test run: two Vitest processes at once, the integration project in one and every other project in
 * the other. In one process Vitest runs a project without file parallelism (integration: one shared emulator stack,
 * files one after another) as a group of its own after the parallel ones, and gives the parallel ones cores − 1
 * workers: on a 2-core machine every file of the whole suite ran one after another. Two processes run two files at
 * a time (decision 036). Arguments go to both; `--outputFile.json=<f>`
 * becomes `<f>` for the other projects and `<f>` with `.integration` before `.json` for integration.
 * Each child's lines are prefixed with its name; the exit code is the first failure's.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * `nice`: the other projects run at a lower CPU priority, so they take the cycles the integration run leaves idle
 * and never slow the emulators under the integration files' concurrency and timing assertions.
 */
export const RUNS = [
  { name: 'integration', projects: ['integration'], nice: 0 },
  { name: 'other', projects: ['unit', 'frontend', 'infra'], nice: 10 },
] as const;

const JSON_OUTPUT = '--outputFile.json=';

/** The arguments one run gets: its projects, the caller's arguments, and its own JSON report file. */
export function argsFor(run: (typeof RUNS)[number], args: readonly string[]): string[] {
  const own = args.map((arg) => {
    if (!arg.startsWith(JSON_OUTPUT) || run.name !== 'integration') return arg;
    const file = arg.slice(JSON_OUTPUT.length);
    const named = file.endsWith('.json') ? `${file.slice(0, -'.json'.length)}.integration.json` : `${file}.integration`;
    return `${JSON_OUTPUT}${named}`;
  });
  // A file filter may match only one run's projects: the other then passes with nothing to do.
  return ['run', ...run.projects.flatMap((p) => ['--project', p]), '--passWithNoTests', ...own];
}

function runOne(vitest: string, run: (typeof RUNS)[number], args: readonly string[]): Promise<number> {
  const child = spawn(process.execPath, [vitest, ...argsFor(run, args)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
  });
  // Set before Vitest starts its workers (they inherit it); a platform that refuses keeps the default priority.
  if (run.nice !== 0 && child.pid !== undefined) {
    try {
      setPriority(child.pid, run.nice);
    } catch {
      // Without the lower priority the runs still pass; they only compete for the cores.
    }
  }
  const prefix = `[${run.name}] `;
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: from }).on('line', (line) => to.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

async function main(): Promise<number> {
  const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
  const codes = await Promise.all(RUNS.map((run) => runOne(vitest, run, process.argv.slice(2))));
  for (const [i, code] of codes.entries()) {
    if (code !== 0) console.error(`npm test: the ${RUNS[i]?.name} tests failed (exit ${code}).`);
  }
  return codes.find((code) => code !== 0) ?? 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
