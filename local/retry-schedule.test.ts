import { describe, expect, it } from 'vitest';
import { RETRY_POLICY } from '#shared/events';
import { backoffMs, nextRetryDelayMs } from './retry-schedule';

describe('the local retry schedule', () => {
  it("starts with the catalogue's quick back-offs, then doubles up to the longest wait", () => {
    const policy = { backoffMs: [200, 1000, 3000], maxBackoffMs: 20_000, maxEventAgeSeconds: 3600 } as const;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(n, policy))).toEqual([
      200, 1000, 3000, 6000, 12_000, 20_000, 20_000,
    ]);
    expect(backoffMs(10_000, policy)).toBe(20_000);
  });

  it('gives up (null) when the next attempt would come after the maximum event age', () => {
    const published = 1_000_000;
    const age = RETRY_POLICY.maxEventAgeSeconds * 1000;
    expect(nextRetryDelayMs(1, published, published)).toBe(RETRY_POLICY.backoffMs[0]);
    expect(nextRetryDelayMs(50, published, published + age - RETRY_POLICY.maxBackoffMs)).toBe(
      RETRY_POLICY.maxBackoffMs,
    );
    expect(nextRetryDelayMs(50, published, published + age - RETRY_POLICY.maxBackoffMs + 1)).toBeNull();
  });

  it('keeps trying for the whole maximum age, not just the quick attempts', () => {
    let now = 0;
    let attempts = 1;
    for (let delay = nextRetryDelayMs(attempts, 0, now); delay !== null; delay = nextRetryDelayMs(attempts, 0, now)) {
      now += delay;
      attempts++;
    }
    expect(attempts).toBeGreaterThan(RETRY_POLICY.maxAttempts);
    expect(now).toBeGreaterThan(RETRY_POLICY.maxEventAgeSeconds * 1000 - RETRY_POLICY.maxBackoffMs);
    expect(now).toBeLessThanOrEqual(RETRY_POLICY.maxEventAgeSeconds * 1000);
  });
});
