import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { plural } from '#shared/plural';
import { RESULT_LABELS, resultOf, STATUS_LABELS } from '../../data/validation/labels';
import {
  type EvaluationResult,
  useValidationTests,
  type ValidationTestView,
} from '../../data/validation/validation-api';
import { PATHS } from '../../lib/paths';
import { Card } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { type TabItem, Tabs } from '../../ui/Tabs';
import { EvaluationDialog } from './EvaluationDialog';
import { evaluationSummary } from './evaluation-summary';
import { testsNotReady } from './LoadError';
import './test-evaluation.css';

export const EVALUATION_TEXTS = {
  title: 'Test Evaluation',
  subtitle: 'Analyze test results and derive insights for your business model',
  results: 'Test Results',
  noTestsTitle: 'No tests available',
  emptyFilter: 'No tests found for this filter.',
} as const;

type Filter = 'all' | EvaluationResult;
const FILTERS: TabItem<Filter>[] = [
  { value: 'all', label: 'All' },
  { value: 'success', label: 'Success' },
  { value: 'partial', label: 'Partial' },
  { value: 'failure', label: 'Failure' },
  { value: 'not-evaluated', label: 'Not Evaluated' },
];

/** Spec §2 Test Evaluation: success rate, completion and insights, and each test's evaluation, kept on the server. */
export function TestEvaluationPage() {
  const tests = useValidationTests();
  const [filter, setFilter] = useState<Filter>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const list = tests.data ?? [];
  const open = openId ? list.find((t) => t.id === openId) : undefined;
  const summary = evaluationSummary(list);
  const shown = list.filter((t) => filter === 'all' || resultOf(t) === filter);

  // A deleted test's row is gone, so focus stays in the results rather than falling to the page.
  const onDeleted = () =>
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) panelRef.current?.focus();
    });

  return (
    <div className="evaluation">
      <PageHeader title={EVALUATION_TEXTS.title} subtitle={EVALUATION_TEXTS.subtitle} />
      {testsNotReady(tests, 'evaluation__status', 'Loading tests') ?? (
        <>
          <section aria-labelledby="evaluation-summary-title">
            <h2 id="evaluation-summary-title" className="sr-only">
              Summary
            </h2>
            <ul className="evaluation__cards">
              <SummaryCard
                label="Success Rate"
                value={`${summary.rate}%`}
                caption={`${summary.successes} of ${plural(summary.evaluated, 'test')} validated`}
              />
              <SummaryCard
                label="Test Completion"
                value={`${summary.completed}/${summary.total}`}
                caption="Completed validation tests"
              />
              <SummaryCard
                label="Insights"
                value={String(summary.insights)}
                caption="Tests with documented learnings"
              />
            </ul>
          </section>

          {list.length === 0 ? (
            <div className="evaluation__alert" role="alert">
              <h2 className="evaluation__alert-title">{EVALUATION_TEXTS.noTestsTitle}</h2>
              <p>
                You haven't added any validation tests yet. Go to{' '}
                <Link to={PATHS.validationTests} className="text-link">
                  Validation Tests
                </Link>{' '}
                to get started.
              </p>
            </div>
          ) : (
            <Card className="evaluation__results">
              <section aria-labelledby="test-results-title" className="evaluation__section">
                <h2 id="test-results-title" className="evaluation__title">
                  {EVALUATION_TEXTS.results}
                </h2>
                <Tabs label="Filter by result" items={FILTERS} value={filter} onChange={setFilter} panelRef={panelRef}>
                  {shown.length === 0 ? (
                    <p className="evaluation__empty">{EVALUATION_TEXTS.emptyFilter}</p>
                  ) : (
                    <ul className="result-list">
                      {shown.map((test) => (
                        <li key={test.id}>
                          <ResultRow test={test} onOpen={() => setOpenId(test.id)} />
                        </li>
                      ))}
                    </ul>
                  )}
                </Tabs>
              </section>
            </Card>
          )}
        </>
      )}
      {open ? <EvaluationDialog test={open} onClose={() => setOpenId(null)} onDeleted={onDeleted} /> : null}
    </div>
  );
}

function SummaryCard({ label, value, caption }: { label: string; value: string; caption: string }) {
  return (
    <li className="card evaluation__card">
      <p className="evaluation__card-label">{label}</p>
      <p className="evaluation__card-value">{value}</p>
      <p className="evaluation__card-caption">{caption}</p>
    </li>
  );
}

function ResultRow({ test, onOpen }: { test: ValidationTestView; onOpen: () => void }) {
  const result = resultOf(test);
  const notes = test.evaluation?.notes?.trim();
  return (
    <button type="button" className="result-row" onClick={onOpen}>
      <span className="result-row__main">
        <span className="result-row__name">{test.name}</span>
        <span className="result-row__meta">
          {test.category} · {STATUS_LABELS[test.status]}
        </span>
        {notes ? <span className="result-row__notes">{notes}</span> : null}
      </span>
      <span className={`result-badge result-badge--${result}`}>{RESULT_LABELS[result]}</span>
    </button>
  );
}
