/**
 * How often one founder may have the AI automations draft for them (each call costs money and time on the
 * automation's side). Shortest window first: a request the hourly limit refuses then counts against no
 * other window. docs/limits.md states the same numbers.
 */
export const AI_GENERATION_LIMITS = [
  { limit: 20, windowSeconds: 60 * 60, per: 'hour' },
  { limit: 100, windowSeconds: 24 * 60 * 60, per: 'day' },
] as const;

export type AiGenerationLimit = (typeof AI_GENERATION_LIMITS)[number];

/** '12 minutes', '1 minute', '3 hours 5 minutes'. */
function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (hours === 0) return part(minutes, 'minute');
  return rest === 0 ? part(hours, 'hour') : `${part(hours, 'hour')} ${part(rest, 'minute')}`;
}

/** The 429's message: the limit that was reached, all limits, and when to try again. */
export function aiLimitMessage(reached: AiGenerationLimit, retryAfterSeconds: number): string {
  const all = AI_GENERATION_LIMITS.map((l) => `${l.limit} per ${l.per}`).join(' and ');
  return `You have reached the limit of ${reached.limit} AI generations per ${reached.per} (${all}). Please try again in ${waitText(retryAfterSeconds)}.`;
}
