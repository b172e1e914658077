/**
 * Waits until a restored table is ACTIVE. `aws dynamodb wait table-exists` polls 25 times 20 s apart and gives up
 * after about 8 minutes, while a restore of a large table takes hours: this polls until ACTIVE however long that
 * takes (up to `timeoutMs`, 24 h by default), and fails at once on a status a restore never leaves (the table was
 * deleted, or its restore failed and it is gone).
 */
import { DescribeTableCommand, type DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';

export interface WaitOptions {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  /** Between two DescribeTable calls (default 30 s; DescribeTable allows 10 a second, this is nowhere near). */
  readonly intervalMs?: number;
  /** Gives up after this long (default 24 h: DynamoDB's restores of the largest tables finish well within it). */
  readonly timeoutMs?: number;
  /**
   * A table that is not there yet is waited for this long (default 2 min): a restore request's table appears at
   * once, so one still missing after that was never requested (a typo) rather than slow.
   */
  readonly missingForMs?: number;
  readonly onPoll?: (status: string, elapsedMs: number) => void;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

export class TableWaitError extends Error {
  override readonly name = 'TableWaitError';
}

export const DEFAULT_WAIT = { intervalMs: 30_000, timeoutMs: 24 * 60 * 60_000, missingForMs: 2 * 60_000 } as const;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves with the milliseconds waited once the table is ACTIVE; throws TableWaitError otherwise. */
export async function waitForTableActive(options: WaitOptions): Promise<number> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const interval = options.intervalMs ?? DEFAULT_WAIT.intervalMs;
  const timeout = options.timeoutMs ?? DEFAULT_WAIT.timeoutMs;
  const missingFor = options.missingForMs ?? DEFAULT_WAIT.missingForMs;
  const started = now();
  for (;;) {
    const elapsed = now() - started;
    let status: string;
    try {
      const out = await options.client.send(new DescribeTableCommand({ TableName: options.tableName }));
      status = out.Table?.TableStatus ?? 'UNKNOWN';
    } catch (err) {
      if (!(err instanceof ResourceNotFoundException)) throw err;
      if (elapsed >= missingFor) {
        throw new TableWaitError(
          `Table ${options.tableName} does not exist (waited ${Math.round(elapsed / 1000)} s): check the name the restore was given.`,
        );
      }
      status = 'NOT_FOUND';
    }
    options.onPoll?.(status, elapsed);
    if (status === 'ACTIVE') return elapsed;
    if (status === 'DELETING' || status === 'ARCHIVING' || status === 'ARCHIVED') {
      throw new TableWaitError(`Table ${options.tableName} is ${status}: it will not become ACTIVE.`);
    }
    if (elapsed + interval > timeout) {
      throw new TableWaitError(
        `Table ${options.tableName} is still ${status} after ${Math.round(elapsed / 60_000)} min: run the command again to wait on.`,
      );
    }
    await sleep(interval);
  }
}
