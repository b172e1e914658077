/**
 * What a Validate tool's fields could start from (GET /api/tools/{type}/prefill): for each built-in field with prefill
 * sources, the lines of the founder's earlier work each source holds and, when they fit the field, the proposal a
 * save would store. Only the founder's own partition is read — one query per distinct source type, whatever the
 * number of founders — and nothing is written: the founder confirms a proposal by saving it.
 */
import type { ToolPrefillResponse } from '#shared/api-types';
import { formatMoney } from '#shared/domain/money';
import { QUESTION_TYPE_LABELS, type QuestionType } from '#shared/domain/questions';
import { fitProposal, type PrefillSource } from '#shared/domain/tool-prefill';
import {
  type ToolId,
  type ToolPrefill,
  toolFieldOf,
  toolFieldQuestionId,
  toolFields,
} from '#shared/domain/validate-tools';
import { listAnswers, type StoredAnswer } from '../store/answers';
import { type FounderTest, listFounderTests } from '../store/founder-file';

const RESULT_WORDS: Record<string, string> = {
  success: 'succeeded',
  partial: 'partly succeeded',
  failure: 'failed',
};

/** A completed test's outcome in one line: "Landing Page Test succeeded: 62 prepaid founding members". */
export function testLine(test: FounderTest): string | null {
  if (test.removed || test.status !== 'completed') return null;
  const result = test.evaluation ? RESULT_WORDS[test.evaluation.result] : undefined;
  const what = test.evaluation?.notes ?? test.results;
  if (!result && !what) return null;
  return `${test.name}${result ? ` ${result}` : ''}${what ? `: ${what.trim()}` : ''}`;
}

function sourceTypes(tool: ToolId): QuestionType[] {
  const types = toolFields(tool).flatMap(({ field }) =>
    (field.prefill ?? []).flatMap((p): QuestionType[] => ('type' in p ? [p.type] : 'tool' in p ? [p.tool] : [])),
  );
  return [...new Set(types)];
}

function read(
  prefill: ToolPrefill,
  answers: ReadonlyMap<QuestionType, StoredAnswer[]>,
  tests: readonly FounderTest[],
): PrefillSource {
  if ('source' in prefill) {
    return { from: 'Validation tests', lines: tests.map(testLine).filter((l): l is string => l !== null) };
  }
  if ('type' in prefill) {
    const of = answers.get(prefill.type) ?? [];
    return {
      from: `${QUESTION_TYPE_LABELS[prefill.type]} · ${prefill.categories.join(', ')}`,
      lines: prefill.categories.flatMap((category) =>
        of.filter((a) => a.category === category).flatMap((a) => a.answers),
      ),
    };
  }
  const ref = toolFieldOf(prefill.tool, toolFieldQuestionId(prefill.tool, prefill.field));
  const of = answers.get(prefill.tool) ?? [];
  const value = of.find((a) => a.questionId === toolFieldQuestionId(prefill.tool, prefill.field))?.answers ?? [];
  // A number of another sheet is quoted with its label, an amount in that sheet's currency as the documents print it
  // (shared/domain/money.ts): "TAM per year: €1.2 M", not "EUR 1200000".
  const currency = of.find((a) => a.questionId === toolFieldQuestionId(prefill.tool, 'currency'))?.answers[0];
  const amount = (v: string) => {
    const n = Number(v);
    return ref?.field.unit === 'currency' && currency && v.trim() !== '' && Number.isFinite(n)
      ? formatMoney(n, currency)
      : v;
  };
  // A bare number or choice means nothing without its label; a list's or a text's lines are statements of their own
  // (SWOT's opportunities start from Industry Insights' trends as written).
  const labelled = !ref || ref.field.kind === 'number' || ref.field.kind === 'choice';
  return {
    from: `${QUESTION_TYPE_LABELS[prefill.tool]} · ${ref?.field.label ?? prefill.field}`,
    lines: value.map((v) => (labelled ? `${ref?.field.label ?? prefill.field}: ${amount(v)}` : v)),
  };
}

export async function toolPrefill(sub: string, tool: ToolId): Promise<ToolPrefillResponse> {
  const types = sourceTypes(tool);
  const needsTests = toolFields(tool).some(({ field }) => field.prefill?.some((p) => 'source' in p));
  const [lists, tests] = await Promise.all([
    Promise.all(types.map((type) => listAnswers(sub, type))),
    needsTests ? listFounderTests(sub) : Promise.resolve([]),
  ]);
  const answers = new Map(types.map((type, i) => [type, lists[i] ?? []]));
  return {
    fields: toolFields(tool)
      .filter(({ field }) => (field.prefill ?? []).length > 0)
      .map(({ field }) => {
        const sources = (field.prefill ?? []).map((p) => read(p, answers, tests)).filter((s) => s.lines.length > 0);
        return { questionId: toolFieldQuestionId(tool, field.id), sources, proposal: fitProposal(field, sources) };
      }),
  };
}
