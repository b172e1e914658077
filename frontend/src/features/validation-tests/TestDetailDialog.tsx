import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiErrorMessage } from '../../lib/error-message';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/toast/toast-context';
import { ACTION_LABELS, DIFFICULTY_LABELS, RESULT_LABELS, resultOf, STATUS_LABELS } from './labels';
import { RemoveTestConfirm } from './RemoveTestConfirm';
import { testPagePath } from './test-paths';
import { type UpdateValidationTestRequest, useUpdateValidationTest, type ValidationTestView } from './validation-api';

export const DETAIL_TEXTS = {
  startedTitle: 'Test Started',
  started: (name: string) => `You've started the ${name} validation test.`,
  delete: 'Delete Test',
  failedTitle: 'Could not update the test',
  failed: 'Something went wrong. Please try again.',
} as const;

/** Starting a test records it as in progress with no step checked yet (progress follows the checked steps). */
export const START: UpdateValidationTestRequest = { start: true };

/**
 * Spec §2 test detail: name, difficulty, description, category, estimated time and numbered steps. The footer button
 * leads on to the test's page, where its steps are checked off and its results recorded: 'Start This Test' starts it
 * (saved on the server, with the spec's 'Test Started' toast), 'Continue This Test' opens it, 'View Test Results' opens
 * it at its results and evaluation (the spec's toast-only buttons were a dead end). 'Delete Test' asks first.
 */
export function TestDetailDialog({ test, onClose }: { test: ValidationTestView; onClose: () => void }) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const update = useUpdateValidationTest();
  const [confirming, setConfirming] = useState(false);
  const result = resultOf(test);
  const primaryRef = useRef<HTMLButtonElement>(null);

  const onPrimary = () => {
    if (test.status === 'completed') {
      navigate(testPagePath(test.id, 'results'));
      return;
    }
    if (test.status === 'in-progress') {
      navigate(testPagePath(test.id));
      return;
    }
    update.mutate(
      { testId: test.id, body: START },
      {
        onSuccess: () => {
          toast({ title: DETAIL_TEXTS.startedTitle, description: DETAIL_TEXTS.started(test.name) });
          navigate(testPagePath(test.id));
        },
        onError: (err) => {
          console.error('Could not update the validation test', err);
          toast({
            title: DETAIL_TEXTS.failedTitle,
            description: apiErrorMessage(err, DETAIL_TEXTS.failed),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={test.name}
        description={test.description}
        size="lg"
        initialFocusRef={primaryRef}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(true)} disabled={update.isPending}>
              {DETAIL_TEXTS.delete}
            </Button>
            <Button ref={primaryRef} onClick={onPrimary} loading={update.isPending}>
              {ACTION_LABELS[test.status].dialog}
            </Button>
          </>
        }
      >
        <div className="test-detail">
          <dl className="test-detail__facts">
            {test.difficulty ? (
              <div>
                <dt>Difficulty</dt>
                <dd>
                  <span className={`difficulty difficulty--${test.difficulty}`}>
                    {DIFFICULTY_LABELS[test.difficulty]}
                  </span>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Status</dt>
              <dd>{STATUS_LABELS[test.status]}</dd>
            </div>
            <div>
              <dt>Category</dt>
              <dd>{test.category}</dd>
            </div>
            {test.estimatedTime ? (
              <div>
                <dt>Estimated time</dt>
                <dd>{test.estimatedTime}</dd>
              </div>
            ) : null}
            <div>
              <dt>Progress</dt>
              <dd>
                {test.checkedSteps.length} of {test.steps.length} steps
              </dd>
            </div>
            {test.status === 'completed' ? (
              <div>
                <dt>Evaluation</dt>
                <dd>{RESULT_LABELS[result]}</dd>
              </div>
            ) : null}
          </dl>
          {test.custom ? (
            <dl className="test-detail__plan">
              <div>
                <dt>Method</dt>
                <dd>{test.custom.method}</dd>
              </div>
              <div>
                <dt>Metric</dt>
                <dd>{test.custom.metric}</dd>
              </div>
              <div>
                <dt>Success criterion</dt>
                <dd>{test.custom.successCriterion}</dd>
              </div>
            </dl>
          ) : null}
          <h3 className="test-detail__steps-title">Steps</h3>
          <ol className="test-detail__steps">
            {test.steps.map((step, index) => (
              <li key={step}>
                {step}
                {test.checkedSteps.includes(index) ? <span className="test-detail__done"> (done)</span> : null}
              </li>
            ))}
          </ol>
        </div>
      </Dialog>
      <RemoveTestConfirm test={test} open={confirming} onCancel={() => setConfirming(false)} onRemoved={onClose} />
    </>
  );
}
