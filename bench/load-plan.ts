/** What the benchmark asks of the load generator process, and what it answers (types only: both sides import it). */
import type { HttpCall } from './http-client';

/** One DynamoDB request an API call made: the low-level command's name (`GetItemCommand`) and its wire input. */
export interface RecordedRequest {
  command: string;
  input: unknown;
}

export type LoadTarget =
  /** `calls[i]` is what client i sends, again and again. */
  | { kind: 'http'; baseUrl: string; calls: HttpCall[] }
  /** Raw DynamoDB Local requests: client i reads (or rewrites) the item at `keys[i]`. */
  | {
      kind: 'dynamodb';
      operation: 'GetItem' | 'PutItem';
      endpoint: string;
      tableName: string;
      keys: Array<{ PK: string; SK: string }>;
    }
  /**
   * An API call's own DynamoDB requests, sent again one after another with the handlers' client
   * (functions/store/client.ts): one "request" of this target is the whole sequence.
   */
  | { kind: 'dynamodb-replay'; requests: RecordedRequest[] };

export interface LoadRequest {
  target: LoadTarget;
  clients: number;
  warmupMs: number;
  durationMs: number;
}

export interface LoadResult {
  /** Latency of every request started after the warm-up and answered successfully. */
  latenciesMs: number[];
  /** Requests answered successfully, warm-up included. */
  answered: number;
  /** Measured window, from the end of the warm-up to the last answer. */
  elapsedMs: number;
  errors: number;
  firstError?: string;
  /** dynamodb-replay only: replayed requests DynamoDB refused on their condition (round trips all the same). */
  refused?: number;
}
