/**
 * What changed at each moment of an answer history (a canvas's, a Validate tool's), in words a founder recognises:
 * the block or field, and a short excerpt of each entry added or removed. Pure, so the History dialogs and their
 * tests read it the same way.
 */
import { type AnswerVersion, diffAnswers, type QuestionHistory } from '#shared/domain/answer-history';
import { excerpt } from './excerpt';

/** How much of an entry a history line quotes. */
const HISTORY_EXCERPT = 40;

export interface QuestionChange {
  questionId: string;
  /** The block or section the question belongs to. */
  category: string;
  added: string[];
  removed: string[];
  /** Every answer of the question was deleted. */
  deleted: boolean;
}

/** Each question that changed exactly at `at`, compared with the state it had just before. */
export function changesAt(history: readonly QuestionHistory[], at: string): QuestionChange[] {
  const changes: QuestionChange[] = [];
  for (const question of history) {
    let before: AnswerVersion | undefined;
    for (const version of question.versions) {
      if (version.at === at) {
        const was = before && !before.deleted ? before.answers : [];
        const now = version.deleted ? [] : version.answers;
        const { added, removed } = diffAnswers(was, now);
        changes.push({
          questionId: question.questionId,
          category: question.category,
          added,
          removed,
          deleted: version.deleted || (now.length === 0 && was.length > 0),
        });
        break;
      }
      before = version;
    }
  }
  return changes;
}

/** Each kept version of one question with what it changed from the version before it, oldest first. */
export function versionChanges(question: QuestionHistory): QuestionChange[] {
  return question.versions.map((version) => changesAt([question], version.at)[0] as QuestionChange);
}

/** How a line names a question and shows its entries; by default the block's name and the entries as stored. */
export interface ChangeWords {
  label?: (change: QuestionChange) => string;
  /** An entry as the founder reads it (a table row's cells rather than its stored JSON). */
  entry?: (change: QuestionChange, entry: string) => string;
}

/** What one change did, without naming the question: 'added “Flour mills”; removed “Local bakeries”'. */
export function describeEdit(change: QuestionChange, words: ChangeWords = {}): string {
  const shown = words.entry ?? ((_: QuestionChange, entry: string) => entry);
  const quoted = (entries: readonly string[]) =>
    entries.map((e) => `“${excerpt(shown(change, e), HISTORY_EXCERPT)}”`).join(', ');
  const parts: string[] = [];
  if (change.added.length > 0) parts.push(`added ${quoted(change.added)}`);
  if (change.deleted) parts.push(`deleted ${quoted(change.removed)}`);
  else if (change.removed.length > 0) parts.push(`removed ${quoted(change.removed)}`);
  // The same entries in a new order: a move on the canvas.
  if (parts.length === 0) parts.push('reordered');
  return parts.join('; ');
}

/** One question's change in a line: 'Key Partners: added “Flour mills”; removed “Local bakeries”'. */
export function describeChange(change: QuestionChange, words: ChangeWords = {}): string {
  return `${words.label?.(change) ?? change.category}: ${describeEdit(change, words)}`;
}

/** A moment's label in the picker: its first change, and how many other answers changed with it. */
export function describeMoment(changes: readonly QuestionChange[], words: ChangeWords = {}): string {
  const [first, ...rest] = changes;
  if (!first) return '';
  const line = describeChange(first, words);
  return rest.length === 0 ? line : `${line} (and ${rest.length} more)`;
}
