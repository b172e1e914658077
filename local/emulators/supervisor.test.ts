import { describe, expect, it } from 'vitest';
import { exitWords, RestartBudget } from './supervisor';

describe('RestartBudget', () => {
  it('allows the limit within the window, then refuses until the oldest restart leaves it', () => {
    const budget = new RestartBudget({ restarts: 3, windowMs: 60_000 });
    expect([0, 10_000, 20_000].map((at) => budget.take(at))).toEqual([true, true, true]);
    expect(budget.take(59_999)).toBe(false);
    expect(budget.used).toBe(3);
    // The restart at 0 is a minute old: one more is allowed.
    expect(budget.take(60_000)).toBe(true);
    expect(budget.take(60_001)).toBe(false);
  });

  it('a refused restart is not counted, so a quiet spell after giving up starts afresh', () => {
    const budget = new RestartBudget({ restarts: 1, windowMs: 1_000 });
    expect(budget.take(0)).toBe(true);
    expect(budget.take(500)).toBe(false);
    expect(budget.take(1_000)).toBe(true);
  });
});

describe('exitWords', () => {
  it('names both the exit code and the signal', () => {
    expect(exitWords({ code: null, signal: 'SIGKILL' })).toBe('no exit code, signal SIGKILL');
    expect(exitWords({ code: 1, signal: null })).toBe('exit code 1, no signal');
    expect(exitWords({ code: null, signal: null, error: new Error('spawn java ENOENT') })).toBe(
      'could not run: spawn java ENOENT',
    );
  });
});
