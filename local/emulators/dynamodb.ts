import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { awsJsonProbe, type LogFn, startChildEmulator } from './child';
import { PROBE_AUTHORIZATION } from './credentials';
import { EMULATOR_LABELS, isErrno, resolvePort } from './ports';
import type { RunningEmulator } from './types';

const require = createRequire(import.meta.url);
const LABEL = EMULATOR_LABELS.dynamodb;
const MIN_JAVA = 17;

export class JavaMissingError extends Error {
  override readonly name = 'JavaMissingError';
  /** What was found instead, e.g. 'java: Java 11' or 'java: not found'. */
  readonly detail: string;

  constructor(detail: string) {
    super(
      'DynamoDB Local needs Java 17 or newer: install it (Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless; macOS: brew install openjdk@17) and run again.',
    );
    this.detail = detail;
  }
}

export interface DynamoDbLocalOptions {
  /** Root data directory; tables go to <dataDir>/dynamodb. Omitted: -inMemory. */
  dataDir?: string;
  port?: number;
  log?: LogFn;
  readyTimeoutMs?: number;
  /** Aborting it stops a start still waiting for the emulator to answer. */
  signal?: AbortSignal;
}

/**
 * Starts AWS's DynamoDB Local (shipped inside amplify-dynamodb-simulator) as a Java child process.
 * It has no bind-address option, so it listens on all interfaces, not only 127.0.0.1.
 */
export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<RunningEmulator> {
  const started = performance.now();
  const [java, port] = await Promise.all([findJava(), resolvePort('dynamodb', options.port)]);
  const emulatorDir = path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
  // It writes dynamodb-local-metadata.json into its working directory, so that must be ours, not node_modules.
  const workDir = options.dataDir
    ? path.resolve(options.dataDir, 'dynamodb')
    : await mkdtemp(path.join(os.tmpdir(), 'preseed-dynamodb-'));
  await mkdir(workDir, { recursive: true });
  const storage = options.dataDir ? ['-dbPath', workDir] : ['-inMemory'];
  return startChildEmulator({
    service: 'dynamodb',
    port,
    started,
    spawn: {
      label: LABEL,
      command: java,
      args: [
        // C1-only JIT: measured ~40 % faster start-up and no slower for the short bursts of a dev session or test run.
        '-XX:TieredStopAtLevel=1',
        `-Djava.library.path=${path.join(emulatorDir, 'DynamoDBLocal_lib')}`,
        '-jar',
        path.join(emulatorDir, 'DynamoDBLocal.jar'),
        '-port',
        String(port),
        // One database for every access key and region, so any local credentials see the same tables.
        '-sharedDb',
        '-disableTelemetry',
        ...storage,
      ],
      cwd: workDir,
      log: options.log,
    },
    cleanup: async () => {
      if (!options.dataDir) await rm(workDir, { recursive: true, force: true });
    },
    ...(options.signal ? { signal: options.signal } : {}),
    readyTimeoutMs: options.readyTimeoutMs ?? 30_000,
    probe: awsJsonProbe(`http://127.0.0.1:${port}`, {
      target: 'DynamoDB_20120810.ListTables',
      jsonVersion: '1.0',
      body: '{"Limit":1}',
      headers: { authorization: PROBE_AUTHORIZATION },
    }),
  });
}

let javaLookup: Promise<string> | undefined;

/** Path of a Java ≥ 17 executable; cached because `java -version` costs ~100 ms. */
export function findJava(): Promise<string> {
  javaLookup ??= lookUpJava();
  // A failed lookup is not cached: the user may install Java and retry in the same process.
  javaLookup.catch(() => {
    javaLookup = undefined;
  });
  return javaLookup;
}

async function lookUpJava(): Promise<string> {
  const candidates = [
    ...(process.env.JAVA_HOME ? [path.join(process.env.JAVA_HOME, 'bin', 'java')] : []),
    'java',
    // Homebrew's openjdk@17 is keg-only: after `brew install openjdk@17` it is not on PATH.
    '/opt/homebrew/opt/openjdk@17/bin/java',
    '/usr/local/opt/openjdk@17/bin/java',
    '/opt/homebrew/opt/openjdk/bin/java',
    '/usr/local/opt/openjdk/bin/java',
  ];
  const found: string[] = [];
  for (const candidate of candidates) {
    if (candidate !== 'java' && !existsSync(candidate)) continue;
    const version = await javaMajorVersion(candidate);
    found.push(`${candidate}: ${typeof version === 'number' ? `Java ${version}` : version}`);
    if (typeof version === 'number' && version >= MIN_JAVA) return candidate;
  }
  throw new JavaMissingError(found.join('; '));
}

/** The major version, or why there is none. */
function javaMajorVersion(java: string): Promise<number | string> {
  return new Promise((resolve) => {
    execFile(java, ['-version'], { timeout: 15_000 }, (error, stdout, stderr) => {
      if (isErrno(error, 'ENOENT')) {
        resolve('not found');
      } else if (error) {
        // macOS ships a /usr/bin/java stub that exits non-zero when no JDK is installed.
        resolve(`\`java -version\` failed: ${error.message.split('\n')[0]}`);
      } else {
        resolve(parseJavaMajor(`${stderr}\n${stdout}`) ?? 'unknown version');
      }
    });
  });
}

/** 'openjdk version "17.0.15"' → 17, 'java version "1.8.0_392"' → 8, 'openjdk version "21" 2023-09-19' → 21. */
export function parseJavaMajor(versionOutput: string): number | undefined {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(versionOutput);
  if (!match?.[1]) return undefined;
  const first = Number(match[1]);
  return first === 1 && match[2] ? Number(match[2]) : first;
}
