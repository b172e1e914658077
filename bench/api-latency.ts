/**
 * API latency under load: a founder read, a founder write and a coach's list page, at 1
 * and at 50 concurrent clients (50 distinct founders, each with their own token), next to
 * raw DynamoDB Local GetItem and PutItem at the same concurrency, measured in the same run.
 * Closed loop: each client sends its next request when the last one is answered.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { type LatencySummary, summarise } from './latency-stats';
import type { LoadRequest, LoadResult, LoadTarget } from './load-plan';

export interface LatencyScenario {
  name: string;
  /** `raw` marks the DynamoDB baselines the API figures are compared with. */
  kind: 'api' | 'raw';
  target: LoadTarget;
}

export interface LatencyFigure extends LatencySummary {
  scenario: string;
  kind: 'api' | 'raw';
  clients: number;
  requestsPerSecond: number;
  errors: number;
  firstError?: string;
}

export interface LatencyTiming {
  warmupMs: number;
  durationMs: number;
}

/** The load generator process, forked once and given one run at a time. */
class LoadGenerator {
  private readonly child: ChildProcess;

  constructor() {
    // fork() passes on this process's execArgv, which holds tsx's loader: the child runs TypeScript too.
    this.child = fork(new URL('./load-generator.ts', import.meta.url), {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
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

export async function measureLatency(
  scenarios: readonly LatencyScenario[],
  concurrency: readonly number[],
  timing: (clients: number) => LatencyTiming,
  log: (line: string) => void,
): Promise<LatencyFigure[]> {
  const generator = new LoadGenerator();
  const figures: LatencyFigure[] = [];
  try {
    for (const clients of concurrency) {
      for (const scenario of scenarios) {
        const result = await generator.run({ target: scenario.target, clients, ...timing(clients) });
        const summary = summarise(result.latenciesMs);
        figures.push({
          scenario: scenario.name,
          kind: scenario.kind,
          clients,
          ...summary,
          requestsPerSecond: result.elapsedMs > 0 ? (summary.count / result.elapsedMs) * 1000 : 0,
          errors: result.errors,
          ...(result.firstError ? { firstError: result.firstError } : {}),
        });
        log(`  ${scenario.name} × ${clients}: p95 ${summary.p95.toFixed(1)} ms, ${summary.count} requests`);
      }
    }
  } finally {
    generator.stop();
  }
  return figures;
}
