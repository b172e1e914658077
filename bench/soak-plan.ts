/** What `npm run soak` asks of its client process, and what that answers (types only: both sides import it). */
import type { LatencySummary } from './latency-stats';
import type { WriterLog } from './soak-figures';

export type SoakOp = 'saveAnswer' | 'listAnswers' | 'dashboard' | 'me';

export interface SoakWriter {
  token: string;
  questionId: string;
}

export interface SoakRun {
  baseUrl: string;
  writers: SoakWriter[];
  durationMs: number;
  /** `saves`: every request is a save; `mixed`: saves among the reads a founder's pages make. */
  mix: 'saves' | 'mixed';
  /** Written into every save's text, so each phase's saves are told apart from the others'. */
  tag: string;
  /** Each writer's pause after an answer: 0 is a closed loop at full speed. */
  thinkMs: number;
}

export interface OpFigures {
  latency: LatencySummary;
  /** Answers by status class, "2xx", "4xx", "5xx", and "network" for a request that got no answer. */
  outcomes: Record<string, number>;
  firstFailure?: string;
}

export interface SoakRunResult {
  elapsedMs: number;
  ops: Partial<Record<SoakOp, OpFigures>>;
  writers: WriterLog[];
  /** Mixed runs: each founder's answer list, read after its saves, checked against the last acknowledged one. */
  readsChecked: number;
  readMismatches: number;
  firstMismatch?: string;
}
