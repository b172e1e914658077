/**
 * The AI eval (`npm run ai:eval`): every operation on every corpus case against one set of automations, each output
 * checked against its schema, the draft properties and the readability properties, summed up per operation as pass
 * rate, readable share, latency and tokens — the way to compare models or prompt versions before changing a stage.
 * Readability (readability.ts) is a promise of the offline drafter (issue 36), so it decides an offline case's pass;
 * a model's or webhook's readability is reported beside its pass rate without failing it, since a model may quote
 * a tagline on purpose.
 */
import { isDeepStrictEqual } from 'node:util';
import { CATEGORIES, type Category, type PhaseType } from '#shared/domain/questions';
import { TOOL_IDS, type ToolId } from '#shared/domain/validate-tools';
import { RESPONSE_KEYS } from '../keys';
import { draftToolOffline, type ToolSuggestions } from '../offline-tools';
import { parseIdeas, parseSuggestions } from '../parse';
import {
  AI_OPERATIONS,
  type AiAutomations,
  type AiOperation,
  type AiOutcome,
  type GeneratedIdea,
  SUGGESTION_TYPE,
  type SuggestionsFor,
} from '../port';
import type { ToolMaterial } from '../tool-material';
import { type CorpusCase, operationText, toolMaterialOf } from './corpus';
import { checkIdeas, checkSuggestions, type Violation } from './properties';
import { checkReadability, nearDuplicates, type ReadabilityViolation } from './readability';

export interface Tokens {
  input: number;
  output: number;
}

export interface CaseResult {
  caseId: string;
  operation: AiOperation;
  passed: boolean;
  /** Where the answer came from (offline, webhook, a model), or null when the call failed. */
  source: string | null;
  /** Why the call gave no answer, or why its answer is outside its schema. */
  problem: string | null;
  violations: Violation[];
  /** Where the drafts do not read as a person's sentences; they fail the case when the source is offline. */
  readability: ReadabilityViolation[];
  latencyMs: number;
  /** Reported by the provider; absent for the offline drafter and webhooks. */
  tokens: Tokens | null;
}

export interface OperationSummary {
  operation: AiOperation;
  cases: number;
  passed: number;
  /** 0..1 */
  passRate: number;
  /** Cases with no readability violation, whatever the source. */
  readable: number;
  p50Ms: number;
  p95Ms: number;
  /** Summed over the cases; null when the provider reported none. */
  tokens: Tokens | null;
  sources: string[];
}

export interface EvalReport {
  results: CaseResult[];
  summary: OperationSummary[];
}

/** The nearest-rank percentile (p in 0..100) of some values; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/**
 * The tokens an outcome reports, when its provider adds `usage: { inputTokens, outputTokens }` (the names of
 * Bedrock's Converse API) to the outcome; the port does not require it.
 */
export function tokensOf(outcome: object): Tokens | null {
  const usage: unknown = (outcome as { usage?: unknown }).usage;
  if (typeof usage !== 'object' || usage === null) return null;
  const input = count((usage as { inputTokens?: unknown }).inputTokens);
  const output = count((usage as { outputTokens?: unknown }).outputTokens);
  return input === null || output === null ? null : { input, output };
}

/** Ideas are within their schema when they read back unchanged from the JSON an automation would send. */
export function ideasSchemaProblem(ideas: readonly GeneratedIdea[]): string | null {
  const parsed = parseIdeas(Object.fromEntries(ideas.map((idea) => [idea.title, idea.description])));
  if (!parsed.ok) return parsed.detail;
  return isDeepStrictEqual(parsed.value, ideas)
    ? null
    : 'ideas change when read back: a repeated, blank or over-long field';
}

/** Suggestions are within their schema when they read back unchanged from the JSON an automation would send. */
export function suggestionsSchemaProblem<T extends PhaseType>(type: T, value: SuggestionsFor<T>): string | null {
  const categories: readonly Category<T>[] = CATEGORIES[type];
  const keys = RESPONSE_KEYS[type] as Record<Category<T>, readonly string[]>;
  const json = Object.fromEntries(categories.map((category) => [keys[category][0], value[category]]));
  const parsed = parseSuggestions(type, json);
  if (!parsed.ok) return parsed.detail;
  return isDeepStrictEqual(parsed.value, value)
    ? null
    : 'suggestions change when read back: a repeated, blank or over-long item, or too many in a category';
}

type Checked = { problem: string | null; violations: Violation[]; readability: ReadabilityViolation[] };

/**
 * Ideas: titles are names (checked for quotes), descriptions are sentences, and an idea is near-duplicate by its
 * title and description together: three shapes of one idea all restate it in their titles, and are told apart by
 * what the descriptions say the shape means.
 */
export function ideasReadability(ideas: readonly GeneratedIdea[]): ReadabilityViolation[] {
  const whole = ideas.map((idea) => `${idea.title} ${idea.description}`);
  return [
    ...checkReadability(
      ideas.map((idea) => idea.title),
      { title: true, distinct: false },
    ),
    ...checkReadability(
      ideas.map((idea) => idea.description),
      { distinct: false },
    ),
    ...nearDuplicates(whole).map((text) => ({ property: 'distinct-wording' as const, text })),
  ];
}

/** Suggestions: each category's list on its own, since near-duplicates matter within one box of a canvas. */
export function suggestionsReadability(
  suggestions: Readonly<Record<string, readonly string[]>>,
  categories: readonly string[],
): ReadabilityViolation[] {
  return categories.flatMap((category) => checkReadability(suggestions[category] ?? []));
}

function checkOutput(operation: AiOperation, value: unknown, input: string): Checked {
  if (operation === 'ideas') {
    const ideas = value as GeneratedIdea[];
    return {
      problem: ideasSchemaProblem(ideas),
      violations: checkIdeas(ideas, input),
      readability: ideasReadability(ideas),
    };
  }
  const type = SUGGESTION_TYPE[operation];
  const suggestions = value as SuggestionsFor<typeof type>;
  return {
    problem: suggestionsSchemaProblem(type, suggestions),
    violations: checkSuggestions(suggestions, CATEGORIES[type], input),
    readability: suggestionsReadability(suggestions, CATEGORIES[type]),
  };
}

function call(ai: AiAutomations, operation: AiOperation, text: string): Promise<AiOutcome<unknown>> {
  switch (operation) {
    case 'ideas':
      return ai.generateIdeas(text);
    case 'trigger':
      return ai.triggerSuggestions(text);
    case 'valueProposition':
      return ai.valuePropositionSuggestions(text);
    case 'businessModel':
      return ai.businessModelSuggestions(text);
  }
}

export interface EvalOptions {
  /** Milliseconds, for latency; performance.now by default. */
  clock?: () => number;
  operations?: readonly AiOperation[];
}

/** One call after another, so latencies are not inflated by each other and a model's rate limit is not hit. */
export async function runEval(
  ai: AiAutomations,
  corpus: readonly CorpusCase[],
  { clock = () => performance.now(), operations = AI_OPERATIONS }: EvalOptions = {},
): Promise<EvalReport> {
  const results: CaseResult[] = [];
  for (const operation of operations) {
    for (const entry of corpus) {
      const input = operationText(entry, operation);
      const started = clock();
      const outcome = await call(ai, operation, input);
      const latencyMs = clock() - started;
      const checked: Checked = outcome.ok
        ? checkOutput(operation, outcome.value, input)
        : { problem: `${outcome.reason}: ${outcome.detail}`, violations: [], readability: [] };
      const readable = outcome.ok ? outcome.source !== 'offline' || checked.readability.length === 0 : true;
      results.push({
        caseId: entry.id,
        operation,
        passed: checked.problem === null && checked.violations.length === 0 && readable,
        source: outcome.ok ? outcome.source : null,
        ...checked,
        latencyMs,
        tokens: tokensOf(outcome),
      });
    }
  }
  return { results, summary: summarise(results, operations) };
}

export interface ToolCaseResult {
  caseId: string;
  tool: ToolId;
  readability: ReadabilityViolation[];
}

/**
 * The offline tool drafter on every corpus case and every tool, judged on readability section by section. It runs
 * whichever provider the eval is pointed at: the offline drafter is what a stage without a model shows, and it is
 * deterministic and free, so it is always judged.
 */
export function runToolReadability(
  corpus: readonly CorpusCase[],
  draft: (material: ToolMaterial) => ToolSuggestions = draftToolOffline,
): ToolCaseResult[] {
  return corpus.flatMap((entry) =>
    TOOL_IDS.map((tool) => {
      const drafted = draft(toolMaterialOf(entry, tool));
      return { caseId: entry.id, tool, readability: suggestionsReadability(drafted, CATEGORIES[tool]) };
    }),
  );
}

/** The tool cases with a readability violation, one line each, for reading under the table. */
export function formatToolFailures(results: readonly ToolCaseResult[], max = 40): string[] {
  const failed = results.filter((result) => result.readability.length > 0);
  const lines = failed
    .slice(0, max)
    .map(
      (result) =>
        `${result.tool} / ${result.caseId}: ${result.readability.map((v) => `${v.property}: ${JSON.stringify(v.text)}`).join('; ')}`,
    );
  if (failed.length > max) lines.push(`… and ${failed.length - max} more failed tool cases (all in the JSON file)`);
  return lines;
}

export function summarise(results: readonly CaseResult[], operations: readonly AiOperation[]): OperationSummary[] {
  return operations.map((operation) => {
    const mine = results.filter((result) => result.operation === operation);
    const latencies = mine.map((result) => result.latencyMs);
    const reported = mine.flatMap((result) => (result.tokens ? [result.tokens] : []));
    const passed = mine.filter((result) => result.passed).length;
    return {
      operation,
      cases: mine.length,
      passed,
      passRate: mine.length === 0 ? 0 : passed / mine.length,
      readable: mine.filter((result) => result.source !== null && result.readability.length === 0).length,
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      tokens:
        reported.length === 0
          ? null
          : reported.reduce((sum, t) => ({ input: sum.input + t.input, output: sum.output + t.output }), {
              input: 0,
              output: 0,
            }),
      sources: [...new Set(mine.flatMap((result) => (result.source ? [result.source] : [])))],
    };
  });
}

const HEADERS = [
  'operation',
  'cases',
  'passed',
  'pass rate',
  'readable',
  'p50 ms',
  'p95 ms',
  'tokens in/out',
  'source',
];

function ms(value: number): string {
  return value < 10 ? value.toFixed(2) : value.toFixed(0);
}

/** The summary as an aligned text table; "–" where the provider reports no tokens (the offline drafter). */
export function formatTable(summary: readonly OperationSummary[]): string {
  const rows = summary.map((s) => [
    s.operation,
    String(s.cases),
    String(s.passed),
    `${(s.passRate * 100).toFixed(1)} %`,
    String(s.readable),
    ms(s.p50Ms),
    ms(s.p95Ms),
    s.tokens ? `${s.tokens.input}/${s.tokens.output}` : '–',
    s.sources.join(', ') || '–',
  ]);
  const widths = HEADERS.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) =>
        i === 0 || i === cells.length - 1 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(HEADERS), ...rows.map(line)].join('\n');
}

/** The failed cases, one line each with what went wrong, for reading under the table. */
export function formatFailures(results: readonly CaseResult[], max = 40): string[] {
  const failed = results.filter((result) => !result.passed);
  const lines = failed.slice(0, max).map((result) => {
    const what = [
      ...(result.problem ? [result.problem] : []),
      ...result.violations.map((v) => `${v.property}: ${JSON.stringify(v.text)}`),
      ...result.readability.map((v) => `${v.property}: ${JSON.stringify(v.text)}`),
    ];
    return `${result.operation} / ${result.caseId}: ${what.join('; ')}`;
  });
  if (failed.length > max) lines.push(`… and ${failed.length - max} more failed cases (all in the JSON file)`);
  return lines;
}
