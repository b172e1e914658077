/**
 * What startEmulators does when an emulator's process ends without stop() having asked for it: say so, start it
 * again on the same port and data, and give up (onFatal) when it keeps dying.
 */
import type { ExitInfo } from './types';

export interface RestartLimit {
  /** Unplanned restarts of one emulator allowed within `windowMs`; one more exit than that gives up. */
  restarts: number;
  windowMs: number;
}

export const DEFAULT_RESTART_LIMIT: Readonly<RestartLimit> = { restarts: 3, windowMs: 60_000 };

/**
 * `running` answers; `restarting` is being started again (after a death or restartService); `stopped` was
 * taken down on purpose (stopService, stop) or a deliberate restart failed; `failed` died more often than the
 * limit allows and stays down.
 */
export type EmulatorState = 'running' | 'restarting' | 'stopped' | 'failed';

/** An emulator that kept dying: the message names it, how often and how it last ended. */
export class EmulatorGaveUpError extends Error {
  override readonly name = 'EmulatorGaveUpError';
}

/** The restarts one emulator had lately; a sliding window, so a death an hour after the last starts afresh. */
export class RestartBudget {
  private times: number[] = [];

  constructor(private readonly limit: RestartLimit) {}

  /** Records a restart at `now` and says true, or says false (and records nothing) when the budget is spent. */
  take(now: number): boolean {
    this.times = this.times.filter((time) => now - time < this.limit.windowMs);
    if (this.times.length >= this.limit.restarts) return false;
    this.times.push(now);
    return true;
  }

  /** Restarts inside the window after the last take(). */
  get used(): number {
    return this.times.length;
  }
}

/** Both numbers, since a reader looking for either must find it: "exit code 1, no signal", "no exit code, signal SIGKILL". */
export function exitWords(info: ExitInfo): string {
  if (info.error) return `could not run: ${info.error.message}`;
  const code = info.code === null ? 'no exit code' : `exit code ${info.code}`;
  return `${code}, ${info.signal ? `signal ${info.signal}` : 'no signal'}`;
}

export const windowWords = (limit: RestartLimit): string =>
  limit.windowMs % 1000 === 0 ? `${limit.windowMs / 1000} s` : `${limit.windowMs} ms`;
