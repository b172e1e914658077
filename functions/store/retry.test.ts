import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isConditionFailure } from './conditions';
import { backoff, ContentionError, retryOnConflict } from './retry';

const cancelled = () =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    $metadata: {},
  });

describe('retryOnConflict', () => {
  it('tries a cancelled transaction again and returns what the attempt that got through returns', async () => {
    const seen: number[] = [];
    const result = await retryOnConflict(
      async (n) => {
        seen.push(n);
        if (n < 2) throw cancelled();
        return 'saved';
      },
      { what: 'The answer could not be saved', attempts: 5 },
    );
    expect(result).toBe('saved');
    expect(seen).toEqual([0, 1, 2]);
  });

  it('ends in ContentionError after the last attempt, with the last conflict as its cause', async () => {
    let attempts = 0;
    const run = retryOnConflict(
      async () => {
        attempts++;
        throw cancelled();
      },
      { what: 'The answer could not be saved', attempts: 4 },
    );
    await expect(run).rejects.toThrow(new ContentionError('The answer could not be saved after repeated conflicts'));
    await expect(run).rejects.toHaveProperty('cause.name', 'TransactionCanceledException');
    expect(attempts).toBe(4);
  });

  it('throws any other error at once', async () => {
    let attempts = 0;
    const boom = new Error('network down');
    await expect(
      retryOnConflict(
        async () => {
          attempts++;
          throw boom;
        },
        { what: 'x', attempts: 4 },
      ),
    ).rejects.toBe(boom);
    expect(attempts).toBe(1);
  });

  it('retries what retryIf names instead: a single write whose condition failed', async () => {
    let attempts = 0;
    const result = await retryOnConflict(
      async () => {
        if (attempts++ === 0) throw new ConditionalCheckFailedException({ message: 'version moved', $metadata: {} });
        return attempts;
      },
      { what: 'x', attempts: 3, retryIf: isConditionFailure },
    );
    expect(result).toBe(2);
    await expect(
      retryOnConflict(
        async () => {
          throw cancelled();
        },
        { what: 'x', attempts: 3, retryIf: isConditionFailure },
      ),
    ).rejects.toThrow(TransactionCanceledException);
  });
});

describe('the backoff between attempts, on fake timers', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** Whether backoff(attempt) is still waiting after `ms` of fake time. */
  async function waitsLongerThan(attempt: number, ms: number): Promise<boolean> {
    let done = false;
    void backoff(attempt).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(ms);
    const waiting = !done;
    await vi.runAllTimersAsync();
    return waiting;
  }

  it('waits up to 5 ms doubling per attempt, capped at 160 ms from the sixth attempt on', async () => {
    vi.useFakeTimers();
    // 1 is the (excluded) top of Math.random()'s range: every pause at its longest, in whole milliseconds.
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const longest = [5, 10, 20, 40, 80, 160, 160, 160];
    for (const [attempt, ms] of longest.entries()) {
      expect(await waitsLongerThan(attempt, ms - 1), `attempt ${attempt} before ${ms} ms`).toBe(true);
      expect(await waitsLongerThan(attempt, ms), `attempt ${attempt} at ${ms} ms`).toBe(false);
    }
  });

  it('scales the pause by a random share, so racing writers spread out', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    expect(await waitsLongerThan(3, 19)).toBe(true);
    expect(await waitsLongerThan(3, 20)).toBe(false);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(await waitsLongerThan(5, 0)).toBe(false);
  });

  it('retryOnConflict pauses before each retry, never before the first attempt', async () => {
    vi.useFakeTimers({ now: 0 });
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const at: number[] = [];
    const run = retryOnConflict(
      async () => {
        at.push(Date.now());
        throw cancelled();
      },
      { what: 'x', attempts: 4 },
    );
    const settled = expect(run).rejects.toThrow(ContentionError);
    expect(at).toEqual([0]);
    await vi.runAllTimersAsync();
    await settled;
    // Pauses of 5, 10 and 20 ms between the four attempts.
    expect(at).toEqual([0, 5, 15, 35]);
  });
});
