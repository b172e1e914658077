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
  /**
   * PDF.js and its worker, together: fetched only when an investor opens a PDF on a share page
   * (frontend/src/features/sharing/pdf-engine.ts), never by another page; measured apart from the page chunks.
   */
  shareViewerPdfGzipKb: 500,
  npmStartS: 15,
  /** Lighthouse against `npm start`, mobile and desktop, on /, /login and /signup (bench/lighthouse.ts). */
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
  /**
   * The busiest partition key's peak writes at 1,000,000 founders, as a share of DynamoDB's 1,000 WCU/s per
   * partition (bench/capacity.ts): room for bursts and for a profile that is off by 3×.
   */
  hottestPartitionShare: 0.3,
} as const;

/** The concurrency of the throughput figures (50 founders at once, one local process). */
export const THROUGHPUT_CLIENTS = 50;
