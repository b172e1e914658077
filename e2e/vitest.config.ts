import { defineConfig } from 'vitest/config';

// Browser tests: real `npm start` processes on fresh data directories, driven by Playwright on Debian's Chromium.
// Each file starts its own stack on ports of its own, so two files run at once: most of a file's time is spent
// waiting (a boot, a page settling, an email arriving), and one file at a time left the two cores half idle.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
