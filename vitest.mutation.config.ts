import { defineConfig } from 'vitest/config';

// The tests Stryker runs for each mutant (npm run test:mutation): only the unit tests of the modules it mutates —
// no emulator stack, no CDK synth, no rendered pages — so one mutant costs milliseconds, not seconds.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['functions/**/*.test.ts', 'shared/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'frontend-unit',
          root: 'frontend',
          // The canvas export's writer and layout are plain TypeScript; no DOM is needed to draw a PDF's bytes.
          include: ['src/features/canvas-export/*.test.ts'],
          // PDF.js parses a whole file per test (a second of CPU on a busy machine, for each mutant it covers); the
          // exact content-stream and layout assertions of pdf-structure.test.ts see the same mutants. npm test still
          // runs it.
          // tool-export-pdf.test.ts also draws PNGs on a DOM canvas; the tool layouts it reads back are not mutated.
          exclude: [
            'src/features/canvas-export/pdf-export.test.ts',
            'src/features/canvas-export/tool-export-pdf.test.ts',
          ],
          environment: 'node',
        },
      },
    ],
  },
});
