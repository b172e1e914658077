import { describe, expect, it } from 'vitest';
import { checkThresholds, type MutationReport, type MutationScope, readScope, scoreTable } from './check-thresholds';
import { MUTATION_SETUP, mutateForChanges, parseArgs } from './run';

type Status = MutationReport['files'][string]['mutants'][number]['status'];
const file = (...counts: [Status, number][]) => ({
  mutants: counts.flatMap(([status, n]) => Array.from({ length: n }, () => ({ status }))),
});

const scope: MutationScope = {
  minimumPerModule: 70,
  minimumOverall: 80,
  modules: { answers: ['a.ts'], canvas: ['b.ts', 'c.ts'] },
};

describe('checkThresholds', () => {
  it('scores killed and timed-out mutants as detected, survivors and uncovered ones as not, and ignores the rest', () => {
    const result = checkThresholds(
      {
        files: {
          'a.ts': file(['Killed', 7], ['Timeout', 1], ['Survived', 1], ['NoCoverage', 1], ['Ignored', 5]),
          'b.ts': file(['Killed', 9], ['CompileError', 3], ['RuntimeError', 1], ['Pending', 1]),
          'c.ts': file(['Killed', 1]),
        },
      },
      scope,
    );
    expect(result.modules).toEqual([
      { module: 'answers', mutants: 10, detected: 8, score: 80 },
      { module: 'canvas', mutants: 10, detected: 10, score: 100 },
    ]);
    expect(result.overall).toEqual({ mutants: 20, detected: 18, score: 90 });
    expect(result.complete).toBe(true);
    expect(result.failures).toEqual([]);
  });

  it('fails a module below its minimum and passes one exactly at it', () => {
    const at70 = checkThresholds(
      { files: { 'a.ts': file(['Killed', 7], ['Survived', 3]), 'b.ts': file(['Killed', 30]), 'c.ts': file() } },
      scope,
    );
    expect(at70.failures).toEqual([]);
    const below = checkThresholds(
      { files: { 'a.ts': file(['Killed', 69], ['Survived', 31]), 'b.ts': file(['Killed', 300]), 'c.ts': file() } },
      scope,
    );
    expect(below.failures).toEqual(['answers: 69.00 % is below the 70 % every module needs']);
  });

  it('fails the whole run below the overall minimum, and passes it exactly at it', () => {
    const files = (killed: number) => ({
      'a.ts': file(['Killed', 7], ['Survived', 3]),
      'b.ts': file(['Killed', killed], ['Survived', 7]),
      'c.ts': file(),
    });
    // 7 + 33 of 50 is 80 %; 7 + 32 of 49 is 79.6 %.
    expect(checkThresholds({ files: files(33) }, scope).failures).toEqual([]);
    expect(checkThresholds({ files: files(32) }, scope).failures).toEqual(['overall: 79.59 % is below 80 %']);
  });

  it('judges a partial run by the modules it mutated, without the overall minimum', () => {
    const result = checkThresholds({ files: { 'b.ts': file(['Killed', 3], ['Survived', 1]) } }, scope);
    expect(result.complete).toBe(false);
    expect(result.modules).toEqual([{ module: 'canvas', mutants: 4, detected: 3, score: 75 }]);
    expect(result.failures).toEqual([]);
    expect(scoreTable(result)).toBe(
      [
        '| module | mutants | score |',
        '|---|---|---|',
        '| canvas | 4 | 75.00 % |',
        '| **these modules** | 4 | **75.00 %** |',
      ].join('\n'),
    );
  });

  it('does not fail a module without a mutant that counts, and names a mutated file no module lists', () => {
    const result = checkThresholds(
      {
        files: {
          'a.ts': file(['Ignored', 2]),
          'b.ts': file(['Killed', 1]),
          'c.ts': file(),
          'x.ts': file(['Killed', 1]),
        },
      },
      scope,
    );
    expect(result.modules[0]).toEqual({ module: 'answers', mutants: 0, detected: 0, score: null });
    expect(result.failures).toEqual(['mutated files no module lists: x.ts']);
    expect(scoreTable(result)).toContain('| answers | 0 | n/a |');
    expect(scoreTable(result)).toContain('| **all** | 2 | **100.00 %** |');
  });

  it('reads the project’s module list: the 70 % and 80 % minimums, every file listed once', () => {
    const real = readScope();
    expect([real.minimumPerModule, real.minimumOverall]).toEqual([70, 80]);
    const files = Object.values(real.modules).flat();
    expect(new Set(files).size).toBe(files.length);
    expect(files).toContain('frontend/src/features/canvas-export/pdf-writer.ts');
  });
});

describe('the incremental run’s file choice', () => {
  const scopeFiles = [
    'shared/domain/answers.ts',
    'shared/domain/phases.ts',
    'frontend/src/features/canvas-export/pdf-writer.ts',
    'frontend/src/features/canvas-export/text-wrap.ts',
  ];

  it('mutates a changed source, and every source beside a changed unit test, in the scope’s order', () => {
    expect(mutateForChanges(['shared/domain/phases.ts', 'README.md'], scopeFiles)).toEqual(['shared/domain/phases.ts']);
    expect(mutateForChanges(['shared/domain/answers.test.ts'], scopeFiles)).toEqual([
      'shared/domain/answers.ts',
      'shared/domain/phases.ts',
    ]);
    expect(mutateForChanges(['frontend/src/features/canvas-export/pdf-structure.test.ts'], scopeFiles)).toEqual([
      'frontend/src/features/canvas-export/pdf-writer.ts',
      'frontend/src/features/canvas-export/text-wrap.ts',
    ]);
    expect(mutateForChanges(['frontend/src/features/canvas-export/CanvasExport.test.tsx'], scopeFiles)).toHaveLength(2);
  });

  it('mutates nothing for an integration test, a test elsewhere or a file outside the scope', () => {
    expect(mutateForChanges(['shared/domain/answers.int.test.ts'], scopeFiles)).toEqual([]);
    expect(mutateForChanges(['shared/plural.test.ts', 'shared/domain/video.ts', 'docs/a.md'], scopeFiles)).toEqual([]);
    expect(mutateForChanges([], scopeFiles)).toEqual([]);
  });

  it('mutates every module when the mutation setup itself changed', () => {
    for (const file of MUTATION_SETUP) expect(mutateForChanges([file], scopeFiles)).toEqual(scopeFiles);
  });

  it('takes --since (either spelling) out of the arguments and passes the rest to Stryker', () => {
    expect(parseArgs(['--since', 'main', '--concurrency', '4'])).toEqual({
      since: 'main',
      stryker: ['--concurrency', '4'],
    });
    expect(parseArgs(['--since=origin/main'])).toEqual({ since: 'origin/main', stryker: [] });
    expect(parseArgs([])).toEqual({ since: null, stryker: [] });
    expect(() => parseArgs(['--since'])).toThrow('--since needs a git ref');
    expect(() => parseArgs(['--since', '--concurrency'])).toThrow('--since needs a git ref');
  });
});
