/**
 * `npm run soak`: load, soak and fault figures of the offline stack, beside `npm run bench`. A benchmark, not a
 * timed test: it prints tables and writes bench/soak-results.json, and exits non-zero only when it could not
 * measure (2 for a bad flag).
 *
 * 1. Load: `--writers` founders saving answers in a closed loop for `--load-seconds`; saves/s, latency, 5xx, and
 *    that every acknowledged save is stored in the order it was sent.
 * 2. Soak: a mixed load (saves among the reads a founder's pages make) for `--minutes`, sampling this process's
 *    memory (it serves every request) and open file descriptors every 10 s, from the end of the load phase (the
 *    warm-up) to the end.
 * 3. Faults, with probes running: DynamoDB Local stalled (SIGSTOP/SIGCONT), the SES emulator down while emails
 *    are due, DynamoDB Local killed and restarted.
 */
import '../local/quiet-warnings';
import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AnswersResponse } from '#shared/api-types';
import type { ResponseBody } from '#shared/contract';
import { buildPath } from '#shared/routes';
import { listSentEmails } from '../local/emulators/index';
import { createPoolUser, type UserPool } from '../test/users';
import { type BenchStack, expectOk, startBenchStack } from './bench-stack';
import { renderTable, round, type Table } from './report';
import {
  checkSaves,
  type Growth,
  growth,
  type Probe,
  parseSoakArgs,
  type Recovery,
  recovery,
  type Sample,
  SOAK_USAGE,
  type SoakOptions,
  SoakUsageError,
  seqOf,
  type WriterLog,
} from './soak-figures';
import type { SoakRun, SoakRunResult } from './soak-plan';

const RESULTS_FILE = new URL('./soak-results.json', import.meta.url);
const SAMPLE_EVERY_MS = 10_000;
/** The soak's writers pause this long after each answer: a sustained load, not the load phase's flat-out one. */
const SOAK_THINK_MS = 50;
/** Fault probes: one save every PROBE_EVERY_MS, each given up after PROBE_TIMEOUT_MS. */
const PROBE_EVERY_MS = 100;
const PROBE_TIMEOUT_MS = 15_000;
/** How long DynamoDB Local is stalled: longer than one SDK attempt's 2 s timeout, shorter than a call's 9 s. */
const STALL_MS = 5_000;
/** How long DynamoDB Local stays dead before its restart begins. */
const KILLED_MS = 1_000;
/** Fresh founders whose idea emails are due while SES is down. */
const SES_EMAILS = 5;
/** How long the SES emulator stays down: past the bus's quick retries (200 ms, 1 s, 3 s), into its longer waits. */
const SES_DOWN_MS = 40_000;
const IDEA_SUBJECT = /idea is saved/i;
const RETRY_SETTLE_MS = 3_000;
/** How long the due emails may take once SES answers again: the longest wait between retries, and some. */
const SENT_WITHIN_MS = 70_000;
/** A fault phase that has not ended by then is reported as such, and the others still run. */
const FAULT_PHASE_LIMIT_MS = 120_000;

/** Resolves with the phase's figure, or with null (and a line saying so) when it outlasts FAULT_PHASE_LIMIT_MS. */
async function timeBoxed<T>(what: string, phase: () => Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      progress(`  ${what} did not end within ${FAULT_PHASE_LIMIT_MS / 1000} s; its figure is left out`);
      resolve(null);
    }, FAULT_PHASE_LIMIT_MS);
  });
  try {
    return await Promise.race([phase(), limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** Each table as soon as its phase ends: a later phase that fails cannot take the earlier figures with it. */
function show(table: Table): Table {
  process.stdout.write(`\n${renderTable(table)}\n`);
  return table;
}

const began = performance.now();
function progress(line: string): void {
  process.stderr.write(`[${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Heap after a full collection is what a leak grows; without one the figure is mostly garbage not yet collected.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** The writers' process, forked once and given one run at a time. */
class SoakClient {
  private readonly child: ChildProcess;
  constructor() {
    // fork() passes on this process's execArgv, which holds tsx's loader: the child runs TypeScript too.
    this.child = fork(new URL('./soak-client.ts', import.meta.url), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  }
  run(plan: SoakRun): Promise<SoakRunResult> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the soak client exited (${code})`));
      this.child.once('exit', onExit);
      this.child.once('message', (m: { ok: true; result: SoakRunResult } | { ok: false; error: string }) => {
        this.child.off('exit', onExit);
        if (m.ok) resolve(m.result);
        else reject(new Error(`the soak client failed: ${m.error}`));
      });
      this.child.send(plan);
    });
  }
  close(): void {
    this.child.disconnect();
  }
}

interface MemorySample {
  atMs: number;
  rssMb: number;
  heapUsedMb: number;
  openFds: number;
  dynamoDbRssMb: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

function openFds(): number {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return Number.NaN; // Not Linux: no /proc.
  }
}

function processRssMb(pid: number | undefined): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

function sampleMemory(bench: BenchStack, atMs: number): MemorySample {
  collect();
  const m = process.memoryUsage();
  return {
    atMs,
    rssMb: mb(m.rss),
    heapUsedMb: mb(m.heapUsed),
    openFds: openFds(),
    dynamoDbRssMb: processRssMb(bench.stack.emulators.emulator('dynamodb').pid),
  };
}

interface SaveVerification {
  writers: number;
  acknowledged: number;
  unsure: number;
  /** Acknowledged saves the stored history's window could check (its last kept states, plus the current answer). */
  checkedInHistory: number;
  lost: number;
  reorderedWriters: number;
  wrongFinalWriters: number;
}

/** Reads back each writer's answer and history and checks them against what the writer was told. */
async function verifySaves(bench: BenchStack, tag: string, logs: readonly WriterLog[]): Promise<SaveVerification> {
  const out: SaveVerification = {
    writers: logs.length,
    acknowledged: 0,
    unsure: 0,
    checkedInHistory: 0,
    lost: 0,
    reorderedWriters: 0,
    wrongFinalWriters: 0,
  };
  for (const [i, log] of logs.entries()) {
    const founder = bench.founders[i];
    if (!founder) continue;
    const read = async <T>(path: string): Promise<T> =>
      JSON.parse(
        (await expectOk(bench.api.request({ method: 'GET', path, token: founder.token }), `reading ${path}`)).body,
      ) as T;
    const list = await read<AnswersResponse>(buildPath('journey.listAnswers', { type: 'trigger' }));
    const history = await read<ResponseBody<'journey.answerHistory'>>(
      buildPath('journey.answerHistory', { type: 'trigger' }),
    );
    const current = list.answers.find((a) => a.questionId === founder.questionId)?.answers[0];
    const versions = history.questions.find((q) => q.questionId === founder.questionId)?.versions ?? [];
    const seqs = versions
      .filter((v) => !v.deleted)
      .map((v) => seqOf(v.answers[0] ?? '', tag, i))
      .filter((s): s is number => s !== null);
    const check = checkSaves(log, current === undefined ? null : seqOf(current, tag, i), seqs);
    const oldest = seqs[0];
    out.acknowledged += log.acked.length;
    out.unsure += log.unsure.length;
    out.checkedInHistory += oldest === undefined ? 0 : log.acked.filter((s) => s >= oldest).length;
    out.lost += check.lost.length;
    if (check.reordered) out.reorderedWriters++;
    if (!check.finalOk) out.wrongFinalWriters++;
  }
  return out;
}

/** Saves sent at a steady rate whatever the answers take, so a stall shows as failures and slow answers. */
function startProbes(bench: BenchStack) {
  const t0 = performance.now();
  const probes: Probe[] = [];
  const inFlight = new Set<Promise<void>>();
  let n = 0;
  const send = () => {
    const founder = bench.founders[n % bench.founders.length];
    n++;
    if (!founder) return;
    const sentAtMs = performance.now() - t0;
    const p = fetch(
      `${bench.apiUrl}${buildPath('journey.saveAnswer', { type: 'trigger', questionId: founder.questionId })}`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${founder.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ answers: [`probe #${n}`] }),
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      },
    )
      .then(
        async (r) => {
          await r.arrayBuffer();
          return r.ok;
        },
        () => false,
      )
      .then((ok) => {
        probes.push({ sentAtMs, doneAtMs: performance.now() - t0, ok });
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  const timer = setInterval(send, PROBE_EVERY_MS);
  return {
    now: () => performance.now() - t0,
    /** Resolves once a probe that ended after `fromMs` succeeded, or after `timeoutMs`. */
    async firstSuccessAfter(fromMs: number, timeoutMs: number): Promise<void> {
      const until = performance.now() + timeoutMs;
      while (!probes.some((p) => p.ok && p.doneAtMs >= fromMs) && performance.now() < until) await sleep(20);
    },
    async stop(): Promise<Probe[]> {
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
      return probes.sort((a, b) => a.sentAtMs - b.sentAtMs);
    },
  };
}

interface FaultFigure extends Recovery {
  fault: string;
  /** How long the fault itself lasted (stall, down time), and the restart call where there is one. */
  faultMs: number;
  restartMs?: number;
}

async function dynamoDbStall(bench: BenchStack): Promise<FaultFigure> {
  const pid = bench.stack.emulators.emulator('dynamodb').pid;
  if (!pid) throw new Error('DynamoDB Local has no process id to stop');
  const probes = startProbes(bench);
  await sleep(2_000);
  const stoppedAt = probes.now();
  process.kill(pid, 'SIGSTOP');
  let resumedAt = stoppedAt;
  try {
    await sleep(STALL_MS);
  } finally {
    // Never leave the emulator frozen, whatever happened meanwhile.
    process.kill(pid, 'SIGCONT');
    resumedAt = probes.now();
  }
  await probes.firstSuccessAfter(resumedAt, 30_000);
  await sleep(3_000);
  const figure = recovery(await probes.stop(), resumedAt);
  return { fault: 'DynamoDB Local stalled (SIGSTOP/SIGCONT)', faultMs: resumedAt - stoppedAt, ...figure };
}

async function dynamoDbKilled(bench: BenchStack): Promise<FaultFigure> {
  const pid = bench.stack.emulators.emulator('dynamodb').pid;
  if (!pid) throw new Error('DynamoDB Local has no process id to kill');
  const probes = startProbes(bench);
  await sleep(2_000);
  const killedAt = probes.now();
  process.kill(pid, 'SIGKILL');
  await sleep(KILLED_MS);
  const restartFrom = probes.now();
  const started = performance.now();
  await bench.stack.emulators.restartService('dynamodb');
  const restartMs = performance.now() - started;
  await probes.firstSuccessAfter(restartFrom, 30_000);
  await sleep(3_000);
  const figure = recovery(await probes.stop(), restartFrom);
  return {
    fault: 'DynamoDB Local killed (SIGKILL), restarted',
    faultMs: restartFrom - killedAt,
    restartMs,
    ...figure,
  };
}

interface SesFigure {
  emails: number;
  downMs: number;
  restartMs: number;
  /** From SES answering again to the last of the due emails in its store; null if not all arrived. */
  allSentAfterRestartMs: number | null;
  sent: number;
  deadLettered: number;
}

async function sesDown(bench: BenchStack): Promise<SesFigure> {
  const { emulators, resources } = bench.stack;
  const pool: UserPool = {
    endpoint: emulators.endpoints.cognito,
    userPoolId: resources.userPoolId,
    clientId: resources.userPoolClientId,
  };
  const founders = await Promise.all(Array.from({ length: SES_EMAILS }, () => createPoolUser(pool, { paid: true })));
  // What the earlier phases wrote is announced first: a backlog of stream records would delay these emails past
  // any window and measure the backlog, not the outage.
  await bench.stack.stream.drain();
  const failuresBefore = bench.problems.filter(isEmailFailure).length;
  const downFrom = performance.now();
  await emulators.stopService('ses');
  await Promise.all(
    founders.map((f) =>
      expectOk(
        bench.api.request({
          method: 'PUT',
          path: buildPath('journey.saveIdea'),
          token: f.token,
          body: JSON.stringify({ idea: 'Soup for night shifts' }),
        }),
        'saving an idea while SES is down',
      ),
    ),
  );
  // SES stays down until every due email has failed a first delivery (each is then waiting on a retry), and 40 s.
  const until = performance.now() + 10_000;
  while (bench.problems.filter(isEmailFailure).length - failuresBefore < SES_EMAILS && performance.now() < until)
    await sleep(20);
  // As long as the outage that lost every email before the bus retried for the cloud's hour (issue 35: 40 s).
  await sleep(Math.max(0, downFrom + SES_DOWN_MS - performance.now()));
  const restartFrom = performance.now();
  await emulators.restartService('ses');
  const back = performance.now();
  const addresses = new Set(founders.map((f) => f.email));
  let sent = 0;
  let allSentAt: number | null = null;
  // The bus's next retry may be up to a minute away (RETRY_POLICY.maxBackoffMs): wait that long and some.
  while (performance.now() < back + SENT_WITHIN_MS) {
    const mails = await listSentEmails(emulators.endpoints.ses);
    sent = new Set(
      mails.filter((m) => IDEA_SUBJECT.test(m.subject)).flatMap((m) => m.to.filter((to) => addresses.has(to))),
    ).size;
    if (sent === SES_EMAILS) {
      allSentAt = performance.now();
      break;
    }
    await sleep(25);
  }
  // The bus's last retry is due 1.2 s after the first failure; idle() is not awaited, since it also waits on the
  // table's stream, which a run that hung there once showed can outlast any figure.
  await sleep(RETRY_SETTLE_MS);
  const subs = new Set(founders.map((f) => f.sub));
  const deadLettered = bench.stack.bus
    .deadLetters()
    .filter((d) => subs.has(String((d.event.detail as { userId?: unknown }).userId))).length;
  return {
    emails: SES_EMAILS,
    downMs: restartFrom - downFrom,
    restartMs: back - restartFrom,
    allSentAfterRestartMs: allSentAt === null ? null : allSentAt - back,
    sent,
    deadLettered,
  };
}

const isEmailFailure = (line: string) => line.includes('consumer failed') && line.includes('email-sender');

function opsTable(title: string, result: SoakRunResult, notes: string[]): Table {
  const seconds = result.elapsedMs / 1000;
  return {
    title,
    columns: ['request', 'ok', 'per s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', '4xx', '5xx', 'no answer'],
    rows: Object.entries(result.ops).map(([op, f]) => [
      op,
      f.outcomes['2xx'] ?? 0,
      round((f.outcomes['2xx'] ?? 0) / seconds),
      round(f.latency.p50),
      round(f.latency.p95),
      round(f.latency.p99),
      round(f.latency.max),
      f.outcomes['4xx'] ?? 0,
      f.outcomes['5xx'] ?? 0,
      f.outcomes.network ?? 0,
    ]),
    notes: [
      ...notes,
      ...Object.entries(result.ops).flatMap(([op, f]) =>
        f.firstFailure ? [`first ${op} failure: ${f.firstFailure}`] : [],
      ),
    ],
  };
}

const verificationNote = (v: SaveVerification): string =>
  `Saves read back: ${v.acknowledged} acknowledged (${v.unsure} not), ${v.checkedInHistory} of them within the ` +
  `kept history; lost ${v.lost}, writers out of order ${v.reorderedWriters}, wrong current answer ${v.wrongFinalWriters}.`;

interface GrowthRow {
  figure: string;
  unit: string;
  growth: Growth;
}

function growthTable(rows: GrowthRow[], samples: number, minutes: number): Table {
  return {
    title: `Memory and descriptors over the ${round(minutes)}-minute soak (this process serves every request)`,
    columns: ['figure', 'at warm-up', 'at end', 'peak', 'growth', 'slope per min'],
    rows: rows.map((r) => [
      r.figure,
      `${round(r.growth.first)} ${r.unit}`,
      `${round(r.growth.last)} ${r.unit}`,
      `${round(r.growth.peak)} ${r.unit}`,
      `${r.growth.delta >= 0 ? '+' : ''}${round(r.growth.delta)} ${r.unit}`,
      `${r.growth.perMinute >= 0 ? '+' : ''}${round(r.growth.perMinute)} ${r.unit}`,
    ]),
    notes: [
      `${samples} samples, one every ${SAMPLE_EVERY_MS / 1000} s, from the end of the load phase (the warm-up) to the end.`,
      'Heap is measured after a forced full GC; slope is a least-squares fit over every sample.',
    ],
  };
}

const ms = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${round(v)} ms`);

function faultTable(faults: FaultFigure[], ses: SesFigure | undefined): Table {
  return {
    title: `Faults and recovery (a probe save every ${PROBE_EVERY_MS} ms)`,
    columns: [
      'fault',
      'lasted',
      'restart',
      'probes',
      'failed',
      'failing for',
      'first ok after',
      'last failure after',
      'slowest ok',
    ],
    rows: faults.map((f) => [
      f.fault,
      ms(f.faultMs),
      ms(f.restartMs),
      f.probes,
      f.failed,
      ms(f.failingForMs),
      ms(f.firstSuccessAfterMs),
      ms(f.lastFailureAfterMs),
      ms(f.slowestOkMs),
    ]),
    notes: [
      '"after": from the fault\'s end (SIGCONT; the restart call\'s start); "failing for": first failed probe sent to last failed one answered.',
      ...(ses
        ? [
            `SES emulator stopped for ${ms(ses.downMs)} with ${ses.emails} idea emails due (each failed at least once), ` +
              `restarted in ${ms(ses.restartMs)}: ${ses.sent} of ${ses.emails} sent ` +
              `${ses.allSentAfterRestartMs === null ? `(not all within ${SENT_WITHIN_MS / 1000} s)` : `${ms(ses.allSentAfterRestartMs)} after it answered again`}, ` +
              `${ses.deadLettered} dead-lettered.`,
          ]
        : []),
    ],
  };
}

async function main(options: SoakOptions): Promise<void> {
  const startedAt = new Date();
  progress(`Starting the offline stack on a fresh data directory, with ${options.writers} founders…`);
  const bench = await startBenchStack({ founders: options.writers });
  const client = new SoakClient();
  try {
    const writers = bench.founders.map((f) => ({ token: f.token, questionId: f.questionId }));

    progress(`Load: ${options.writers} writers saving answers for ${options.loadSeconds} s…`);
    const load = await client.run({
      baseUrl: bench.apiUrl,
      writers,
      durationMs: options.loadSeconds * 1000,
      mix: 'saves',
      tag: 'load',
      thinkMs: 0,
    });
    const loadCheck = await verifySaves(bench, 'load', load.writers);
    const tables: Table[] = [
      show(
        opsTable(`Load: ${options.writers} writers saving answers, closed loop, ${options.loadSeconds} s`, load, [
          verificationNote(loadCheck),
        ]),
      ),
    ];

    progress(`Soak: mixed load for ${options.minutes} min, sampling memory every ${SAMPLE_EVERY_MS / 1000} s…`);
    const soakStart = performance.now();
    const samples: MemorySample[] = [sampleMemory(bench, 0)];
    const sampler = setInterval(() => {
      const s = sampleMemory(bench, performance.now() - soakStart);
      samples.push(s);
      progress(`  heap ${s.heapUsedMb.toFixed(1)} MB · rss ${s.rssMb.toFixed(0)} MB · ${s.openFds} fds`);
    }, SAMPLE_EVERY_MS);
    let soak: SoakRunResult;
    try {
      soak = await client.run({
        baseUrl: bench.apiUrl,
        writers,
        durationMs: options.minutes * 60_000,
        mix: 'mixed',
        tag: 'soak',
        thinkMs: SOAK_THINK_MS,
      });
    } finally {
      clearInterval(sampler);
    }
    samples.push(sampleMemory(bench, performance.now() - soakStart));
    const soakCheck = await verifySaves(bench, 'soak', soak.writers);
    const series = (pick: (s: MemorySample) => number): Sample[] =>
      samples.map((s) => ({ atMs: s.atMs, value: pick(s) }));
    const growthRows: GrowthRow[] = [
      { figure: 'heap used after GC', unit: 'MB', growth: growth(series((s) => s.heapUsedMb)) },
      { figure: 'resident set (RSS)', unit: 'MB', growth: growth(series((s) => s.rssMb)) },
      { figure: 'open file descriptors', unit: '', growth: growth(series((s) => s.openFds)) },
      { figure: 'DynamoDB Local (Java) RSS', unit: 'MB', growth: growth(series((s) => s.dynamoDbRssMb)) },
    ];

    tables.push(
      show(
        opsTable(
          `Soak: ${options.writers} founders, half saves, ${SOAK_THINK_MS} ms between requests, ${options.minutes} min`,
          soak,
          [
            verificationNote(soakCheck),
            `Founders' answer lists read during the soak: ${soak.readsChecked}, each checked against the founder's last ` +
              `acknowledged save; mismatches ${soak.readMismatches}${soak.firstMismatch ? ` (first: ${soak.firstMismatch})` : ''}.`,
          ],
        ),
      ),
      show(growthTable(growthRows, samples.length, options.minutes)),
    );

    const faults: FaultFigure[] = [];
    let ses: SesFigure | undefined;
    if (!options.skipFaults) {
      progress(`Fault: DynamoDB Local stalled for ${STALL_MS / 1000} s…`);
      const stall = await timeBoxed('the stall', () => dynamoDbStall(bench));
      if (stall) faults.push(stall);
      progress('Fault: SES emulator down while emails are due…');
      ses = (await timeBoxed('the SES outage', () => sesDown(bench))) ?? undefined;
      progress(`Fault: DynamoDB Local killed, restarted after ${KILLED_MS / 1000} s…`);
      const killed = await timeBoxed('the kill', () => dynamoDbKilled(bench));
      if (killed) faults.push(killed);
    }

    const header = [
      `Preseed soak — ${startedAt.toISOString()} · node ${process.version} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`,
      `${options.writers} writers · load ${options.loadSeconds} s · soak ${options.minutes} min · load average ` +
        `${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')} at the end · ${((performance.now() - began) / 1000).toFixed(0)} s in all`,
    ];
    const faultTables = options.skipFaults ? [] : [faultTable(faults, ses)];
    tables.push(...faultTables);
    const problems = bench.problems.length
      ? [
          `The app logged ${bench.problems.length} warnings or errors (faults log many); the first: ${bench.problems[0]}`,
        ]
      : [];
    process.stdout.write(`\n${[header.join('\n'), ...faultTables.map(renderTable), ...problems].join('\n\n')}\n`);

    const results = {
      startedAt: startedAt.toISOString(),
      durationS: (performance.now() - began) / 1000,
      machine: {
        node: process.version,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        loadAverage: os.loadavg(),
      },
      options,
      dataDir: bench.dataDir,
      load: { ops: load.ops, elapsedMs: load.elapsedMs, saves: loadCheck },
      soak: {
        ops: soak.ops,
        elapsedMs: soak.elapsedMs,
        thinkMs: SOAK_THINK_MS,
        saves: soakCheck,
        readsChecked: soak.readsChecked,
        readMismatches: soak.readMismatches,
        growth: Object.fromEntries(growthRows.map((r) => [r.figure, r.growth])),
        samples,
      },
      faults: options.skipFaults ? null : { probeEveryMs: PROBE_EVERY_MS, recoveries: faults, ses },
      tables,
      appProblems: bench.problems.length,
      firstAppProblems: bench.problems.slice(0, 20),
    };
    await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
    progress(`Wrote ${RESULTS_FILE.pathname}`);
  } catch (err) {
    if (bench.problems[0]) progress(`The app logged: ${bench.problems[0]}`);
    throw err;
  } finally {
    client.close();
    await bench.stop();
  }
}

let options: SoakOptions;
try {
  options = parseSoakArgs(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof SoakUsageError)) throw err;
  process.stderr.write(`${err.message}\n${SOAK_USAGE}\n`);
  process.exit(2);
}
main(options).then(
  // The stack's emulators are stopped; anything left (keep-alive sockets) must not hold the exit.
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(
      `\nThe soak could not finish: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
