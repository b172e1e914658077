// Mutation testing (npm run test:mutation): how many injected bugs the unit tests catch. The modules come from
// test/mutation/modules.json, which the per-module check (test/mutation/check-thresholds.ts) reads too.
// STRYKER_MUTATE (set by test/mutation/run.ts for `--since <ref>`) narrows the run to the changed files.
import { readFileSync } from 'node:fs';

const scope = JSON.parse(readFileSync(new URL('./test/mutation/modules.json', import.meta.url), 'utf8'));
const allFiles = Object.values(scope.modules).flat();
const partial = Boolean(process.env.STRYKER_MUTATE);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  // Static mutants (in module-level constants: the question bank, the validation-test library, the built-in
  // suggestions, the prompt words) need the whole module graph reloaded per mutant — 26 % of the mutants, 71 % of
  // the time — and are mostly the texts of data tables, which the tests pin by shape, not word by word.
  ignoreStatic: true,
  // The words of the data tables modules.json lists under "dataTables" (the emails, the validation-test library, the
  // question bank) are not mutated: test/mutation/data-table-ignorer.mjs.
  appendPlugins: ['./test/mutation/data-table-ignorer.mjs'],
  ignorers: ['data-table-text'],
  mutate: partial ? process.env.STRYKER_MUTATE.split(',') : allFiles,
  // Incremental (decision 042): the committed result of the last full run is reused for every mutant whose file and
  // covering tests are unchanged, so CI tests only what a change touched. A partial run would write a file of its few
  // modules only, so it leaves the file alone; MUTATION_FULL=1 runs every mutant again and rewrites it.
  incremental: !partial,
  incrementalFile: 'test/mutation/incremental.json',
  force: process.env.MUTATION_FULL === '1',
  // Sandboxes copy the project: what no unit test reads stays out of them.
  ignorePatterns: [
    'e2e',
    'bench',
    'docs',
    'infra',
    '/local',
    'cdk.out',
    '.local',
    'frontend/dist',
    'reports',
    'test-results',
    'test/mutation/incremental.json',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // A partial run's score is that of a few files; the per-module check judges it.
  thresholds: { high: 90, low: scope.minimumPerModule, break: partial ? null : scope.minimumOverall },
  // The machine is shared: a slow neighbour must not turn a killed mutant into a timeout or a survivor.
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
};
