/**
 * Issue 35, "the stream keeps its place": the offline stack, killed with SIGKILL in the middle of a burst of saves
 * and started again on the same data directory, delivers every outbox event that was committed before the kill,
 * once. Seen through the emails: each founder whose idea save was acknowledged gets the idea email exactly once.
 *
 * The first run holds the stream's background reads back, so that the kill finds the burst's events committed and
 * unread (what the old poller, which began at the newest record, lost) and no email mid-send (the one moment the
 * email sender chooses to lose an email rather than risk sending it twice). Events of an earlier phase are
 * delivered by /_dev/events/idle before the burst, so the restart also resumes from a saved position rather than
 * only from the stream's start. The stack runs as a child process (test/crash/stack-process.ts) on its own ports.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { keys } from '../functions/store/keys';
import type { SentEmail } from '../local/emulators/index';
import { STREAM_POSITION_FILE } from '../local/stream-position';
import { apiRequest } from './api-request';
import type { StackProcessInfo } from './crash/stack-process';
import { createVerifiedPoolUser, signInToPool } from './users';

const REPO = new URL('..', import.meta.url).pathname;
const IDEA_SUBJECT = /idea is saved/i;
/** Founders whose events the first run delivers before the burst, and founders saving during the burst. */
const EARLIER = 2;
const BURST = 10;
/** Saves in flight at once during the burst, and how many are acknowledged before the kill. */
const WRITERS = 3;
const KILL_AFTER_ACKNOWLEDGED = 5;

interface RunningStack {
  child: ChildProcess;
  info: StackProcessInfo;
  output: () => string;
}

const running = new Set<ChildProcess>();

function startStack(dataDir: string, env: Record<string, string>): Promise<RunningStack> {
  // `node --import tsx`, not the tsx command: one process, so SIGKILL reaches the stack itself, not a launcher.
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/crash/stack-process.ts'], {
    cwd: REPO,
    env: { ...process.env, ...env, PRESEED_DATA_DIR: dataDir },
    // Its own process group, so the emulators it starts can be found and stopped with it.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the stack was not ready in 90 s:\n${output}`)), 90_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const ready = /^READY (.*)$/m.exec(output)?.[1];
      if (!ready) return;
      clearTimeout(timer);
      resolve({ child, info: JSON.parse(ready) as StackProcessInfo, output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the stack exited before it was ready (${code ?? signal}):\n${output}`));
    });
  });
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(what: string, deadlineMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${deadlineMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * SIGKILL to the stack's own process, as `kill -9` would: no stop(), no last write. The emulators it leaves behind
 * are then stopped (DynamoDB Local has no parent watch of its own); they hold the data directory's files and ports.
 */
async function crash(stack: RunningStack): Promise<void> {
  const { child } = stack;
  const pid = child.pid;
  if (!pid) throw new Error('the stack has no pid');
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  process.kill(pid, 'SIGKILL');
  await exited;
  running.delete(child);
  if (groupAlive(pid)) process.kill(-pid, 'SIGTERM');
  await until('the emulators of the killed stack exit', 15_000, async () => (groupAlive(pid) ? undefined : true)).catch(
    () => {
      if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
    },
  );
}

async function stopStack(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (!pid) return;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    process.kill(pid, 'SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  }
  if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  running.delete(child);
}

async function emails(stack: RunningStack): Promise<SentEmail[]> {
  const response = await fetch(`${stack.info.url}/_dev/mail.json`);
  if (!response.ok) throw new Error(`mail viewer: HTTP ${response.status}`);
  return ((await response.json()) as SentEmail[]).filter((e) => IDEA_SUBJECT.test(e.subject));
}

const countTo = (sent: readonly SentEmail[], address: string) => sent.filter((e) => e.to.includes(address)).length;

interface Founder {
  email: string;
  token: string;
}

async function createFounder(stack: RunningStack, documents: DynamoDBDocumentClient): Promise<Founder> {
  const { info } = stack;
  const pool = { endpoint: info.cognito, userPoolId: info.userPoolId, clientId: info.clientId };
  const username = randomUUID();
  const email = `crash-${username.slice(0, 8)}@example.com`;
  const password = 'Founder-Passw0rd';
  const sub = await createVerifiedPoolUser(pool, { username, email, password });
  await documents.send(
    new PutCommand({
      TableName: info.tableName,
      Item: { ...keys.profile(sub), email, firstName: 'Crash', lastName: 'Test', startupName: 'Kill Nine', paid: true },
    }),
  );
  return { email, token: (await signInToPool(pool, username, password)).accessToken };
}

/** A few at a time: cognito-local keeps its pool in one file, and the machine is shared. */
async function createFounders(stack: RunningStack, count: number): Promise<Founder[]> {
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.info.dynamodb }));
  const founders: Founder[] = [];
  while (founders.length < count) {
    const group = Math.min(3, count - founders.length);
    founders.push(...(await Promise.all(Array.from({ length: group }, () => createFounder(stack, documents)))));
  }
  documents.destroy();
  return founders;
}

const saveIdea = (stack: RunningStack, founder: Founder) =>
  apiRequest(stack.info.url, 'PUT', '/api/idea', {
    token: founder.token,
    body: { idea: `Night-shift soup for ${founder.email}` },
    timeoutMs: 20_000,
  });

let dataDir = '';
afterAll(async () => {
  for (const child of [...running]) await stopStack(child);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the offline stack across a crash', () => {
  it('delivers every acknowledged event committed before a SIGKILL after the restart, exactly once', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'preseed-crash-'));
    // Background reads held back for ten minutes: in this run only /_dev/events/idle reads the stream.
    const first = await startStack(dataDir, { PRESEED_STREAM_POLL_MS: '600000' });
    const founders = await createFounders(first, EARLIER + BURST);
    const earlier = founders.slice(0, EARLIER);
    const burst = founders.slice(EARLIER);

    for (const founder of earlier) expect((await saveIdea(first, founder)).status).toBe(200);
    const idle = await fetch(`${first.info.url}/_dev/events/idle`);
    expect(idle.status).toBe(200);
    const sentBefore = await emails(first);
    for (const founder of earlier) expect(countTo(sentBefore, founder.email)).toBe(1);
    // Handled, so recorded: the restart resumes after these rather than from the stream's start.
    await access(join(dataDir, STREAM_POSITION_FILE));

    // The burst: a few writers at once; the kill lands once enough saves are acknowledged, others in flight.
    const acknowledged: Founder[] = [];
    const queue = [...burst];
    let killing: Promise<void> | undefined;
    const writer = async () => {
      for (let founder = queue.shift(); founder && !killing; founder = queue.shift()) {
        const saved = await saveIdea(first, founder).catch(() => undefined);
        if (saved?.status === 200) acknowledged.push(founder);
        if (acknowledged.length >= KILL_AFTER_ACKNOWLEDGED) killing ??= crash(first);
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    await killing;
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);

    // Same data directory, ordinary background reads.
    const second = await startStack(dataDir, {});
    await until('an idea email for every acknowledged save', 30_000, async () => {
      const sent = await emails(second);
      return acknowledged.every((f) => countTo(sent, f.email) >= 1) ? true : undefined;
    });
    // Everything else the restart reads (saves committed but cut off before their answer) has gone out too.
    expect((await fetch(`${second.info.url}/_dev/events/idle`)).status).toBe(200);
    const sentAfter = await emails(second);
    for (const founder of acknowledged) expect(countTo(sentAfter, founder.email), founder.email).toBe(1);
    // No founder twice, and no second email for the events the first run had already delivered.
    for (const founder of burst) expect(countTo(sentAfter, founder.email)).toBeLessThanOrEqual(1);
    for (const founder of earlier) expect(countTo(sentAfter, founder.email)).toBe(0);
    await stopStack(second.child);
  }, 120_000);
});
