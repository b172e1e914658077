import type { EmulatorName } from './ports';

export interface RunningEmulator {
  service: EmulatorName;
  /** Base URL for SDK clients, always http://127.0.0.1:<port>. */
  endpoint: string;
  port: number;
  /** Child process id; undefined for emulators running inside this process. */
  pid: number | undefined;
  /** Wall time from the call until the emulator answered a real request. */
  startedInMs: number;
  /** Stops the emulator and removes temporary data; idempotent. */
  stop(): Promise<void>;
}
