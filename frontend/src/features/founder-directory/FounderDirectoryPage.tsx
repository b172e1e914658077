import { useId } from 'react';
import { Link } from 'react-router-dom';
import {
  DIRECTORY_PHASE_LABELS,
  DIRECTORY_PHASES,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
  type ReviewStatus,
} from '#shared/domain/founder-directory';
import { PHASE_TYPES, QUESTION_TYPE_LABELS, type QuestionType } from '#shared/domain/questions';
import { plural } from '#shared/plural';
import { refusalOf } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format-date-time';
import { PATHS } from '../../lib/paths';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadError, LoadingArea } from '../../ui/LoadState';
import { PageHeader } from '../../ui/PageHeader';
import { ProgressBar } from '../../ui/ProgressBar';
import { SearchField } from '../../ui/SearchField';
import { SelectField, type SelectOption } from '../../ui/SelectField';
import { Spinner } from '../../ui/Spinner';
import { type DirectoryFilters, type DirectoryFounder, useDirectory } from './directory-api';
import { toolsSummary } from './tool-progress';
import { useDirectoryFilters } from './use-directory-filters';
import './founder-directory.css';

export const founderPath = (userId: string) => `${PATHS.adminFounders}/${encodeURIComponent(userId)}`;

export function founderName(founder: Pick<DirectoryFounder, 'name' | 'email'>): string {
  return founder.name ?? founder.email ?? 'Unnamed founder';
}

export function StatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <span className={`fd-status fd-status--${status}`}>
      <Badge variant={status === 'pending' || status === 'changes-requested' ? 'accent' : 'outline'}>
        {REVIEW_STATUS_LABELS[status]}
      </Badge>
    </span>
  );
}

/** One phase's bar with its words beside it: the phase, answered of total, and its review status for screen readers. */
export function PhaseProgress({
  type,
  progress,
}: {
  type: QuestionType;
  progress: DirectoryFounder['progress'][QuestionType];
}) {
  return (
    <div className="fd-progress">
      <span className="fd-progress__label" aria-hidden="true">
        {QUESTION_TYPE_LABELS[type]}
      </span>
      <ProgressBar
        value={progress.percent}
        label={`${QUESTION_TYPE_LABELS[type]}: ${progress.answered} of ${progress.total} answered`}
        valueText={`${progress.percent}%, ${REVIEW_STATUS_LABELS[progress.status].toLowerCase()}`}
      />
      <span className="fd-progress__count" aria-hidden="true">
        {progress.answered}/{progress.total}
      </span>
    </div>
  );
}

function FounderRow({ founder }: { founder: DirectoryFounder }) {
  const nameId = useId();
  return (
    <tr aria-labelledby={nameId}>
      <th scope="row" className="fd-table__founder">
        <Link id={nameId} to={founderPath(founder.userId)} className="fd-table__name">
          {founderName(founder)}
        </Link>
        {founder.email && founder.name ? <span className="fd-table__email">{founder.email}</span> : null}
        {founder.startupName ? <span className="fd-table__startup">{founder.startupName}</span> : null}
      </th>
      <td data-label="Phase">
        <span className="fd-table__phase">{DIRECTORY_PHASE_LABELS[founder.phase]}</span>
        <StatusBadge status={founder.status} />
      </td>
      <td data-label="Progress" className="fd-table__progress">
        {PHASE_TYPES.map((type) => (
          <PhaseProgress key={type} type={type} progress={founder.progress[type]} />
        ))}
        <p className="fd-tools-summary">{toolsSummary(founder.progress)}</p>
      </td>
      <td data-label="Last activity" className="fd-table__when">
        <time dateTime={founder.lastActivityAt}>{formatDateTime(founder.lastActivityAt)}</time>
      </td>
      <td data-label="Payment">{founder.paid ? 'Paid' : 'Not paid'}</td>
    </tr>
  );
}

/** 'all' stands for no filter: the select's own empty value is its disabled placeholder. */
const ALL = 'all';

function withAll<T extends string>(all: string, values: readonly T[], labels: Record<T, string>): SelectOption[] {
  return [{ value: ALL, label: all }, ...values.map((value) => ({ value, label: labels[value] }))];
}

type Choices = Pick<DirectoryFilters, 'phase' | 'status'>;

const FILTERS: ReadonlyArray<{ key: keyof Choices; label: string; placeholder: string; options: SelectOption[] }> = [
  {
    key: 'phase',
    label: 'Phase',
    placeholder: 'Choose a phase',
    options: withAll('All phases', DIRECTORY_PHASES, DIRECTORY_PHASE_LABELS),
  },
  {
    key: 'status',
    label: 'Status',
    placeholder: 'Choose a status',
    options: withAll('All statuses', REVIEW_STATUSES, REVIEW_STATUS_LABELS),
  },
];

/**
 * The founder directory: every founder, paid or not, most recently active first — searched by name, email or startup,
 * filtered by phase and review status (kept in the address: use-directory-filters.ts), each opening their page. A searched or filtered page looks at a window of
 * founders and shows the matches in it; "Search further" goes on through older founders.
 */
export function FounderDirectoryPage() {
  const { filters, search, setSearch, setChoice } = useDirectoryFilters();
  const directory = useDirectory(filters);
  const filtered = Boolean(filters.q.trim() || filters.phase || filters.status);
  const resultsId = useId();

  const pages = directory.data?.pages ?? [];
  const founders = pages.flatMap((p) => p.founders);
  const examined = pages.reduce((sum, p) => sum + p.examined, 0);
  const total = pages[0]?.totalFounders ?? 0;
  const more = directory.hasNextPage;

  let summary: string;
  if (directory.isPending) summary = 'Loading founders…';
  else if (!filtered) summary = `Showing ${plural(founders.length, 'founder')} of ${total}.`;
  else
    summary = `${plural(founders.length, 'match', 'matches')} among the ${plural(examined, 'most recently active founder')} looked at${
      more ? '' : ' (every founder)'
    }.`;

  return (
    <div className="fd-page">
      <PageHeader
        title="Founders"
        subtitle="Every founder, paid or not: find them by name, email or startup, and open their work."
      />
      <Card className="fd-card">
        <search className="fd-filters" aria-label="Find founders">
          <SearchField
            label="Search by name, email or startup"
            placeholder="Search by name, email or startup"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            maxLength={100}
            className="fd-filters__search"
          />
          {FILTERS.map(({ key, ...select }) => (
            <SelectField
              key={key}
              {...select}
              value={filters[key] || ALL}
              // The options are the key's own values and ALL, so the cast only names what the select holds.
              onChange={(e) => setChoice(key, e.target.value === ALL ? '' : (e.target.value as Choices[typeof key]))}
            />
          ))}
        </search>
        <p id={resultsId} className="fd-summary" aria-live="polite">
          {summary}
          {directory.isFetching && !directory.isPending ? <Spinner label="Updating" /> : null}
        </p>
        {directory.isError ? (
          <LoadError alert onRetry={() => void directory.refetch()}>
            Could not load the founders. {refusalOf(directory.error)}
          </LoadError>
        ) : directory.isPending ? (
          <LoadingArea label="Loading founders" />
        ) : founders.length === 0 ? (
          <p className="fd-empty">
            {filtered
              ? more
                ? 'No match among these founders yet: search further through older ones.'
                : 'No founder matches this search.'
              : 'No founder has signed up yet.'}
          </p>
        ) : (
          <div className="data-table-wrap">
            <table className="data-table fd-table" aria-describedby={resultsId}>
              <caption className="sr-only">Founders, most recently active first</caption>
              <thead>
                <tr>
                  <th scope="col">Founder and startup</th>
                  <th scope="col">Phase</th>
                  <th scope="col">Progress</th>
                  <th scope="col">Last activity</th>
                  <th scope="col">Payment</th>
                </tr>
              </thead>
              <tbody>
                {founders.map((f) => (
                  <FounderRow key={f.userId} founder={f} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {more ? (
          <div className="fd-more">
            <Button
              variant="secondary"
              loading={directory.isFetchingNextPage}
              onClick={() => void directory.fetchNextPage()}
            >
              {filtered ? 'Search further' : 'Show more founders'}
            </Button>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
