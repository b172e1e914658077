import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AI_GENERATION_LIMITS } from '#shared/domain/ai-limits';
import { countAiGeneration } from './ai-generations';

const [HOURLY, DAILY] = AI_GENERATION_LIMITS;

describe('countAiGeneration', () => {
  it('refuses past the hourly limit without charging the day, and past the daily limit across hours', async () => {
    const sub = `ai-${randomUUID()}`;
    const start = 1_900_000_000;
    let hour = 0;
    let allowed = 0;
    // Each hour, a burst beyond the hourly limit: only the limit passes, the rest cost the day nothing.
    while (allowed < DAILY.limit) {
      const now = start + hour * HOURLY.windowSeconds;
      for (let i = 0; i < HOURLY.limit + 3; i++) {
        const verdict = await countAiGeneration(sub, now);
        if (verdict.allowed) allowed += 1;
        else expect(verdict.reached.per).toBe('hour');
      }
      hour += 1;
    }
    expect(allowed).toBe(DAILY.limit);
    expect(hour).toBe(DAILY.limit / HOURLY.limit);

    // A new hour, but the day is used up: refused until the first of the day's generations is a day old.
    const now = start + hour * HOURLY.windowSeconds;
    const refused = await countAiGeneration(sub, now);
    expect(refused).toEqual({
      allowed: false,
      reached: DAILY,
      retryAfterSeconds: start + DAILY.windowSeconds - now,
    });
    expect((await countAiGeneration(sub, start + DAILY.windowSeconds + 1)).allowed).toBe(true);
  });
});
