/**
 * The one way functions/store tries a conflicting write again: the same randomised backoff
 * everywhere, a bounded number of attempts, and ContentionError (503) when they run out.
 */
import { cancellationCodes } from './conditions';
import { namedError } from './named-error';

/**
 * A conditional write kept losing (a race with the same founder's other writes, or throttling)
 * through every retry. Nothing was written and trying again later is right, so the API answers
 * 503, not 500.
 */
export class ContentionError extends namedError('ContentionError') {}

/** A random pause that grows with the attempt, so writers racing for one item spread out. */
export const backoff = (attempt: number): Promise<void> =>
  new Promise((r) => setTimeout(r, Math.min(200, 5 * 2 ** Math.min(attempt, 5)) * Math.random()));

export interface RetryOptions {
  /** What failed, for ContentionError's message: "<what> after repeated conflicts". */
  what: string;
  /** Attempts in all, the first included. */
  attempts: number;
  /** Whether `err` is a lost race worth another attempt; by default any cancelled transaction. */
  retryIf?: (err: unknown) => boolean;
}

const isCancelledTransaction = (err: unknown): boolean => cancellationCodes(err) !== null;

/**
 * Runs `attempt` (which reads afresh each time) until it returns; an error `retryIf` accepts
 * is retried after a backoff, any other is thrown at once. A caller turns the cancellation
 * reasons it understands into its own result or error inside `attempt`, before they get here.
 */
export async function retryOnConflict<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const retryIf = options.retryIf ?? isCancelledTransaction;
  let last: unknown;
  for (let n = 0; n < options.attempts; n++) {
    if (n > 0) await backoff(n - 1);
    try {
      return await attempt(n);
    } catch (err) {
      if (!retryIf(err)) throw err;
      last = err;
    }
  }
  throw new ContentionError(`${options.what} after repeated conflicts`, { cause: last });
}
