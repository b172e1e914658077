/** Phase progress as the dashboard shows it: answered questions of a type over its questions, in whole percent. */
export function percentOf(answered: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((answered / total) * 100));
}
