/**
 * npm run test:mutation — Stryker over the modules of test/mutation/modules.json, then the per-module thresholds.
 *
 *   npm run test:mutation                      every module (reports/mutation/index.html and mutation.json)
 *   npm run test:mutation -- --since main      only modules whose source or a unit test beside it changed since main
 *
 * Any other argument goes to `stryker run` (say `--concurrency 4`). Stryker 10 needs Node 22 or newer.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readScope, reportThresholds } from './check-thresholds';

export const MIN_NODE_MAJOR = 22;

/** Changing one of these changes every mutant's run: a changed one means every module. */
export const MUTATION_SETUP = [
  'stryker.config.mjs',
  'vitest.mutation.config.ts',
  'test/mutation/modules.json',
  'test/mutation/data-table-ignorer.mjs',
];

/**
 * The scope files a change touches: a changed source file itself, and for a changed unit test every scope file in
 * its folder (tests are not always named after their module: pdf-structure.test.ts tests the writer and the layout).
 */
export function mutateForChanges(changed: readonly string[], scopeFiles: readonly string[]): string[] {
  if (changed.some((file) => MUTATION_SETUP.includes(file))) return [...scopeFiles];
  const folderOf = (file: string) => file.slice(0, file.lastIndexOf('/') + 1);
  const touched = new Set<string>();
  for (const file of changed) {
    if (scopeFiles.includes(file)) touched.add(file);
    if (/\.test\.tsx?$/.test(file) && !file.endsWith('.int.test.ts')) {
      for (const source of scopeFiles) if (folderOf(source) === folderOf(file)) touched.add(source);
    }
  }
  return scopeFiles.filter((file) => touched.has(file));
}

/** `--since <ref>` taken out of the arguments; the rest goes to Stryker. */
export function parseArgs(args: readonly string[]): { since: string | null; stryker: string[] } {
  const stryker: string[] = [];
  let since: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--since') {
      const ref = args[i + 1];
      if (!ref || ref.startsWith('-')) throw new Error('--since needs a git ref, e.g. --since main');
      since = ref;
      i++;
    } else if (arg.startsWith('--since=')) {
      since = arg.slice('--since='.length);
    } else {
      stryker.push(arg);
    }
  }
  return { since, stryker };
}

function git(args: string[]): string {
  const run = spawnSync('git', args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${run.stderr.trim()}`);
  return run.stdout;
}

/** Files changed between where this branch left `ref` and the working tree, uncommitted changes included. */
function changedSince(ref: string): string[] {
  const base = git(['merge-base', ref, 'HEAD']).trim();
  const tracked = git(['diff', '--name-only', base]).split('\n');
  const untracked = git(['ls-files', '--others', '--exclude-standard']).split('\n');
  return [...tracked, ...untracked].filter(Boolean);
}

function main(): number {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < MIN_NODE_MAJOR) {
    console.error(
      `test:mutation: Stryker 10 needs Node ${MIN_NODE_MAJOR} or newer; this is Node ${process.versions.node}.`,
    );
    return 1;
  }
  const { since, stryker } = parseArgs(process.argv.slice(2));
  const env = { ...process.env };
  if (since) {
    const mutate = mutateForChanges(changedSince(since), Object.values(readScope().modules).flat());
    if (mutate.length === 0) {
      console.log(`test:mutation: no mutated module or its unit test changed since ${since}; nothing to run.`);
      return 0;
    }
    console.log(`test:mutation: mutating what changed since ${since}: ${mutate.join(', ')}`);
    env.STRYKER_MUTATE = mutate.join(',');
  }
  const bin = join(dirname(createRequire(import.meta.url).resolve('@stryker-mutator/core/package.json')), 'bin');
  const run = spawnSync(process.execPath, [join(bin, 'stryker.js'), 'run', ...stryker], { stdio: 'inherit', env });
  if (run.status !== 0) return run.status ?? 1;
  return reportThresholds() ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.exitCode = main();
  } catch (err) {
    console.error(`test:mutation: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}
