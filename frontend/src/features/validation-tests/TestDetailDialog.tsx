import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ACTION_LABELS, RESULT_LABELS, resultOf, STATUS_LABELS } from '../../data/validation/labels';
import {
  type UpdateValidationTestRequest,
  useUpdateValidationTest,
  type ValidationTestView,
} from '../../data/validation/validation-api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/toast/toast-context';
import { useFailureToast } from '../../ui/toast/use-failure-toast';
import { RemoveTestConfirm } from './RemoveTestConfirm';
import { CategoryFacts, Difficulty, Fact } from './TestFacts';
import { testPagePath } from './test-paths';

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
  const failed = useFailureToast();
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
        onError: failed(DETAIL_TEXTS.failedTitle, DETAIL_TEXTS.failed),
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
              <Fact term="Difficulty">
                <Difficulty level={test.difficulty} />
              </Fact>
            ) : null}
            <Fact term="Status">{STATUS_LABELS[test.status]}</Fact>
            <CategoryFacts test={test} />
            <Fact term="Progress">
              {test.checkedSteps.length} of {test.steps.length} steps
            </Fact>
            {test.status === 'completed' ? <Fact term="Evaluation">{RESULT_LABELS[result]}</Fact> : null}
          </dl>
          {test.custom ? (
            <dl className="test-detail__plan">
              <Fact term="Method">{test.custom.method}</Fact>
              <Fact term="Metric">{test.custom.metric}</Fact>
              <Fact term="Success criterion">{test.custom.successCriterion}</Fact>
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
