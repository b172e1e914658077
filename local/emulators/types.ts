import type { EmulatorName } from './ports';

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}

/** How an emulator's process ended; `requested` when stop() asked for it, so a supervisor leaves it down. */
export interface EmulatorExit extends ExitInfo {
  requested: boolean;
}

export interface RunningEmulator {
  service: EmulatorName;
  /** Base URL for SDK clients, always http://127.0.0.1:<port>. */
  endpoint: string;
  port: number;
  /** Child process id; undefined for emulators running inside this process. */
  pid: number | undefined;
  /** Wall time from the call until the emulator answered a real request. */
  startedInMs: number;
  /** Settles when the child process is gone, however it ended; undefined for emulators inside this process. */
  exited?: Promise<EmulatorExit>;
  /** Stops the emulator and removes temporary data; idempotent. */
  stop(): Promise<void>;
}
