import { describe, expect, it } from 'vitest';
import { AI_GENERATION_LIMITS, aiLimitMessage } from './ai-limits';

describe('aiLimitMessage', () => {
  const [hourly, daily] = AI_GENERATION_LIMITS;

  it('names the limit reached, every limit, and when to try again', () => {
    expect(aiLimitMessage(hourly, 61)).toBe(
      'You have reached the limit of 20 AI generations per hour (20 per hour and 100 per day). Please try again in 2 minutes.',
    );
    expect(aiLimitMessage(hourly, 1)).toMatch(/try again in 1 minute\.$/);
    expect(aiLimitMessage(daily, 3 * 3600 + 5 * 60)).toMatch(
      /100 AI generations per day .*try again in 3 hours 5 minutes\.$/,
    );
    expect(aiLimitMessage(daily, 3600)).toMatch(/try again in 1 hour\.$/);
  });
});
