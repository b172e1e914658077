import { Link } from 'react-router-dom';
import { PATHS } from '../../lib/paths';
import { Button } from '../../ui/Button';
import { PageHeader } from '../../ui/PageHeader';
import { useToast } from '../../ui/toast/toast-context';
import { useFailureToast } from '../../ui/toast/use-failure-toast';
import './test-evaluation.css';
import {
  useRestoreValidationTest,
  useValidationLibrary,
  type ValidationTestView,
} from '../../data/validation/validation-api';
import { testsNotReady } from './LoadError';
import { TestRun } from './TestRun';
import { WORKSPACE_TEXTS } from './workspace-texts';

/**
 * A test's own page (Validation Tests with ?test=<id>): its plan, the steps to check off (progress follows them),
 * what happened, and its evaluation — where 'Continue This Test' and 'View Test Results' lead.
 */
export function TestWorkspace({ testId, openAt }: { testId: string; openAt: 'results' | null }) {
  const library = useValidationLibrary();
  const test = library.data?.tests.find((t) => t.id === testId);
  const removed = library.data?.removed.find((t) => t.id === testId);

  return (
    <div className="validation test-page">
      <p className="test-page__back">
        <Link to={PATHS.validationTests} className="text-link">
          <span aria-hidden="true">← </span>
          {WORKSPACE_TEXTS.back}
        </Link>
      </p>
      {testsNotReady(library, 'validation__status', 'Loading the test') ??
        (test ? (
          <TestRun key={test.id} test={test} openAt={openAt} />
        ) : removed ? (
          <RemovedNotice test={removed} />
        ) : (
          <>
            <PageHeader title={WORKSPACE_TEXTS.missingTitle} />
            <p>{WORKSPACE_TEXTS.missing}</p>
          </>
        ))}
    </div>
  );
}

function RemovedNotice({ test }: { test: ValidationTestView }) {
  const { toast } = useToast();
  const failed = useFailureToast();
  const restore = useRestoreValidationTest();
  return (
    <>
      <PageHeader title={test.name} subtitle={test.description} />
      <div className="notice" role="status">
        <p className="notice__text">
          <strong>{WORKSPACE_TEXTS.removedTitle}.</strong> {WORKSPACE_TEXTS.removed(test.name)}
        </p>
        <Button
          loading={restore.isPending}
          onClick={() =>
            restore.mutate(test.id, {
              onSuccess: () =>
                toast({ title: WORKSPACE_TEXTS.restoredTitle, description: WORKSPACE_TEXTS.restored(test.name) }),
              onError: failed(WORKSPACE_TEXTS.failedTitle, WORKSPACE_TEXTS.failed),
            })
          }
        >
          {WORKSPACE_TEXTS.restore}
        </Button>
      </div>
    </>
  );
}
