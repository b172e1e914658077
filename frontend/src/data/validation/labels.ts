/** Words the validation pages show for the tests' codes. */
import type { EvaluationResult, TestStatus, ValidationTestView } from './validation-api';

export const DIFFICULTY_LABELS: Record<NonNullable<ValidationTestView['difficulty']>, string> = {
  easy: 'Easy',
  medium: 'Medium',
  hard: 'Hard',
};

export const STATUS_LABELS: Record<TestStatus, string> = {
  'not-started': 'Not Started',
  'in-progress': 'In Progress',
  completed: 'Completed',
};

export const RESULT_LABELS: Record<EvaluationResult, string> = {
  success: 'Success',
  partial: 'Partial',
  failure: 'Failure',
  'not-evaluated': 'Not Evaluated',
};

/** A test's evaluation result; 'not-evaluated' until one is saved (spec §3). */
export function resultOf(test: Pick<ValidationTestView, 'evaluation'>): EvaluationResult {
  return test.evaluation?.result ?? 'not-evaluated';
}

/** Spec §2: the card's action and the dialog's footer button, by status. */
export const ACTION_LABELS: Record<TestStatus, { card: string; dialog: string }> = {
  'not-started': { card: 'Start Test', dialog: 'Start This Test' },
  'in-progress': { card: 'Continue', dialog: 'Continue This Test' },
  completed: { card: 'View Results', dialog: 'View Test Results' },
};
