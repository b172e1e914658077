/**
 * A second offline stack, private to the fault tests' worker, so stopping an emulator
 * never disturbs the stack every other integration test shares. startLocalStack writes
 * its endpoints into this worker's process.env, so the handlers (which run in this
 * worker) and ddb() reach it; everything here reads this stack, never vitest's inject().
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setLogSink } from '../../functions/lib/logger';
import { listSentEmails, type SentEmail } from '../../local/emulators/index';
import { type LocalStack, startLocalStack } from '../../local/stack';
import { type ApiRequestOptions, type ApiResponse, apiRequest } from '../api-request';
import { TEST_ADMIN_PASSWORD } from '../constants';
import { createPoolUser, signInToPool, type TestUser, type UserPool } from '../users';
import { type EventRecorder, startEventRecorder } from './event-recorder';

export interface LogEntry {
  level: string;
  message: string;
  [field: string]: unknown;
}

export interface PrivateStack {
  stack: LocalStack;
  /** The stack's data directory (its dead-letter store is deadLetterDirOf(dataDir)). */
  dataDir: string;
  /** Every structured log line of this worker since start, parsed. */
  logs: LogEntry[];
  /** The emulator supervisor's lines (an emulator exited, was restarted), captured rather than printed. */
  warnings: string[];
  /** Every event the API published (what reached the bus). */
  events: EventRecorder;
  api<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: Omit<ApiRequestOptions, 'timeoutMs'>,
  ): Promise<ApiResponse<T>>;
  createUser(options?: { paid?: boolean; admin?: boolean }): Promise<TestUser>;
  adminToken(): Promise<string>;
  emailsTo(address: string): Promise<SentEmail[]>;
  /**
   * Resolves once the bus is idle and nothing waits on a back-off timer either (bus.idle() does not wait for those),
   * or rejects after `timeoutMs` naming what still retries.
   */
  settled(timeoutMs?: number): Promise<void>;
  /** Resolves once a log line from index `from` on matches (take `logs.length` before acting), or rejects. */
  waitForLog(match: (entry: LogEntry) => boolean, from: number, timeoutMs?: number): Promise<LogEntry>;
  stop(): Promise<void>;
}

export async function startPrivateStack(): Promise<PrivateStack> {
  const logs: LogEntry[] = [];
  // Captured rather than printed: the tests wait on the bus's retry log lines.
  setLogSink((line) => {
    try {
      logs.push(JSON.parse(line) as LogEntry);
    } catch {
      logs.push({ level: 'info', message: line });
    }
    if (process.env.LOG_LEVEL) process.stdout.write(`${line}\n`);
  });
  // On disk, so DynamoDB Local's tables survive its restart.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'preseed-faults-'));
  const warnings: string[] = [];
  const stack = await startLocalStack({
    warn: (line) => warnings.push(line),
    port: 0,
    frontend: 'none',
    dataDir,
    adminPassword: TEST_ADMIN_PASSWORD,
    stripe: 'local',
  });
  // Publishers build their EventBridge client on first use, after this, so they talk through the recorder.
  const events = await startEventRecorder(stack.bus.endpoint);
  process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = events.endpoint;

  const pool: UserPool = {
    endpoint: stack.emulators.endpoints.cognito,
    userPoolId: stack.resources.userPoolId,
    clientId: stack.resources.userPoolClientId,
  };

  return {
    stack,
    dataDir,
    logs,
    warnings,
    events,
    // A hang must fail the test with a figure, not wait for vitest's timeout.
    api: (method, urlPath, options = {}) => apiRequest(stack.url, method, urlPath, { ...options, timeoutMs: 25_000 }),
    createUser: (options = {}) => createPoolUser(pool, options),
    adminToken: async () => (await signInToPool(pool, 'admin', TEST_ADMIN_PASSWORD)).accessToken,
    async emailsTo(address) {
      const all = await listSentEmails(stack.emulators.endpoints.ses);
      return all.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
    },
    async settled(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await stack.bus.idle();
        const retrying = stack.bus.retrying();
        if (retrying.length === 0) return;
        if (Date.now() > deadline) {
          const which = retrying.map((r) => `${r.consumer} ${r.detailType} (${r.attempts} attempts: ${r.error})`);
          throw new Error(`still retrying after ${timeoutMs} ms: ${which.join('; ')}`);
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async waitForLog(match, from, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = logs.slice(from).find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching log line within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async stop() {
      await events.stop();
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
