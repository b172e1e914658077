import { useId, useState } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { ProgressBar } from '../../ui/ProgressBar';
import { SearchField } from '../../ui/SearchField';
import { Spinner } from '../../ui/Spinner';
import { type TabItem, Tabs } from '../../ui/Tabs';
import { LoadError } from './LoadError';
import { ACTION_LABELS, DIFFICULTY_LABELS, RESULT_LABELS, resultOf, STATUS_LABELS } from './labels';
import { TestDetailDialog } from './TestDetailDialog';
import { type TestStatus, useValidationTests, type ValidationTestView } from './validation-api';
import './validation-tests.css';

export const VALIDATION_TEXTS = {
  title: 'Validation Tests',
  subtitle: 'Validate your business model with structured experiments',
  library: 'Test Library',
  noMatch: 'No tests match your search.',
  noTests: 'No tests in this list.',
} as const;

type Tab = 'all' | TestStatus;
const TABS: TabItem<Tab>[] = [
  { value: 'all', label: 'All Tests' },
  { value: 'not-started', label: 'Not Started' },
  { value: 'in-progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
];

/** Spec §2: the search matches a test's name or description, ignoring case. */
export function matchesSearch(test: Pick<ValidationTestView, 'name' | 'description'>, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return test.name.toLowerCase().includes(term) || test.description.toLowerCase().includes(term);
}

/** Spec §2 Validation Tests: the test library with search and status tabs, and each test's detail dialog. */
export function ValidationTestsPage() {
  const tests = useValidationTests();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<Tab>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const open = openId ? tests.data?.find((t) => t.id === openId) : undefined;

  const shown = (tests.data ?? []).filter((t) => (tab === 'all' || t.status === tab) && matchesSearch(t, search));

  return (
    <div className="validation">
      <PageHeader title={VALIDATION_TEXTS.title} subtitle={VALIDATION_TEXTS.subtitle} />
      <Card className="validation__library">
        <section aria-labelledby="test-library-title" className="validation__section">
          <div className="validation__head">
            <h2 id="test-library-title" className="validation__title">
              {VALIDATION_TEXTS.library}
            </h2>
            <SearchField
              label="Search tests"
              placeholder="Search tests..."
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="validation__search"
            />
          </div>
          <Tabs label="Test status" items={TABS} value={tab} onChange={setTab}>
            {tests.isPending ? (
              <div className="validation__status">
                <Spinner label="Loading tests" />
              </div>
            ) : tests.isError && !tests.data ? (
              <LoadError error={tests.error} retrying={tests.isFetching} retry={() => void tests.refetch()} />
            ) : shown.length === 0 ? (
              <p className="validation__empty">{search.trim() ? VALIDATION_TEXTS.noMatch : VALIDATION_TEXTS.noTests}</p>
            ) : (
              <ul className="test-grid">
                {shown.map((test) => (
                  <TestCard key={test.id} test={test} onOpen={() => setOpenId(test.id)} />
                ))}
              </ul>
            )}
          </Tabs>
        </section>
      </Card>
      {open ? <TestDetailDialog test={open} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}

function TestCard({ test, onOpen }: { test: ValidationTestView; onOpen: () => void }) {
  const nameId = useId();
  const result = resultOf(test);
  return (
    <li className="card test-card">
      <div className="test-card__head">
        <h3 id={nameId} className="test-card__name">
          {test.name}
        </h3>
        <span className={`difficulty difficulty--${test.difficulty}`}>{DIFFICULTY_LABELS[test.difficulty]}</span>
      </div>
      <p className="test-card__description">{test.description}</p>
      <dl className="test-card__meta">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`test-status test-status--${test.status}`}>{STATUS_LABELS[test.status]}</span>
          </dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>{test.category}</dd>
        </div>
        <div>
          <dt>Estimated time</dt>
          <dd>{test.estimatedTime}</dd>
        </div>
      </dl>
      {test.status === 'in-progress' ? (
        <div className="test-card__progress">
          <div className="test-card__progress-head" aria-hidden="true">
            <span>Progress</span>
            <span>{test.progress}%</span>
          </div>
          <ProgressBar value={test.progress} label={`${test.name} progress`} valueText={`${test.progress}%`} />
        </div>
      ) : null}
      {test.status === 'completed' ? (
        <p className="test-card__evaluation">
          <Badge variant={result === 'not-evaluated' ? 'outline' : 'accent'}>
            <span className="sr-only">Evaluation: </span>
            {RESULT_LABELS[result]}
          </Badge>
        </p>
      ) : null}
      <div className="test-card__actions">
        <Button
          variant={test.status === 'not-started' ? 'primary' : 'secondary'}
          size="sm"
          onClick={onOpen}
          aria-describedby={nameId}
        >
          {ACTION_LABELS[test.status].card}
        </Button>
      </div>
    </li>
  );
}
