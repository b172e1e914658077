import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ACTION_LABELS, RESULT_LABELS, resultOf, STATUS_LABELS } from '../../data/validation/labels';
import {
  lockedReason,
  type TestStatus,
  useValidationLibrary,
  type ValidationTestView,
} from '../../data/validation/validation-api';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { ProgressBar } from '../../ui/ProgressBar';
import { SearchField } from '../../ui/SearchField';
import { type TabItem, Tabs } from '../../ui/Tabs';
import { CustomTestDialog } from './CustomTestDialog';
import { TestsLocked, testsNotReady } from './LoadError';
import { RemovedTests } from './RemovedTests';
import { TestDetailDialog } from './TestDetailDialog';
import { CategoryFacts, Difficulty, Fact } from './TestFacts';
import { TestWorkspace } from './TestWorkspace';
import { TEST_QUERY, testPagePath, VIEW_QUERY } from './test-paths';
import './validation-tests.css';

export const VALIDATION_TEXTS = {
  title: 'Validation Tests',
  subtitle: 'Validate your business model with structured experiments',
  library: 'Test Library',
  noMatch: 'No tests match your search.',
  noTests: 'No tests in this list.',
  showAll: 'Show All Tests',
  allRemoved: 'Every test is removed: restore one from Removed tests below, or add your own.',
  addOwn: 'Add Your Own Test',
  ownCount: (used: number, limit: number) => `${used} of ${limit} tests of your own`,
  atLimit: (limit: number) =>
    `You keep ${limit} tests of your own, the most allowed. Delete a removed one of yours for good to add another.`,
  ownBadge: 'Your own',
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

/**
 * Spec §2 Validation Tests: the test library with search and status tabs, each test's detail dialog, the founder's
 * own tests and the removed ones. With ?test=<id> it shows that test's own page (steps, results, evaluation).
 */
export function ValidationTestsPage() {
  const [params] = useSearchParams();
  const testId = params.get(TEST_QUERY);
  if (testId) return <TestWorkspace testId={testId} openAt={params.get(VIEW_QUERY) === 'results' ? 'results' : null} />;
  return <TestLibrary />;
}

function TestLibrary() {
  const library = useValidationLibrary();
  const [, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<Tab>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const tests = library.data?.tests ?? [];
  const open = openId ? tests.find((t) => t.id === openId) : undefined;
  const own = library.data?.customTests;
  const atLimit = own ? own.used >= own.limit : false;
  const limitId = useId();

  const shown = tests.filter((t) => (tab === 'all' || t.status === tab) && matchesSearch(t, search));
  // Locked, there is nothing to search, filter or add: the notice stands alone instead of dead controls around it.
  const locked = library.data ? null : lockedReason(library.error);
  if (locked) {
    return (
      <div className="validation">
        <PageHeader title={VALIDATION_TEXTS.title} subtitle={VALIDATION_TEXTS.subtitle} />
        <TestsLocked reason={locked} />
      </div>
    );
  }

  return (
    <div className="validation">
      <PageHeader
        title={VALIDATION_TEXTS.title}
        subtitle={VALIDATION_TEXTS.subtitle}
        aside={
          library.data ? (
            <Button variant="secondary" onClick={() => setAdding(true)} disabled={atLimit} aria-describedby={limitId}>
              {VALIDATION_TEXTS.addOwn}
            </Button>
          ) : null
        }
      />
      {own ? (
        <p id={limitId} className="validation__own-count">
          {atLimit ? VALIDATION_TEXTS.atLimit(own.limit) : VALIDATION_TEXTS.ownCount(own.used, own.limit)}
        </p>
      ) : null}
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
            {testsNotReady(library, 'validation__status', 'Loading tests') ??
              (shown.length === 0 ? (
                <div className="validation__empty">
                  <p>
                    {search.trim()
                      ? VALIDATION_TEXTS.noMatch
                      : tab === 'all'
                        ? VALIDATION_TEXTS.allRemoved
                        : VALIDATION_TEXTS.noTests}
                  </p>
                  {tab !== 'all' ? (
                    <Button variant="secondary" size="sm" onClick={() => setTab('all')}>
                      {VALIDATION_TEXTS.showAll}
                    </Button>
                  ) : null}
                </div>
              ) : (
                <ul className="test-grid">
                  {shown.map((test) => (
                    <TestCard key={test.id} test={test} onOpen={() => setOpenId(test.id)} />
                  ))}
                </ul>
              ))}
          </Tabs>
        </section>
      </Card>
      <RemovedTests tests={library.data?.removed ?? []} />
      {open ? <TestDetailDialog test={open} onClose={() => setOpenId(null)} /> : null}
      {adding ? (
        <CustomTestDialog
          onClose={() => setAdding(false)}
          onSaved={(test) => {
            setAdding(false);
            setParams(new URLSearchParams(testPagePath(test.id).split('?')[1]));
          }}
        />
      ) : null}
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
        {test.difficulty ? (
          <Difficulty level={test.difficulty} />
        ) : (
          <Badge variant="outline">{VALIDATION_TEXTS.ownBadge}</Badge>
        )}
      </div>
      <p className="test-card__description">{test.description}</p>
      <dl className="test-card__meta">
        <Fact term="Status">
          <span className={`test-status test-status--${test.status}`}>{STATUS_LABELS[test.status]}</span>
        </Fact>
        <CategoryFacts test={test} />
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
