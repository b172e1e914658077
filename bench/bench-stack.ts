/**
 * The offline stack the API figures are measured on, in this process, on a fresh data
 * directory (never `.local/`): persistent DynamoDB Local and cognito-local as `npm start`
 * runs them, plus the founders and coach the measurements act as.
 */
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPath } from '#shared/routes';
import { type LogLevel, setLogSink } from '../functions/lib/logger';
import { type LocalStack, startLocalStack } from '../local/stack';
import { createPoolUser, setPhases, signInToPool, type TestUser, type UserPool } from '../test/users';
import { createHttpClient, type HttpCall, type HttpClient, type HttpReply } from './http-client';

export interface BenchFounder extends TestUser {
  /** The trigger question this founder answers again and again in the write figures. */
  questionId: string;
}

export interface BenchStack {
  stack: LocalStack;
  dataDir: string;
  /** The API origin on 127.0.0.1 (the stack's `localhost` URL may resolve to ::1 first). */
  apiUrl: string;
  api: HttpClient;
  adminToken: string;
  founders: BenchFounder[];
  triggerQuestionIds: string[];
  /** Warnings and errors the app logged while the benchmark ran (request logs are dropped). */
  problems: string[];
  stop(): Promise<void>;
}

/** Runs `task` over `items` with at most `limit` at once: cognito-local writes one JSON file per pool. */
async function inBatches<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += limit) out.push(...(await Promise.all(items.slice(i, i + limit).map(task))));
  return out;
}

export async function expectOk(reply: Promise<HttpReply>, what: string): Promise<HttpReply> {
  const r = await reply;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.body}`);
  return r;
}

/**
 * Where the fresh data directory is made: PRESEED_BENCH_TMPDIR, else memory-backed /dev/shm
 * where there is one, else the OS temp directory. DynamoDB Local keeps its tables in SQLite
 * and syncs every write to disk; on a VM disk that costs several milliseconds a write and
 * would measure the host's disk, not the app. The table shows which one was used.
 */
export async function dataDirParent(): Promise<string> {
  const chosen = process.env.PRESEED_BENCH_TMPDIR;
  if (chosen) return chosen;
  try {
    await access('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

export async function startBenchStack(options: { founders: number }): Promise<BenchStack> {
  const problems: string[] = [];
  // As `npm start` does: request logs are for machines; keep warnings and errors to report them.
  setLogSink((line: string, level: LogLevel) => {
    if (level === 'warn' || level === 'error') problems.push(line);
  });
  const dataDir = await mkdtemp(join(await dataDirParent(), 'preseed-bench-'));
  const adminPassword = `Bench-${randomUUID()}`;
  let stack: LocalStack | undefined;
  let api: HttpClient | undefined;
  const stop = async () => {
    api?.close();
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    stack = await startLocalStack({ port: 0, frontend: 'none', adminPassword, dataDir, stripe: 'local' });
    const apiUrl = `http://127.0.0.1:${stack.port}`;
    api = createHttpClient(apiUrl, 16);
    const client = api;
    const pool: UserPool = {
      endpoint: stack.emulators.endpoints.cognito,
      userPoolId: stack.resources.userPoolId,
      clientId: stack.resources.userPoolClientId,
    };
    const adminToken = (await signInToPool(pool, 'admin', adminPassword)).accessToken;

    const users = await inBatches(
      Array.from({ length: options.founders }, (_x, i) => i),
      8,
      async () => {
        const user = await createPoolUser(pool, { paid: true });
        // A saved idea opens the trigger questions; the business-model unlock opens validation tests (counted too).
        await setPhases(user.sub, { generate_idea_status: true, bmc_status: true });
        return user;
      },
    );
    const first = users[0];
    if (!first) throw new Error('the benchmark needs at least one founder');
    const questions = await expectOk(
      client.request({ method: 'GET', path: buildPath('questions.list', { type: 'trigger' }), token: first.token }),
      'listing the trigger questions',
    );
    const triggerQuestionIds = (JSON.parse(questions.body) as { questions: Array<{ id: string }> }).questions.map(
      (q) => q.id,
    );
    const founders = users.map((user, i) => ({
      ...user,
      questionId: triggerQuestionIds[i % triggerQuestionIds.length] ?? '',
    }));
    // Each founder answers their question once now, so every measured write is the same kind:
    // an update of an existing answer.
    await inBatches(founders, 8, (f) => expectOk(client.request(saveAnswerCall(f, 'first answer')), 'first answer'));
    return { stack, dataDir, apiUrl, api: client, adminToken, founders, triggerQuestionIds, problems, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

export function saveAnswerCall(founder: BenchFounder, text: string): HttpCall {
  return {
    method: 'PUT',
    path: buildPath('journey.saveAnswer', { type: 'trigger', questionId: founder.questionId }),
    token: founder.token,
    body: JSON.stringify({ answers: [text] }),
  };
}
