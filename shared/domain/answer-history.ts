/**
 * Canvas history: every change to an answer keeps the state before it, so a founder can see a canvas
 * as it was at a date, compare two dates and restore an earlier answer. What is kept is bounded:
 * the last ANSWER_HISTORY_LIMIT states of each question (older ones are deleted with the write that
 * pushes them out), so one founder's history is at most questions × limit items.
 */
export const ANSWER_HISTORY_LIMIT = 20;

export interface AnswerVersion {
  /** When the question's answers became this (ISO time). */
  at: string;
  answers: string[];
  /** The answers were deleted at `at`. */
  deleted: boolean;
}

export interface QuestionHistory {
  questionId: string;
  category: string;
  /** Oldest first. */
  versions: AnswerVersion[];
}

/** Each question's answers as they stood at `at` (deleted or not yet written: left out). */
export function snapshotAt(history: readonly QuestionHistory[], at: string): Map<string, string[]> {
  const snapshot = new Map<string, string[]>();
  for (const question of history) {
    let current: AnswerVersion | undefined;
    for (const version of question.versions) if (version.at <= at) current = version;
    if (current && !current.deleted && current.answers.length > 0) snapshot.set(question.questionId, current.answers);
  }
  return snapshot;
}

/** Every moment the canvas changed, newest first: the dates a founder can look at. */
export function changeTimes(history: readonly QuestionHistory[]): string[] {
  const times = new Set<string>();
  for (const question of history) for (const version of question.versions) times.add(version.at);
  return [...times].sort((a, b) => b.localeCompare(a));
}

export interface AnswerDiff {
  added: string[];
  removed: string[];
  kept: string[];
}

/** What changed in one question's list between two states: entries added, removed and kept. */
export function diffAnswers(before: readonly string[], after: readonly string[]): AnswerDiff {
  const was = new Set(before);
  const now = new Set(after);
  return {
    added: after.filter((a) => !was.has(a)),
    removed: before.filter((a) => !now.has(a)),
    kept: after.filter((a) => was.has(a)),
  };
}
