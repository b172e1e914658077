/**
 * Runs `npm start` as a person would, on a data directory and ports of its own,
 * and reads what its banner prints (URL and admin password).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = new URL('..', import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface AppProcess {
  url: string;
  adminPassword: string;
  dataDir: string;
  output: () => string;
  startupMs: number;
  /** The exit code once `npm start` has exited of itself or been stopped; null while it runs. */
  exitCode(): number | null;
  stop(): Promise<void>;
}

export async function newDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'preseed-e2e-'));
}

/** The ports `npm start` takes from its environment: the app's and each emulator's. */
const PORT_VARS = ['PORT', 'PRESEED_DYNAMODB_PORT', 'PRESEED_COGNITO_PORT', 'PRESEED_S3_PORT', 'PRESEED_SES_PORT'];

export async function portsEnv(): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const name of PORT_VARS) env[name] = String(await freePort());
  return env;
}

export async function runNpm(script: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script], { cwd: REPO, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`npm run ${script} exited ${code}: ${out}`)),
    );
  });
}

const START_TRIES = 3;

class PortTakenError extends Error {}

/**
 * Starts the app; when a port it was given was taken before it could bind it, starts it again on fresh ports.
 * portsEnv's ports are free when chosen, but only until `npm start` binds them: meanwhile any program on the
 * machine — the stack's own servers among them, which bind port 0 before the app and the emulators bind theirs —
 * may be handed the same port by the OS.
 */
export async function startApp(options: { dataDir: string; env: Record<string, string> }): Promise<AppProcess> {
  for (let tries = 1; ; tries++) {
    try {
      return await startAppOnce(options);
    } catch (err) {
      if (!(err instanceof PortTakenError) || tries >= START_TRIES) throw err;
      const env = { ...options.env };
      for (const [name, port] of Object.entries(await portsEnv())) if (name in env) env[name] = port;
      options = { ...options, env };
    }
  }
}

async function startAppOnce(options: { dataDir: string; env: Record<string, string> }): Promise<AppProcess> {
  const started = Date.now();
  const child: ChildProcess = spawn('npm', ['start', '--silent'], {
    cwd: REPO,
    // PRESEED_CHECK_RESPONSES: every API answer is checked against its route's response schema.
    env: { ...process.env, PRESEED_CHECK_RESPONSES: '1', ...options.env, PRESEED_DATA_DIR: options.dataDir },
    detached: true,
  });
  let output = '';
  const ready = new Promise<{ url: string; password: string }>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      const url = /App\s+(http:\/\/\S+)/.exec(output)?.[1];
      const password = /password:\s+(\S+)/.exec(output)?.[1];
      if (url && password && output.includes('Press Ctrl+C')) resolve({ url, password });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      // Whatever it had started (emulators in its process group) goes with it, freeing their ports for a retry.
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group is already gone
      }
      const message = `npm start exited early (${code}):\n${output}`;
      // EADDRINUSE: taken between our check and the bind; 'is already in use': the stack's own check found it taken.
      reject(/EADDRINUSE|is already in use/.test(output) ? new PortTakenError(message) : new Error(message));
    });
    setTimeout(() => reject(new Error(`npm start did not print its banner in 120 s:\n${output}`)), 120_000).unref();
  });
  const { url, password } = await ready;
  return {
    url,
    adminPassword: password,
    dataDir: options.dataDir,
    output: () => output,
    startupMs: Date.now() - started,
    exitCode: () => child.exitCode,
    stop: () =>
      new Promise<void>((resolve) => {
        // A child ended by a signal has exitCode null and signalCode set.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const signalGroup = (signal: NodeJS.Signals) => {
          try {
            if (child.pid) process.kill(-child.pid, signal);
          } catch {
            // the group is already gone
          }
        };
        const force = setTimeout(() => signalGroup('SIGKILL'), 10_000);
        force.unref();
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        // Ctrl+C, as a person stops it: the whole process group gets SIGINT.
        signalGroup('SIGINT');
      }),
  };
}
