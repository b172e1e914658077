/**
 * `npm run ai:eval`: the AI eval (functions/integrations/ai/eval) against the automations this environment selects
 * — the same choice the product's handlers make (aiAutomationsFromEnv), so the offline drafter on a laptop, and
 * whatever provider the stage's settings name when they are exported here. Prints the table and the failed cases,
 * and writes every result to a JSON file under reports/ (gitignored) for comparing runs.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { CORPUS } from '../../functions/integrations/ai/eval/corpus';
import {
  formatFailures,
  formatTable,
  formatToolFailures,
  runEval,
  runToolReadability,
} from '../../functions/integrations/ai/eval/run';
import { type AiEnv, aiAutomationsFromEnv } from '../../functions/integrations/ai/index';
import { AI_OPERATIONS, type AiAutomations, type AiOperation } from '../../functions/integrations/ai/port';
import { createLogger } from '../../functions/lib/logger';

export const DEFAULT_OUT_DIR = 'reports/ai-eval';

/** 0: every case passed, and every offline tool draft is readable; 1: either failed; 2: the command line is wrong. */
export type ExitCode = 0 | 1 | 2;

export interface AiEvalOptions {
  env?: AiEnv;
  print?: (line: string) => void;
  /** Tests: other automations than the environment's. */
  automations?: AiAutomations;
  now?: () => Date;
}

const USAGE =
  'Usage: npm run ai:eval [-- --operation <ideas|trigger|valueProposition|businessModel>]... [--out <file.json>]';

function isOperation(value: string): value is AiOperation {
  return (AI_OPERATIONS as readonly string[]).includes(value);
}

export async function aiEvalCli(argv: readonly string[], options: AiEvalOptions = {}): Promise<ExitCode> {
  const print = options.print ?? ((line: string) => console.log(line));
  let values: { operation?: string[]; out?: string };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { operation: { type: 'string', multiple: true }, out: { type: 'string' } },
    }));
  } catch (err) {
    print(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const wanted = values.operation ?? [...AI_OPERATIONS];
  const unknown = wanted.filter((operation) => !isOperation(operation));
  if (unknown.length > 0) {
    print(`Unknown operation ${unknown.join(', ')}.\n${USAGE}`);
    return 2;
  }
  const operations = AI_OPERATIONS.filter((operation) => wanted.includes(operation));
  // Provider problems (an invalid URL, a failed call) are logged as the handlers log them; the table says the rest.
  const ai =
    options.automations ?? aiAutomationsFromEnv(options.env ?? process.env, createLogger({ component: 'ai-eval' }));
  const startedAt = (options.now ?? (() => new Date()))();
  const report = await runEval(ai, CORPUS, { operations });
  // The offline tool drafter is judged on readability whatever the provider: it is what a stage without a model shows.
  const tools = runToolReadability(CORPUS);
  const out = values.out ?? join(DEFAULT_OUT_DIR, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(
    out,
    `${JSON.stringify({ startedAt: startedAt.toISOString(), corpus: CORPUS.length, ...report, tools }, null, 2)}\n`,
  );

  print(`AI eval: ${CORPUS.length} founder cases × ${operations.length} operation(s)`);
  print(formatTable(report.summary));
  const failures = formatFailures(report.results);
  if (failures.length > 0) print(['', 'Failed cases:', ...failures].join('\n'));
  const readableTools = tools.filter((result) => result.readability.length === 0).length;
  print(`\nOffline tool drafts: ${tools.length} case × tool pairs, ${readableTools} readable`);
  const toolFailures = formatToolFailures(tools);
  if (toolFailures.length > 0) print(['', 'Unreadable tool drafts:', ...toolFailures].join('\n'));
  print(`\nEvery result: ${out}`);
  return report.results.every((result) => result.passed) && toolFailures.length === 0 ? 0 : 1;
}
