import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { apiErrorMessage } from '../../lib/error-message';
import { PATHS } from '../../lib/paths';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/toast/toast-context';
import { ACTION_LABELS, DIFFICULTY_LABELS, RESULT_LABELS, resultOf, STATUS_LABELS } from './labels';
import { type UpdateValidationTestRequest, useUpdateValidationTest, type ValidationTestView } from './validation-api';

export const DETAIL_TEXTS = {
  startedTitle: 'Test Started',
  started: (name: string) => `You've started the ${name} validation test.`,
  markCompleted: 'Mark as Completed',
  completedTitle: 'Test completed',
  completed: (name: string) => `${name} is marked as completed. Record what you learned in Test Evaluation.`,
  failedTitle: 'Could not update the test',
  failed: 'Something went wrong. Please try again.',
} as const;

/** Starting a test records it as in progress, at 10% (our choice: the first step is under way). */
export const START: UpdateValidationTestRequest = { status: 'in-progress', progress: 10 };
export const COMPLETE: UpdateValidationTestRequest = { status: 'completed', progress: 100 };

/**
 * Spec §2 test detail: name, difficulty, description, category, estimated time and numbered steps. The footer button
 * starts a test that has not started (saved on the server) and, as the spec shows, says 'Test Started' for the others
 * too. An in-progress test can also be marked as completed (our addition, so completion is recorded).
 */
export function TestDetailDialog({ test, onClose }: { test: ValidationTestView; onClose: () => void }) {
  const { toast } = useToast();
  const update = useUpdateValidationTest();
  const result = resultOf(test);
  const primaryRef = useRef<HTMLButtonElement>(null);

  const save = (body: UpdateValidationTestRequest, onDone: () => void) =>
    update.mutate(
      { testId: test.id, body },
      {
        onSuccess: onDone,
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

  const started = () => {
    toast({ title: DETAIL_TEXTS.startedTitle, description: DETAIL_TEXTS.started(test.name) });
    onClose();
  };

  const onPrimary = () => {
    if (test.status === 'not-started') save(START, started);
    else started();
  };

  const onComplete = () =>
    save(COMPLETE, () => {
      toast({ title: DETAIL_TEXTS.completedTitle, description: DETAIL_TEXTS.completed(test.name) });
      onClose();
    });

  return (
    <Dialog
      open
      onClose={onClose}
      title={test.name}
      description={test.description}
      size="lg"
      initialFocusRef={primaryRef}
      footer={
        <>
          {test.status === 'in-progress' ? (
            <Button
              variant="secondary"
              onClick={onComplete}
              disabled={update.isPending}
              loading={update.isPending && update.variables?.body === COMPLETE}
            >
              {DETAIL_TEXTS.markCompleted}
            </Button>
          ) : null}
          <Button
            ref={primaryRef}
            onClick={onPrimary}
            disabled={update.isPending}
            loading={update.isPending && update.variables?.body === START}
          >
            {ACTION_LABELS[test.status].dialog}
          </Button>
        </>
      }
    >
      <div className="test-detail">
        <dl className="test-detail__facts">
          <div>
            <dt>Difficulty</dt>
            <dd>
              <span className={`difficulty difficulty--${test.difficulty}`}>{DIFFICULTY_LABELS[test.difficulty]}</span>
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{STATUS_LABELS[test.status]}</dd>
          </div>
          <div>
            <dt>Category</dt>
            <dd>{test.category}</dd>
          </div>
          <div>
            <dt>Estimated time</dt>
            <dd>{test.estimatedTime}</dd>
          </div>
          {test.status === 'completed' ? (
            <div>
              <dt>Evaluation</dt>
              <dd>{RESULT_LABELS[result]}</dd>
            </div>
          ) : null}
        </dl>
        <h3 className="test-detail__steps-title">Steps</h3>
        <ol className="test-detail__steps">
          {test.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {test.status === 'completed' ? (
          <p className="test-detail__note">
            <Link to={PATHS.testEvaluation} className="text-link">
              Evaluate this test in Test Evaluation
            </Link>
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
