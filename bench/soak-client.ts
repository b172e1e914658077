/**
 * The writers of `npm run soak`, run as their own process (forked by bench/soak.ts), so the process whose memory
 * the soak samples is the one serving requests, not also the one keeping every latency of a ten-minute run.
 *
 * Each writer is one founder sending one request at a time: its saves therefore have one order, the order they
 * were sent, and bench/soak.ts checks that the stored answer and history keep it.
 */
import '../local/quiet-warnings';
import { performance } from 'node:perf_hooks';
import { buildPath } from '#shared/routes';
import { createHttpClient, type HttpCall } from './http-client';
import { summarise } from './latency-stats';
import { checkSaves, saveText, seqOf, type WriterLog } from './soak-figures';
import type { OpFigures, SoakOp, SoakRun, SoakRunResult } from './soak-plan';

/** Half saves, the rest what a founder's pages read around them. */
const MIXED: readonly SoakOp[] = [
  'saveAnswer',
  'listAnswers',
  'saveAnswer',
  'dashboard',
  'saveAnswer',
  'me',
  'saveAnswer',
  'listAnswers',
  'saveAnswer',
  'dashboard',
];

const outcomeOf = (status: number): string => `${Math.floor(status / 100)}xx`;

async function run(plan: SoakRun): Promise<SoakRunResult> {
  const http = createHttpClient(plan.baseUrl, plan.writers.length);
  const latencies = new Map<SoakOp, number[]>();
  const outcomes = new Map<SoakOp, Record<string, number>>();
  const firstFailure = new Map<SoakOp, string>();
  const count = (op: SoakOp, outcome: string) => {
    const o = outcomes.get(op) ?? {};
    o[outcome] = (o[outcome] ?? 0) + 1;
    outcomes.set(op, o);
  };
  const logs: WriterLog[] = plan.writers.map(() => ({ acked: [], unsure: [] }));
  let readsChecked = 0;
  let readMismatches = 0;
  let firstMismatch: string | undefined;
  /** A founder's own answer, read after its last acknowledged save, must be that save (or a later unsure one). */
  const checkRead = (index: number, questionId: string, body: string, log: WriterLog) => {
    if (log.acked.length === 0) return;
    const answers = (JSON.parse(body) as { answers: Array<{ questionId: string; answers: string[] }> }).answers;
    const text = answers.find((a) => a.questionId === questionId)?.answers[0] ?? '';
    readsChecked++;
    if (!checkSaves(log, seqOf(text, plan.tag, index), []).finalOk) {
      readMismatches++;
      firstMismatch ??= `writer ${index} read "${text}" after acknowledged save #${log.acked[log.acked.length - 1]}`;
    }
  };
  const start = performance.now();
  const end = start + plan.durationMs;

  const writer = async (index: number) => {
    const w = plan.writers[index];
    const log = logs[index];
    if (!w || !log) return;
    let seq = 0;
    for (let step = index; performance.now() < end; step++) {
      const op: SoakOp = plan.mix === 'saves' ? 'saveAnswer' : (MIXED[step % MIXED.length] ?? 'saveAnswer');
      const save = op === 'saveAnswer' ? ++seq : null;
      const call: HttpCall =
        save !== null
          ? {
              method: 'PUT',
              path: buildPath('journey.saveAnswer', { type: 'trigger', questionId: w.questionId }),
              token: w.token,
              body: JSON.stringify({ answers: [saveText(plan.tag, index, save)] }),
            }
          : {
              method: 'GET',
              path:
                op === 'listAnswers'
                  ? buildPath('journey.listAnswers', { type: 'trigger' })
                  : buildPath(op === 'dashboard' ? 'journey.dashboard' : 'accounts.me'),
              token: w.token,
            };
      const sent = performance.now();
      try {
        const reply = await http.request(call);
        const ok = reply.status >= 200 && reply.status < 300;
        count(op, outcomeOf(reply.status));
        if (ok) {
          const l = latencies.get(op) ?? [];
          l.push(performance.now() - sent);
          latencies.set(op, l);
        } else if (!firstFailure.has(op)) firstFailure.set(op, `${reply.status} ${reply.body.slice(0, 300)}`);
        if (save !== null) (ok ? log.acked : log.unsure).push(save);
        if (ok && op === 'listAnswers') checkRead(index, w.questionId, reply.body, log);
      } catch (err) {
        count(op, 'network');
        if (!firstFailure.has(op)) firstFailure.set(op, err instanceof Error ? err.message : String(err));
        if (save !== null) log.unsure.push(save);
      }
      if (plan.thinkMs > 0) await new Promise((r) => setTimeout(r, plan.thinkMs));
    }
  };
  await Promise.all(plan.writers.map((_w, i) => writer(i)));
  const elapsedMs = performance.now() - start;
  http.close();
  const ops: Partial<Record<SoakOp, OpFigures>> = {};
  for (const [op, o] of outcomes) {
    const failure = firstFailure.get(op);
    ops[op] = {
      latency: summarise(latencies.get(op) ?? []),
      outcomes: o,
      ...(failure ? { firstFailure: failure } : {}),
    };
  }
  return { elapsedMs, ops, writers: logs, readsChecked, readMismatches, ...(firstMismatch ? { firstMismatch } : {}) };
}

process.on('message', (plan: SoakRun) => {
  run(plan).then(
    (result) => process.send?.({ ok: true, result }),
    (err: unknown) => process.send?.({ ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
// The parent's end is ours too.
process.on('disconnect', () => process.exit(0));
