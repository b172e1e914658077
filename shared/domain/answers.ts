/**
 * A founder's answers to one question are a list (never a ' - '-joined string, so an
 * answer may contain any text). These rules hold for every question type.
 */
export const ANSWER_LIMITS = { maxAnswers: 50, maxLength: 2000 } as const;

/** Trims each answer; returns the first problem as a sentence, or null when the list is acceptable. */
export function answerListProblem(answers: readonly string[]): string | null {
  if (answers.length === 0) return 'Please enter an answer before adding.';
  const seen = new Set<string>();
  for (const answer of answers) {
    const trimmed = answer.trim();
    if (!trimmed) return 'Answer cannot be empty.';
    if (trimmed.length > ANSWER_LIMITS.maxLength) {
      return `Each answer must be at most ${ANSWER_LIMITS.maxLength} characters.`;
    }
    // Duplicates compare after trimming and case-sensitively (spec §5).
    if (seen.has(trimmed)) return 'This answer already exists.';
    seen.add(trimmed);
  }
  if (answers.length > ANSWER_LIMITS.maxAnswers) return `A question takes at most ${ANSWER_LIMITS.maxAnswers} answers.`;
  return null;
}
