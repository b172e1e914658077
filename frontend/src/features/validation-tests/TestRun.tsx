import { useId } from 'react';
import { Link } from 'react-router-dom';
import { RESULTS_MAX } from '#shared/domain/validation-tests';
import { RESULT_LABELS, resultOf, STATUS_LABELS } from '../../data/validation/labels';
import type { ValidationTestView } from '../../data/validation/validation-api';
import { PATHS } from '../../lib/paths';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { ProgressBar } from '../../ui/ProgressBar';
import { TextAreaField } from '../../ui/TextAreaField';
import { CustomTestDialog } from './CustomTestDialog';
import { EvaluationDialog } from './EvaluationDialog';
import { RemoveTestConfirm } from './RemoveTestConfirm';
import { CategoryFacts, Difficulty, Fact } from './TestFacts';
import { useTestRun } from './use-test-run';
import { WORKSPACE_TEXTS } from './workspace-texts';

type Run = ReturnType<typeof useTestRun>;

/** A test being run: what it is, its steps to check off, what happened and its evaluation, and its dialogs. */
export function TestRun({ test, openAt }: { test: ValidationTestView; openAt: 'results' | null }) {
  const run = useTestRun(test, openAt);
  const ids = useId();
  return (
    <>
      <PageHeader
        title={test.name}
        subtitle={test.description}
        aside={<span className={`test-status test-status--${test.status}`}>{STATUS_LABELS[test.status]}</span>}
      />
      <TestAbout test={test} headingId={`${ids}-about`} />
      <TestSteps test={test} run={run} ids={ids} />
      <TestResults test={test} run={run} headingId={`${ids}-results`} />

      <div className="test-page__actions test-page__actions--end">
        {test.custom ? (
          <Button variant="secondary" onClick={() => run.setDialog('edit')}>
            {WORKSPACE_TEXTS.edit}
          </Button>
        ) : null}
        <Button variant="destructive" onClick={() => run.setDialog('delete')}>
          {WORKSPACE_TEXTS.delete}
        </Button>
      </div>

      {run.dialog === 'evaluate' ? (
        <EvaluationDialog test={test} onClose={() => run.setDialog(null)} onDeleted={run.backToTests} />
      ) : null}
      {run.dialog === 'edit' ? (
        <CustomTestDialog test={test} onClose={() => run.setDialog(null)} onSaved={() => run.setDialog(null)} />
      ) : null}
      <RemoveTestConfirm
        test={test}
        open={run.dialog === 'delete'}
        onCancel={() => run.setDialog(null)}
        onRemoved={run.backToTests}
      />
    </>
  );
}

function TestAbout({ test, headingId }: { test: ValidationTestView; headingId: string }) {
  return (
    <Card className="test-page__card">
      <section aria-labelledby={headingId} className="validation__section">
        <h2 id={headingId} className="validation__title">
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
  );
}

function TestSteps({ test, run, ids }: { test: ValidationTestView; run: Run; ids: string }) {
  return (
    <Card className="test-page__card">
      <section aria-labelledby={`${ids}-steps`} className="validation__section">
        <div className="validation__head">
          <h2 id={`${ids}-steps`} className="validation__title">
            {WORKSPACE_TEXTS.steps}
          </h2>
          {test.status === 'not-started' ? (
            <Button size="sm" loading={run.busy} onClick={run.start}>
              {WORKSPACE_TEXTS.start}
            </Button>
          ) : null}
        </div>
        <div className="test-page__progress">
          <p className="test-page__progress-text">
            {WORKSPACE_TEXTS.stepsDone(test.checkedSteps.length, test.steps.length)}
          </p>
          <ProgressBar value={test.progress} label={`${test.name} progress`} valueText={`${test.progress}%`} />
        </div>
        <p className="test-page__hint" id={`${ids}-hint`}>
          {WORKSPACE_TEXTS.stepsHint}
        </p>
        <ol className="step-list" aria-describedby={`${ids}-hint`}>
          {test.steps.map((step, index) => {
            const checked = run.checkedSteps.includes(index);
            return (
              <li key={step} className={checked ? 'step-list__item step-list__item--done' : 'step-list__item'}>
                <label className="step-list__label">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={run.busy}
                    onChange={(event) => run.toggle(index, event.target.checked)}
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
  );
}

function TestResults({ test, run, headingId }: { test: ValidationTestView; run: Run; headingId: string }) {
  const result = resultOf(test);
  return (
    <Card className="test-page__card">
      <section aria-labelledby={headingId} className="validation__section">
        <h2 id={headingId} ref={run.resultsHeading} tabIndex={-1} className="validation__title">
          {WORKSPACE_TEXTS.results}
        </h2>
        <form
          className="test-page__results"
          onSubmit={(event) => {
            event.preventDefault();
            run.saveResults();
          }}
        >
          <TextAreaField
            label={WORKSPACE_TEXTS.resultsLabel}
            hint={WORKSPACE_TEXTS.resultsHint}
            rows={4}
            maxLength={RESULTS_MAX}
            value={run.results}
            onChange={(event) => run.setResults(event.target.value)}
          />
          <div>
            <Button
              type="submit"
              variant="secondary"
              loading={run.savingResults}
              disabled={run.busy || !run.resultsChanged}
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
          <Button onClick={() => run.setDialog('evaluate')}>{WORKSPACE_TEXTS.evaluate}</Button>
          <Link to={PATHS.testEvaluation} className="text-link">
            {WORKSPACE_TEXTS.allEvaluations}
          </Link>
        </div>
      </section>
    </Card>
  );
}
