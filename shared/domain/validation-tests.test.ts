import { describe, expect, it } from 'vitest';
import { successRate, VALIDATION_TESTS } from './validation-tests';

describe('validation tests', () => {
  it('include the six samples of the spec, with unique ids and steps', () => {
    const names = VALIDATION_TESTS.map((t) => t.name);
    for (const sample of [
      'Customer Interview',
      'Landing Page Test',
      'Competitive Analysis',
      'Pre-sale Campaign',
      'Prototype Testing',
      'Smoke Test',
    ]) {
      expect(names).toContain(sample);
    }
    expect(new Set(VALIDATION_TESTS.map((t) => t.id)).size).toBe(VALIDATION_TESTS.length);
    for (const t of VALIDATION_TESTS) expect(t.steps.length).toBeGreaterThan(2);
  });

  it('compute the success rate over evaluated tests only', () => {
    expect(successRate([])).toBe(0);
    expect(successRate(['not-evaluated'])).toBe(0);
    expect(successRate(['success', 'partial', 'failure'])).toBe(33);
    expect(successRate(['success', 'success', 'failure', 'not-evaluated'])).toBe(67);
  });
});
