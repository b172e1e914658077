import { defineConfig } from 'vitest/config';

// Browser tests: real `npm start` processes on fresh data directories, driven
// by Playwright on Debian's Chromium. Files run one at a time (they start stacks).
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
