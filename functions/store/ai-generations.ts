/** Counts one AI generation of a founder against each window of AI_GENERATION_LIMITS (rate items RATE#ai:…). */
import { AI_GENERATION_LIMITS, type AiGenerationLimit } from '#shared/domain/ai-limits';
import { profileExists } from './account-guard';
import { ACCOUNT_RATE_NAMES, hitRateLimit } from './rate-limits';

export type AiGenerationVerdict =
  | { allowed: true }
  | { allowed: false; reached: AiGenerationLimit; retryAfterSeconds: number };

/**
 * `now` in epoch seconds. Stops at the first window that refuses, so the longer ones are not charged for it.
 * Counted only while the founder's profile exists (AccountClosedError otherwise): the windows name the founder.
 */
export async function countAiGeneration(sub: string, now: number): Promise<AiGenerationVerdict> {
  for (const window of AI_GENERATION_LIMITS) {
    const verdict = await hitRateLimit(
      ACCOUNT_RATE_NAMES.aiGeneration(sub, window.per),
      window.limit,
      window.windowSeconds,
      now,
      profileExists(sub),
    );
    if (!verdict.allowed) return { allowed: false, reached: window, retryAfterSeconds: verdict.retryAfterSeconds };
  }
  return { allowed: true };
}
