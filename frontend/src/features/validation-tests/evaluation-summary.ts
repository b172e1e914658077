/** The three summary figures of Test Evaluation (spec §2, §9 test success rate). */
import { successRate } from '#shared/domain/validation-tests';
import { resultOf } from '../../data/validation/labels';
import type { ValidationTestView } from '../../data/validation/validation-api';

export interface EvaluationSummary {
  /** Successes over evaluated tests (success, partial, failure) × 100, rounded; 0 when none is evaluated. */
  rate: number;
  successes: number;
  evaluated: number;
  completed: number;
  total: number;
  /** Tests whose evaluation has notes. */
  insights: number;
}

export function evaluationSummary(tests: readonly ValidationTestView[]): EvaluationSummary {
  const results = tests.map(resultOf);
  return {
    rate: successRate(results),
    successes: results.filter((r) => r === 'success').length,
    evaluated: results.filter((r) => r !== 'not-evaluated').length,
    completed: tests.filter((t) => t.status === 'completed').length,
    total: tests.length,
    insights: tests.filter((t) => (t.evaluation?.notes ?? '').trim() !== '').length,
  };
}
