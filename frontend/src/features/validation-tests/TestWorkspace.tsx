import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { RESULTS_MAX } from '#shared/domain/validation-tests';
import { PATHS } from '../../lib/paths';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { ProgressBar } from '../../ui/ProgressBar';
import { TextAreaField } from '../../ui/TextAreaField';
import { useToast } from '../../ui/toast/toast-context';
import { useFailureToast } from '../../ui/toast/use-failure-toast';
import { EvaluationDialog } from './EvaluationDialog';
import './test-evaluation.css';
import { RESULT_LABELS, resultOf, STATUS_LABELS } from '../../data/validation/labels';
import {
  type UpdateValidationTestRequest,
  useRestoreValidationTest,
  useUpdateValidationTest,
  useValidationLibrary,
  type ValidationTestView,
} from '../../data/validation/validation-api';
import { CustomTestDialog } from './CustomTestDialog';
import { testsNotReady } from './LoadError';
import { RemoveTestConfirm } from './RemoveTestConfirm';
import { CategoryFacts, Difficulty, Fact } from './TestFacts';

export const WORKSPACE_TEXTS = {
  back: 'All tests',
  about: 'About this test',
  steps: 'Steps',
  stepsDone: (done: number, total: number) => `${done} of ${total} steps done`,
  stepsHint: 'Check off each step as you finish it; the test is completed when every step is checked.',
  start: 'Start This Test',
  startedTitle: 'Test Started',
  started: (name: string) => `You've started the ${name} validation test.`,
  completedTitle: 'Test completed',
  completed: (name: string) => `Every step of ${name} is done. Record the results and evaluate it.`,
  results: 'Results',
  resultsLabel: 'What happened',
  resultsHint: 'The numbers you observed, what people said, what surprised you.',
  saveResults: 'Save Results',
  resultsSavedTitle: 'Results saved',
  resultsSaved: 'What happened is recorded with the test.',
  evaluation: 'Evaluation',
  notEvaluated: 'Not evaluated yet. Decide whether the results support your hypothesis.',
  evaluate: 'Evaluate This Test',
  allEvaluations: 'Compare all tests in Test Evaluation',
  edit: 'Edit Test',
  delete: 'Delete Test',
  failedTitle: 'Could not update the test',
  failed: 'Something went wrong. Please try again.',
  removedTitle: 'This test was removed',
  removed: (name: string) => `${name} is in Removed tests. Restore it to continue where you left off.`,
  restore: 'Restore Test',
  restoredTitle: 'Test restored',
  restored: (name: string) => `${name} is back in your tests.`,
  missingTitle: 'Test not found',
  missing: 'This test is not among your tests. It may have been deleted for good.',
} as const;

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

function TestRun({ test, openAt }: { test: ValidationTestView; openAt: 'results' | null }) {
  const { toast } = useToast();
  const failed = useFailureToast();
  const navigate = useNavigate();
  const update = useUpdateValidationTest();
  const [results, setResults] = useState(test.results ?? '');
  const [dialog, setDialog] = useState<'evaluate' | 'edit' | 'delete' | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const stepsId = useId();
  const result = resultOf(test);
  const done = test.checkedSteps.length;

  // 'View Test Results' opens the page at the results.
  useEffect(() => {
    if (openAt !== 'results') return;
    resultsHeading.current?.scrollIntoView?.({ block: 'start' });
    resultsHeading.current?.focus();
  }, [openAt]);

  const save = (body: UpdateValidationTestRequest, onDone?: (saved: ValidationTestView) => void) =>
    update.mutate(
      { testId: test.id, body },
      {
        onSuccess: (saved) => onDone?.(saved),
        onError: failed(WORKSPACE_TEXTS.failedTitle, WORKSPACE_TEXTS.failed),
      },
    );

  // The box shows its new state at once, while the server saves it (and falls back if the save fails).
  const [checking, setChecking] = useState<number[] | null>(null);
  const checkedSteps = checking ?? test.checkedSteps;
  const toggle = (index: number, checked: boolean) => {
    const next = checked ? [...checkedSteps, index] : checkedSteps.filter((i) => i !== index);
    setChecking(next);
    update.mutate(
      { testId: test.id, body: { checkedSteps: next } },
      {
        onSuccess: (saved) => {
          if (saved.status === 'completed' && test.status !== 'completed') {
            toast({ title: WORKSPACE_TEXTS.completedTitle, description: WORKSPACE_TEXTS.completed(test.name) });
          }
        },
        onError: failed(WORKSPACE_TEXTS.failedTitle, WORKSPACE_TEXTS.failed),
        onSettled: () => setChecking(null),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={test.name}
        subtitle={test.description}
        aside={<span className={`test-status test-status--${test.status}`}>{STATUS_LABELS[test.status]}</span>}
      />

      <Card className="test-page__card">
        <section aria-labelledby={`${stepsId}-about`} className="validation__section">
          <h2 id={`${stepsId}-about`} className="validation__title">
            {WORKSPACE_TEXTS.about}
          </h2>
          <dl className="test-page__facts">
            {test.custom ? (
              <>
                <Fact term="Hypothesis">{test.custom.hypothesis}</Fact>
                <Fact term="Method">{test.custom.method}</Fact>
                <Fact term="Metric">{test.custom.metric}</Fact>
                <Fact term="Success criterion">{test.custom.successCriterion}</Fact>
              </>
            ) : (
              <>
                {test.difficulty ? (
                  <Fact term="Difficulty">
                    <Difficulty level={test.difficulty} />
                  </Fact>
                ) : null}
                <CategoryFacts test={test} />
              </>
            )}
          </dl>
        </section>
      </Card>

      <Card className="test-page__card">
        <section aria-labelledby={`${stepsId}-steps`} className="validation__section">
          <div className="validation__head">
            <h2 id={`${stepsId}-steps`} className="validation__title">
              {WORKSPACE_TEXTS.steps}
            </h2>
            {test.status === 'not-started' ? (
              <Button
                size="sm"
                loading={update.isPending}
                onClick={() =>
                  save({ start: true }, () =>
                    toast({ title: WORKSPACE_TEXTS.startedTitle, description: WORKSPACE_TEXTS.started(test.name) }),
                  )
                }
              >
                {WORKSPACE_TEXTS.start}
              </Button>
            ) : null}
          </div>
          <div className="test-page__progress">
            <p className="test-page__progress-text">{WORKSPACE_TEXTS.stepsDone(done, test.steps.length)}</p>
            <ProgressBar value={test.progress} label={`${test.name} progress`} valueText={`${test.progress}%`} />
          </div>
          <p className="test-page__hint" id={`${stepsId}-hint`}>
            {WORKSPACE_TEXTS.stepsHint}
          </p>
          <ol className="step-list" aria-describedby={`${stepsId}-hint`}>
            {test.steps.map((step, index) => {
              const checked = checkedSteps.includes(index);
              return (
                <li key={step} className={checked ? 'step-list__item step-list__item--done' : 'step-list__item'}>
                  <label className="step-list__label">
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={update.isPending}
                      onChange={(event) => toggle(index, event.target.checked)}
                    />
                    <span>
                      <span className="sr-only">Step {index + 1}: </span>
                      {step}
                    </span>
                  </label>
                </li>
              );
            })}
          </ol>
        </section>
      </Card>

      <Card className="test-page__card">
        <section aria-labelledby={`${stepsId}-results`} className="validation__section">
          <h2 id={`${stepsId}-results`} ref={resultsHeading} tabIndex={-1} className="validation__title">
            {WORKSPACE_TEXTS.results}
          </h2>
          <form
            className="test-page__results"
            onSubmit={(event) => {
              event.preventDefault();
              save({ results: results.trim() || null }, () =>
                toast({ title: WORKSPACE_TEXTS.resultsSavedTitle, description: WORKSPACE_TEXTS.resultsSaved }),
              );
            }}
          >
            <TextAreaField
              label={WORKSPACE_TEXTS.resultsLabel}
              hint={WORKSPACE_TEXTS.resultsHint}
              rows={4}
              maxLength={RESULTS_MAX}
              value={results}
              onChange={(event) => setResults(event.target.value)}
            />
            <div>
              <Button
                type="submit"
                variant="secondary"
                loading={update.isPending && update.variables?.body.results !== undefined}
                disabled={update.isPending || results.trim() === (test.results ?? '')}
              >
                {WORKSPACE_TEXTS.saveResults}
              </Button>
            </div>
          </form>

          <h3 className="test-page__subtitle">{WORKSPACE_TEXTS.evaluation}</h3>
          {test.evaluation && result !== 'not-evaluated' ? (
            <div className="test-page__evaluation">
              <p>
                <span className={`result-badge result-badge--${result}`}>{RESULT_LABELS[result]}</span>
              </p>
              {test.evaluation.notes ? <p className="test-page__notes">{test.evaluation.notes}</p> : null}
            </div>
          ) : (
            <p className="test-page__hint">{WORKSPACE_TEXTS.notEvaluated}</p>
          )}
          <div className="test-page__actions">
            <Button onClick={() => setDialog('evaluate')}>{WORKSPACE_TEXTS.evaluate}</Button>
            <Link to={PATHS.testEvaluation} className="text-link">
              {WORKSPACE_TEXTS.allEvaluations}
            </Link>
          </div>
        </section>
      </Card>

      <div className="test-page__actions test-page__actions--end">
        {test.custom ? (
          <Button variant="secondary" onClick={() => setDialog('edit')}>
            {WORKSPACE_TEXTS.edit}
          </Button>
        ) : null}
        <Button variant="destructive" onClick={() => setDialog('delete')}>
          {WORKSPACE_TEXTS.delete}
        </Button>
      </div>

      {dialog === 'evaluate' ? (
        <EvaluationDialog
          test={test}
          onClose={() => setDialog(null)}
          onDeleted={() => navigate(PATHS.validationTests)}
        />
      ) : null}
      {dialog === 'edit' ? (
        <CustomTestDialog test={test} onClose={() => setDialog(null)} onSaved={() => setDialog(null)} />
      ) : null}
      <RemoveTestConfirm
        test={test}
        open={dialog === 'delete'}
        onCancel={() => setDialog(null)}
        onRemoved={() => navigate(PATHS.validationTests)}
      />
    </>
  );
}
