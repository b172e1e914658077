/** The budgets of ARCHITECTURE.md §9, in one place. */
export const BUDGETS = {
  /** API p95 at 50 concurrent founders, local. */
  apiP95Ms: 25,
  /** …and at most this multiple of a raw emulator GetItem p95 measured in the same run. */
  apiP95OverGetItem: 3,
  lambdaBundleKb: 300,
  lambdaInitMs: 80,
  loginInitialJsGzipKb: 150,
  pageChunkGzipKb: 60,
  npmStartS: 15,
} as const;

/** The concurrency the API budgets speak of. */
export const BUDGET_CLIENTS = 50;
