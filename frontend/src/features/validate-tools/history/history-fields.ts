/**
 * A tool's answer history as its History dialog reads it: one entry per field (and guidance question) with kept
 * versions, each version described in words, and how a version compares with the current answer. Pure, so the
 * dialog and its tests read it the same way.
 */
import { diffAnswers, type QuestionHistory } from '#shared/domain/answer-history';
import type { Question } from '#shared/domain/questions';
import { parseRow } from '#shared/domain/tool-answers';
import { type ToolField, type ToolId, toolFieldOf } from '#shared/domain/validate-tools';
import { describeEdit, versionChanges } from '../../../lib/history-changes';

export interface FieldVersion {
  at: string;
  /** Empty when the answer was deleted then. */
  answers: string[];
  /** What this version changed from the one before it: 'added “Fast delivery”'. */
  summary: string;
}

export interface HistoryField {
  questionId: string;
  section: string;
  label: string;
  /** The built-in field's definition; null for a coach's guidance question (a list of answers). */
  field: ToolField | null;
  /** Still a question of the tool, so a version of it can be restored (a removed guidance question cannot). */
  restorable: boolean;
  /** Newest first. */
  versions: FieldVersion[];
}

const UNITS: Record<string, string> = { customers: 'customers', percent: '%' };

/** One answer as the founder reads it: a table row's cells by column, a number with its unit. */
export function entryText(field: ToolField | null, entry: string): string {
  if (field?.kind === 'rows') {
    const cells = parseRow(entry);
    if (!cells) return entry;
    return (field.columns ?? [])
      .flatMap((column, i) => (cells[i]?.trim() ? [`${column.label}: ${cells[i]}`] : []))
      .join(' · ');
  }
  const unit = field?.kind === 'number' && field.unit ? UNITS[field.unit] : undefined;
  return unit ? `${entry} ${unit}` : entry;
}

/** Every field and guidance question with kept versions, in the sheet's order; questions since removed last. */
export function historyFields(
  tool: ToolId,
  history: readonly QuestionHistory[],
  questions: readonly Question[],
): HistoryField[] {
  const order = new Map(questions.map((q, i) => [q.id, i]));
  return history
    .filter((h) => h.versions.length > 0)
    .map((h): HistoryField => {
      const field = toolFieldOf(tool, h.questionId)?.field ?? null;
      const question = questions.find((q) => q.id === h.questionId);
      const changes = versionChanges(h);
      return {
        questionId: h.questionId,
        section: question?.category ?? h.category,
        label: question?.text ?? 'A guidance question since removed',
        field,
        restorable: question !== undefined,
        versions: h.versions
          .map((v, i) => ({
            at: v.at,
            answers: v.deleted ? [] : v.answers,
            summary: changes[i] ? describeEdit(changes[i], { entry: (_, e) => entryText(field, e) }) : '',
          }))
          .reverse(),
      };
    })
    .sort((a, b) => (order.get(a.questionId) ?? order.size) - (order.get(b.questionId) ?? order.size));
}

/** Fields that hold one answer read as a before and after; lists and tables as entries added and removed. */
const SINGLE: ReadonlySet<ToolField['kind']> = new Set(['text', 'paragraph', 'number', 'choice']);

export type Comparison =
  | { kind: 'same' }
  | { kind: 'single'; was: string | null; now: string | null }
  | { kind: 'entries'; added: string[]; removed: string[] };

/** How a version (`then`) differs from the current answer (`now`), read from the version to today. */
export function compareWithCurrent(
  field: ToolField | null,
  then: readonly string[],
  now: readonly string[],
): Comparison {
  if (then.join('\n') === now.join('\n')) return { kind: 'same' };
  if (field && SINGLE.has(field.kind)) return { kind: 'single', was: then[0] ?? null, now: now[0] ?? null };
  const { added, removed } = diffAnswers(then, now);
  return { kind: 'entries', added, removed };
}

/** What restoring a version does: save its answers, empty the field (a deleted version), or nothing (the same). */
export function restoreAction(then: readonly string[], now: readonly string[]): 'save' | 'delete' | null {
  if (then.join('\n') === now.join('\n')) return null;
  return then.length > 0 ? 'save' : 'delete';
}
