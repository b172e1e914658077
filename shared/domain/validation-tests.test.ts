import { describe, expect, it } from 'vitest';
import {
  CUSTOM_TEST_ID_PREFIX,
  findValidationTest,
  isCustomTestId,
  progressOf,
  statusOf,
  successRate,
  VALIDATION_TESTS,
} from './validation-tests';

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

describe('a test’s progress and status from its checked steps', () => {
  it('progressOf: the share of steps checked, rounded, never past 100, and 0 for a test without steps', () => {
    expect(progressOf(0, 4)).toBe(0);
    expect(progressOf(1, 3)).toBe(33);
    expect(progressOf(2, 3)).toBe(67);
    expect(progressOf(4, 4)).toBe(100);
    // More checked than there are steps (a step removed since): still 100, not 125.
    expect(progressOf(5, 4)).toBe(100);
    expect(progressOf(0, 0)).toBe(0);
    expect(progressOf(3, 0)).toBe(0);
  });

  it('statusOf: not started until started or a step is checked, completed at the last step and not before', () => {
    expect(statusOf(false, 0, 4)).toBe('not-started');
    expect(statusOf(true, 0, 4)).toBe('in-progress');
    expect(statusOf(false, 1, 4)).toBe('in-progress');
    expect(statusOf(false, 3, 4)).toBe('in-progress');
    expect(statusOf(false, 4, 4)).toBe('completed');
    expect(statusOf(true, 5, 4)).toBe('completed');
    // A test without steps is never completed by its (absent) steps.
    expect(statusOf(false, 0, 0)).toBe('not-started');
    expect(statusOf(true, 0, 0)).toBe('in-progress');
  });
});

describe('finding a test by id', () => {
  it('findValidationTest gives the library’s test of that id, and nothing for an unknown or custom id', () => {
    for (const test of VALIDATION_TESTS) expect(findValidationTest(test.id)).toBe(test);
    expect(findValidationTest('test-0')).toBeUndefined();
    expect(findValidationTest('')).toBeUndefined();
    expect(findValidationTest(`${CUSTOM_TEST_ID_PREFIX}1b4e28ba-2fa1-11d2-883f-0016d3cca427`)).toBeUndefined();
  });

  it('isCustomTestId: only ids that start with the custom prefix', () => {
    expect(CUSTOM_TEST_ID_PREFIX).toBe('custom-');
    expect(isCustomTestId('custom-1b4e28ba-2fa1-11d2-883f-0016d3cca427')).toBe(true);
    expect(isCustomTestId('test-1')).toBe(false);
    expect(isCustomTestId('my-custom-')).toBe(false);
    expect(isCustomTestId('')).toBe(false);
  });
});
