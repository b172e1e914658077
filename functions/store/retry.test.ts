import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { isConditionFailure } from './conditions';
import { ContentionError, retryOnConflict } from './retry';

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
