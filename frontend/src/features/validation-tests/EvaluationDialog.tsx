import { useId, useState } from 'react';
import { resultOf } from '../../data/validation/labels';
import {
  type EvaluationResult,
  useUpdateValidationTest,
  type ValidationTestView,
} from '../../data/validation/validation-api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextAreaField } from '../../ui/TextAreaField';
import { useToast } from '../../ui/toast/toast-context';
import { useFailureToast } from '../../ui/toast/use-failure-toast';
import { RemoveTestConfirm } from './RemoveTestConfirm';

export const EVALUATION_DIALOG_TEXTS = {
  description: 'Record the result of this test and what you learned from it.',
  legend: 'Result',
  notes: 'Insights & Learnings',
  notesPlaceholder: 'Add notes about what you learned from this test...',
  save: 'Save Evaluation',
  delete: 'Delete Test',
  savedTitle: 'Evaluation saved',
  saved: 'Your test evaluation has been updated.',
  saveFailed: 'Could not save the evaluation',
  failed: 'Something went wrong. Please try again.',
} as const;

const OPTIONS: { value: Exclude<EvaluationResult, 'not-evaluated'>; label: string }[] = [
  { value: 'success', label: 'Success - Hypothesis validated' },
  { value: 'partial', label: 'Partial - Mixed results' },
  { value: 'failure', label: 'Failure - Hypothesis invalidated' },
];

/**
 * Spec §2/§4 evaluation form: the result starts from the saved one (or not evaluated), notes are optional and dropped
 * when blank. Saving goes to the server; 'Delete Test' asks first and moves the test to Removed tests (restorable).
 */
export function EvaluationDialog({
  test,
  onClose,
  onDeleted,
}: {
  test: ValidationTestView;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { toast } = useToast();
  const failed = useFailureToast();
  const update = useUpdateValidationTest();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<EvaluationResult>(() => resultOf(test));
  const [notes, setNotes] = useState(() => test.evaluation?.notes ?? '');
  const name = useId();
  const legendId = useId();
  const busy = update.isPending;

  const onSave = () =>
    update.mutate(
      { testId: test.id, body: { evaluation: { result, notes: notes.trim() || null } } },
      {
        onSuccess: () => {
          toast({ title: EVALUATION_DIALOG_TEXTS.savedTitle, description: EVALUATION_DIALOG_TEXTS.saved });
          onClose();
        },
        onError: failed(EVALUATION_DIALOG_TEXTS.saveFailed, EVALUATION_DIALOG_TEXTS.failed),
      },
    );

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={test.name}
        description={EVALUATION_DIALOG_TEXTS.description}
        footer={
          <div className="evaluation-dialog__footer">
            <Button variant="destructive" onClick={() => setConfirming(true)} disabled={busy}>
              {EVALUATION_DIALOG_TEXTS.delete}
            </Button>
            <Button onClick={onSave} disabled={busy} loading={update.isPending}>
              {EVALUATION_DIALOG_TEXTS.save}
            </Button>
          </div>
        }
      >
        <div className="evaluation-dialog">
          <fieldset className="evaluation-dialog__results" aria-labelledby={legendId}>
            <legend id={legendId} className="evaluation-dialog__legend">
              {EVALUATION_DIALOG_TEXTS.legend}
            </legend>
            {OPTIONS.map((option) => (
              <label
                key={option.value}
                className={
                  result === option.value ? 'evaluation-option evaluation-option--checked' : 'evaluation-option'
                }
              >
                <input
                  type="radio"
                  name={name}
                  value={option.value}
                  checked={result === option.value}
                  onChange={() => setResult(option.value)}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </fieldset>
          <TextAreaField
            label={EVALUATION_DIALOG_TEXTS.notes}
            placeholder={EVALUATION_DIALOG_TEXTS.notesPlaceholder}
            value={notes}
            rows={5}
            maxLength={5000}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
      </Dialog>
      <RemoveTestConfirm
        test={test}
        open={confirming}
        onCancel={() => setConfirming(false)}
        onRemoved={() => {
          setConfirming(false);
          onClose();
          onDeleted();
        }}
      />
    </>
  );
}
