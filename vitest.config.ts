import { defineConfig } from 'vitest/config';
import { FRONTEND_TESTS, ISOLATED_FRONTEND_TESTS } from './frontend/vitest.config';

const FRONTEND_CONFIG = './frontend/vitest.config.ts';

// One runner, four projects: pure unit tests, frontend components (happy-dom),
// integration tests against the real emulators (started once by the global
// setup), and infrastructure assertions on the synthesized CDK template.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'functions/**/*.test.ts',
            'shared/**/*.test.ts',
            'local/**/*.test.ts',
            'ops/**/*.test.ts',
            'test/mutation/**/*.test.ts',
            'test/architecture/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: [
            'functions/**/*.int.test.ts',
            'local/**/*.int.test.ts',
            'ops/**/*.int.test.ts',
            'test/**/*.int.test.ts',
          ],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          // Handlers some tests invoke in their own process check their answers against the contract too.
          env: { PRESEED_CHECK_RESPONSES: '1' },
          // One shared stack: files run one after another so platform counters can be asserted exactly.
          fileParallelism: false,
          setupFiles: ['local/quiet-warnings.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/test/**/*.test.ts'],
          environment: 'node',
          // One module graph for every file: each isolated file imported aws-cdk-lib again (284 of 342 s) and
          // synthesized the stages again, where synthStage's cache now serves them all (39 s). The files share no
          // state but that cache: each builds its own App.
          isolate: false,
          testTimeout: 120_000,
        },
      },
      {
        extends: FRONTEND_CONFIG,
        root: 'frontend',
        test: { name: 'frontend', include: [FRONTEND_TESTS], exclude: ISOLATED_FRONTEND_TESTS, isolate: false },
      },
      {
        extends: FRONTEND_CONFIG,
        root: 'frontend',
        test: { name: 'frontend-isolated', include: ISOLATED_FRONTEND_TESTS },
      },
    ],
  },
});
