/** What the benchmark asks of the load generator process, and what it answers (types only: both sides import it). */
import type { HttpCall } from './http-client';

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
    };

export interface LoadRequest {
  target: LoadTarget;
  clients: number;
  warmupMs: number;
  durationMs: number;
}

export interface LoadResult {
  /** Latency of every request started after the warm-up and answered successfully. */
  latenciesMs: number[];
  /** Measured window, from the end of the warm-up to the last answer. */
  elapsedMs: number;
  errors: number;
  firstError?: string;
}
