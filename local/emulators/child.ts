import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { EmulatorName } from './ports';
import type { EmulatorExit, ExitInfo, RunningEmulator } from './types';

export type LogFn = (service: string, line: string) => void;

const TAIL_LINES = 40;
const STOP_GRACE_MS = 3_000;
// Colour codes from pino-pretty and boxen would clutter error messages and log files.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching ANSI escapes is the point
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

export type { ExitInfo } from './types';

export interface ManagedChild {
  readonly process: ChildProcess;
  /** Settles once the process is gone (or could not be spawned). */
  readonly exited: Promise<ExitInfo>;
  hasExited(): boolean;
  /** stop() was called: an exit after that was asked for. */
  stopRequested(): boolean;
  /** Last lines of stdout/stderr, formatted for an error message ('' when there were none). */
  tail(): string;
  /** SIGTERM, then SIGKILL after 3 s; idempotent. */
  stop(): Promise<void>;
}

export interface SpawnOptions {
  label: string;
  command: string;
  args: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  log?: LogFn;
  /**
   * Keep a pipe on the child's stdin; our Node wrappers exit when it closes, so they do not
   * outlive this process even when it is killed without running stop().
   */
  exitWithParent?: boolean;
}

export function spawnChild(options: SpawnOptions): ManagedChild {
  const lines: string[] = [];
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: [options.exitWithParent ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  const record = (raw: string): void => {
    const line = raw.replace(ANSI, '');
    lines.push(line);
    if (lines.length > TAIL_LINES) lines.shift();
    options.log?.(options.label, line);
  };
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', record);
  }

  let exitInfo: ExitInfo | undefined;
  const exited = new Promise<ExitInfo>((resolve) => {
    child.once('error', (error) => {
      // 'error' with no pid means the spawn itself failed (e.g. ENOENT).
      if (child.pid === undefined) {
        exitInfo = { code: null, signal: null, error };
        resolve(exitInfo);
      } else {
        record(`spawn error: ${error.message}`);
      }
    });
    // 'close' rather than 'exit': it waits for stdout/stderr to drain, so tail() has the last words.
    child.once('close', (code, signal) => {
      exitInfo ??= { code, signal };
      resolve(exitInfo);
    });
  });

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (exitInfo) return;
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const killed = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          if (!exitInfo) child.kill('SIGKILL');
          resolve();
        }, STOP_GRACE_MS);
      });
      await Promise.race([exited, killed]);
      clearTimeout(timer);
      await exited;
    })();
    return stopping;
  };

  return {
    process: child,
    exited,
    hasExited: () => exitInfo !== undefined,
    stopRequested: () => stopping !== undefined,
    tail: () => (lines.length ? `\nLast output of ${options.label}:\n  ${lines.join('\n  ')}` : ''),
    stop,
  };
}

export function describeExit(info: ExitInfo): string {
  if (info.error) return `could not be started (${info.error.message})`;
  if (info.signal) return `was killed by ${info.signal}`;
  return `exited with code ${info.code}`;
}

export interface ReadyOptions {
  label: string;
  endpoint: string;
  /** Resolves true once the service answers properly; errors count as "not yet". */
  probe: (signal: AbortSignal) => Promise<boolean>;
  timeoutMs: number;
  child?: ManagedChild;
  /** Gives up at once: stop() must not wait out a start nobody wants any more. */
  signal?: AbortSignal;
}

/** Polls `probe` until it succeeds; fails fast when the child dies, and names its last output on failure. */
export async function waitUntilReady(options: ReadyOptions): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  const { child } = options;
  for (;;) {
    if (options.signal?.aborted) throw new Error(`${options.label} was stopped before it was ready.`);
    if (child?.hasExited()) {
      const info = await child.exited;
      throw new Error(`${options.label} ${describeExit(info)} before it was ready.${child.tail()}`);
    }
    try {
      if (await options.probe(AbortSignal.timeout(2_000))) return;
    } catch {
      // Connection refused while the server is still starting.
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `${options.label} did not become ready at ${options.endpoint} within ${Math.round(options.timeoutMs / 1000)} s.${child?.tail() ?? ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Environment for our Node children: the parent's NODE_OPTIONS (e.g. --inspect, tsx loaders) must not leak in. */
export function nodeChildEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.NODE_OPTIONS;
  return env;
}

/** Makes a stop function idempotent: later calls share the first call's promise. */
export function once(fn: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () => {
    result ??= fn();
    return result;
  };
}

export interface ChildEmulatorOptions {
  service: EmulatorName;
  port: number;
  /** performance.now() when the start was asked for. */
  started: number;
  spawn: SpawnOptions;
  readyTimeoutMs: number;
  probe: ReadyOptions['probe'];
  signal?: AbortSignal;
  /** Runs after the child is gone, on stop and on a failed start (e.g. removing temporary data). */
  cleanup?: () => Promise<void>;
}

/**
 * Spawns an emulator, waits until it answers a real request, and stops it again (with its
 * cleanup) when it never does: the start sequence every child emulator shares.
 */
export async function startChildEmulator(options: ChildEmulatorOptions): Promise<RunningEmulator> {
  const endpoint = `http://127.0.0.1:${options.port}`;
  const child = spawnChild(options.spawn);
  const stop = async (): Promise<void> => {
    await child.stop();
    await options.cleanup?.();
  };
  try {
    await waitUntilReady({
      label: options.spawn.label,
      endpoint,
      child,
      timeoutMs: options.readyTimeoutMs,
      probe: options.probe,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    service: options.service,
    endpoint,
    port: options.port,
    pid: child.process.pid,
    exited: child.exited.then((info): EmulatorExit => ({ ...info, requested: child.stopRequested() })),
    startedInMs: Math.round(performance.now() - options.started),
    stop: once(stop),
  };
}

/** A readiness probe that makes one AWS JSON-protocol call (`x-amz-target`) and expects a 2xx. */
export function awsJsonProbe(
  endpoint: string,
  call: { target: string; jsonVersion: '1.0' | '1.1'; body: string; headers?: Record<string, string> },
): ReadyOptions['probe'] {
  return async (signal) => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': `application/x-amz-json-${call.jsonVersion}`,
        'x-amz-target': call.target,
        ...call.headers,
      },
      body: call.body,
      signal,
    });
    await response.arrayBuffer();
    return response.ok;
  };
}
