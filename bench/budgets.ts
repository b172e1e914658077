/** The budgets of ARCHITECTURE.md §9, in one place. */
export const BUDGETS = {
  /**
   * Our overhead per API call: its p50 at one client ÷ the p50 of the same DynamoDB requests
   * made raw, in sequence, with the same client setup (bench/dynamodb-replay.ts).
   */
  apiOverheadFactor: 1.5,
  /** Each Lambda bundle, minified, with the AWS SDK bundled in. */
  lambdaBundleMb: 1,
  /** Each Lambda's module init: median of fresh node processes importing its bundle. */
  lambdaInitMs: 80,
  loginInitialJsGzipKb: 150,
  pageChunkGzipKb: 60,
  npmStartS: 15,
  /** Lighthouse against `npm start`, mobile and desktop, on /, /login and /signup (bench/lighthouse.ts). */
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
} as const;

/** The concurrency of the throughput figures (50 founders at once, one local process). */
export const THROUGHPUT_CLIENTS = 50;
