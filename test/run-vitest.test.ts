import { describe, expect, it } from 'vitest';
import { argsFor, RUNS } from './run-vitest';

const [integration, other] = RUNS;

describe("npm test's two Vitest runs", () => {
  it('split the projects of vitest.config.ts between them, each exactly once', async () => {
    const config = (await import('../vitest.config')).default as { test?: { projects?: unknown[] } };
    const names = (config.test?.projects ?? []).map((p) =>
      typeof p === 'string' ? 'frontend' : (p as { test: { name: string } }).test.name,
    );
    expect(RUNS.flatMap((r) => r.projects).sort()).toEqual(names.sort());
  });

  it('give the integration run the CPU first: the other projects run niced', () => {
    expect(integration.nice).toBe(0);
    expect(other.nice).toBeGreaterThan(0);
  });

  it("give each its projects and the caller's arguments, with a report file of its own", () => {
    const args = ['--reporter=default', '--reporter=json', '--outputFile.json=test-results/test.json', 'ops/smoke'];
    expect(argsFor(integration, args)).toEqual([
      'run',
      '--project',
      'integration',
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/test.integration.json',
      'ops/smoke',
    ]);
    expect(argsFor(other, args)).toEqual([
      'run',
      '--project',
      'unit',
      '--project',
      'frontend',
      '--project',
      'infra',
      '--passWithNoTests',
      ...args,
    ]);
    expect(argsFor(integration, ['--outputFile.json=report'])).toContain('--outputFile.json=report.integration');
  });
});
