import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { AI_GENERATION_LIMITS } from '#shared/domain/ai-limits';
import { AccountClosedError } from './account-guard';
import { countAiGeneration } from './ai-generations';
import { ddb, tableName } from './client';
import { keys } from './keys';
import { ACCOUNT_RATE_NAMES } from './rate-limits';
import { putItem } from './writes';

/** A founder's id with a profile item: the windows are counted only while it exists. */
async function founderWithProfile(): Promise<string> {
  const sub = `ai-${randomUUID()}`;
  await putItem({ Item: { ...keys.profile(sub), email: `${sub}@example.com` } });
  return sub;
}

const [HOURLY, DAILY] = AI_GENERATION_LIMITS;

describe('countAiGeneration', () => {
  it('refuses past the hourly limit without charging the day, and past the daily limit across hours', async () => {
    const sub = await founderWithProfile();
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

  it('counts nothing for an account that is gone, and writes no window that names it', async () => {
    const sub = `ai-gone-${randomUUID()}`;
    await expect(countAiGeneration(sub, 1_900_000_000)).rejects.toBeInstanceOf(AccountClosedError);
    for (const window of AI_GENERATION_LIMITS) {
      const out = await ddb().send(
        new GetCommand({
          TableName: tableName(),
          Key: keys.rateLimit(ACCOUNT_RATE_NAMES.aiGeneration(sub, window.per)),
          ConsistentRead: true,
        }),
      );
      expect(out.Item).toBeUndefined();
    }
  });
});
