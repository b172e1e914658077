/**
 * The per-module half of the mutation thresholds (Stryker's own `thresholds.break` holds only the whole run):
 * reads Stryker's JSON report and fails when a module of test/mutation/modules.json scores below its minimum, or
 * the whole run below the overall one. A partial run (`--since`) is judged by the modules it mutated only.
 *
 *   tsx test/mutation/check-thresholds.ts [report.json]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The part of the mutation-testing-report-schema (Stryker's JSON reporter) this check reads. */
const reportSchema = z.object({
  files: z.record(
    z.string(),
    z.object({
      mutants: z.array(
        z.object({
          status: z.enum([
            'Killed',
            'Survived',
            'NoCoverage',
            'CompileError',
            'RuntimeError',
            'Timeout',
            'Ignored',
            'Pending',
          ]),
        }),
      ),
    }),
  ),
});
export type MutationReport = z.infer<typeof reportSchema>;

const scopeSchema = z.object({
  minimumPerModule: z.number().min(0).max(100),
  minimumOverall: z.number().min(0).max(100),
  modules: z.record(z.string(), z.array(z.string()).min(1)),
});
export type MutationScope = z.infer<typeof scopeSchema>;

export interface Score {
  /** Mutants that count: killed, timed out, survived or reached by no test (not ignored, not compile errors). */
  mutants: number;
  detected: number;
  /** Percent, as Stryker computes it: detected ÷ counted; null when nothing counted. */
  score: number | null;
}

export interface ModuleScore extends Score {
  module: string;
}

export interface ThresholdResult {
  modules: ModuleScore[];
  overall: Score;
  /** True when the report holds every file of the scope. */
  complete: boolean;
  failures: string[];
}

function tally(statuses: readonly MutationReport['files'][string]['mutants'][number]['status'][]): Score {
  let detected = 0;
  let undetected = 0;
  for (const status of statuses) {
    if (status === 'Killed' || status === 'Timeout') detected++;
    else if (status === 'Survived' || status === 'NoCoverage') undetected++;
  }
  const mutants = detected + undetected;
  return { mutants, detected, score: mutants === 0 ? null : (detected / mutants) * 100 };
}

const percent = (score: number | null) => (score === null ? 'n/a' : `${score.toFixed(2)} %`);

/** Scores per module and overall, and what falls below the scope's minimums. */
export function checkThresholds(report: MutationReport, scope: MutationScope): ThresholdResult {
  const statusesOf = (files: readonly string[]) =>
    files.flatMap((f) => report.files[f]?.mutants ?? []).map((m) => m.status);
  const scopeFiles = Object.values(scope.modules).flat();
  const complete = scopeFiles.every((file) => file in report.files);
  const failures: string[] = [];
  const modules: ModuleScore[] = [];
  for (const [module, files] of Object.entries(scope.modules)) {
    if (!files.some((file) => file in report.files)) continue;
    const score = { module, ...tally(statusesOf(files)) };
    modules.push(score);
    if (score.score !== null && score.score < scope.minimumPerModule) {
      failures.push(`${module}: ${percent(score.score)} is below the ${scope.minimumPerModule} % every module needs`);
    }
  }
  const unlisted = Object.keys(report.files).filter((file) => !scopeFiles.includes(file));
  if (unlisted.length > 0) failures.push(`mutated files no module lists: ${unlisted.join(', ')}`);
  const overall = tally(statusesOf(Object.keys(report.files)));
  if (complete && overall.score !== null && overall.score < scope.minimumOverall) {
    failures.push(`overall: ${percent(overall.score)} is below ${scope.minimumOverall} %`);
  }
  return { modules, overall, complete, failures };
}

/** The result as a Markdown table, for the log and the issue. */
export function scoreTable(result: ThresholdResult): string {
  const rows = result.modules.map((m) => `| ${m.module} | ${m.mutants} | ${percent(m.score)} |`);
  const label = result.complete ? '**all**' : '**these modules**';
  return [
    '| module | mutants | score |',
    '|---|---|---|',
    ...rows,
    `| ${label} | ${result.overall.mutants} | **${percent(result.overall.score)}** |`,
  ].join('\n');
}

export function readScope(): MutationScope {
  return scopeSchema.parse(JSON.parse(readFileSync(new URL('./modules.json', import.meta.url), 'utf8')));
}

export function readReport(path: string): MutationReport {
  return reportSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}

export const REPORT_PATH = 'reports/mutation/mutation.json';

/** Prints the table and the failures; true when every threshold holds. */
export function reportThresholds(path = REPORT_PATH): boolean {
  const result = checkThresholds(readReport(path), readScope());
  console.log(scoreTable(result));
  if (!result.complete) console.log('(a partial run: the overall minimum is judged on full runs only)');
  for (const failure of result.failures) console.error(`mutation threshold: ${failure}`);
  return result.failures.length === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = reportThresholds(process.argv[2]) ? 0 : 1;
}
