/**
 * API latency: a founder read, a founder write and a coach's list page, at 1 client (beside
 * the same DynamoDB requests replayed raw: our overhead) and at 50 concurrent clients (50
 * distinct founders, each with their own token: single-process throughput), next to raw
 * DynamoDB Local GetItem and PutItem, all measured in the same run. Closed loop: each client
 * sends its next request when the last one is answered. The API server runs in this process,
 * so this process's CPU time over a run, divided by the requests answered, is the server's
 * CPU per request.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { type LatencySummary, summarise } from './latency-stats';
import type { LoadRequest, LoadResult, LoadTarget } from './load-plan';

/**
 * `api`: calls to our API; `raw`: DynamoDB Local on its own (GetItem, PutItem); `replay`: one API
 * call's own DynamoDB requests, replayed in sequence (`of` names the API scenario).
 */
export type ScenarioKind = 'api' | 'raw' | 'replay';

export interface LatencyScenario {
  name: string;
  kind: ScenarioKind;
  target: LoadTarget;
  /** The concurrencies it runs at. */
  clients: readonly number[];
  /** replay: the API scenario whose requests these are. */
  of?: string;
}

export interface LatencyFigure extends LatencySummary {
  scenario: string;
  kind: ScenarioKind;
  of?: string;
  clients: number;
  requestsPerSecond: number;
  errors: number;
  firstError?: string;
  /** api: this process's CPU time over the run ÷ requests answered (warm-up included in both). */
  serverCpuMsPerRequest?: number;
  /** replay: replayed requests DynamoDB refused on their condition. */
  refused?: number;
}

export interface LatencyTiming {
  /** Before each run (every round opens its connections anew). */
  warmupMs: number;
  /** Measured time in all, shared by the rounds. */
  durationMs: number;
  rounds: number;
}

/** The load generator process, forked once and given one run at a time. */
class LoadGenerator {
  private readonly child: ChildProcess;

  constructor() {
    // fork() passes on this process's execArgv, which holds tsx's loader: the child runs TypeScript too.
    this.child = fork(new URL('./load-generator.ts', import.meta.url), {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Recorded DynamoDB inputs may hold binary attributes, which JSON would not carry.
      serialization: 'advanced',
    });
  }

  run(request: LoadRequest): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the load generator exited (${code})`));
      this.child.once('exit', onExit);
      this.child.once('message', (result: LoadResult) => {
        this.child.off('exit', onExit);
        resolve(result);
      });
      this.child.send(request);
    });
  }

  stop(): void {
    if (this.child.connected) this.child.disconnect();
  }
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** One scenario's runs at one concurrency, added up. */
interface Accumulated {
  latenciesMs: number[];
  elapsedMs: number;
  answered: number;
  errors: number;
  firstError?: string;
  refused?: number;
  serverCpuMs: number;
}

function figureOf(scenario: LatencyScenario, clients: number, acc: Accumulated): LatencyFigure {
  const summary = summarise(acc.latenciesMs);
  return {
    scenario: scenario.name,
    kind: scenario.kind,
    ...(scenario.of ? { of: scenario.of } : {}),
    clients,
    ...summary,
    requestsPerSecond: acc.elapsedMs > 0 ? (summary.count / acc.elapsedMs) * 1000 : 0,
    errors: acc.errors,
    ...(acc.firstError ? { firstError: acc.firstError } : {}),
    ...(scenario.kind === 'api' && acc.answered > 0 ? { serverCpuMsPerRequest: acc.serverCpuMs / acc.answered } : {}),
    ...(acc.refused !== undefined ? { refused: acc.refused } : {}),
  };
}

/**
 * Runs every scenario at each concurrency. With `rounds` > 1 the measured time is cut into that many
 * runs, interleaved across scenarios (one round runs each scenario once), so that a burst of noise
 * on a shared machine lands on all of them alike rather than on the one measured at that moment:
 * the overhead figures divide one scenario's p50 by another's.
 */
export async function measureLatency(
  scenarios: readonly LatencyScenario[],
  timing: (clients: number) => LatencyTiming,
  log: (line: string) => void,
  /** Runs after each round at each concurrency: measurements of this process's own join the interleaving. */
  afterRound?: (clients: number) => Promise<void>,
): Promise<LatencyFigure[]> {
  const generator = new LoadGenerator();
  const figures: LatencyFigure[] = [];
  const concurrency = [...new Set(scenarios.flatMap((s) => s.clients))].sort((a, b) => a - b);
  try {
    for (const clients of concurrency) {
      const { warmupMs, durationMs, rounds } = timing(clients);
      const here = scenarios.filter((s) => s.clients.includes(clients));
      const sums = here.map(
        (): Accumulated => ({ latenciesMs: [], elapsedMs: 0, answered: 0, errors: 0, serverCpuMs: 0 }),
      );
      for (let round = 0; round < rounds; round++) {
        for (const [i, scenario] of here.entries()) {
          const acc = sums[i];
          if (!acc) continue;
          const cpuBefore = process.cpuUsage();
          const result = await generator.run({
            target: scenario.target,
            clients,
            warmupMs,
            durationMs: durationMs / rounds,
          });
          acc.serverCpuMs += cpuMs(process.cpuUsage(cpuBefore));
          acc.latenciesMs.push(...result.latenciesMs);
          acc.elapsedMs += result.elapsedMs;
          acc.answered += result.answered;
          acc.errors += result.errors;
          acc.firstError ??= result.firstError;
          if (result.refused !== undefined) acc.refused = (acc.refused ?? 0) + result.refused;
        }
        await afterRound?.(clients);
      }
      for (const [i, scenario] of here.entries()) {
        const acc = sums[i];
        if (!acc) continue;
        const figure = figureOf(scenario, clients, acc);
        figures.push(figure);
        log(
          `  ${scenario.name} × ${clients}: p50 ${figure.p50.toFixed(2)} ms, p95 ${figure.p95.toFixed(1)} ms, ${figure.count} requests`,
        );
      }
    }
  } finally {
    generator.stop();
  }
  return figures;
}
