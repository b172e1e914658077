import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { MeResponse } from '#shared/api-types';
import type { QuestionType } from '#shared/domain/questions';
import { plural } from '#shared/plural';
import { useMe } from '../../data/account/use-me';
import { type DashboardResponse, useDashboard } from '../../data/journey/journey-api';
import { useAuth } from '../../lib/auth-context';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { ProgressBar } from '../../ui/ProgressBar';
import { type NextStep, nextStep } from './next-step';
import { SupportChat } from './SupportChat';
import { ValidateToolkit } from './ValidateToolkit';
import { greeting, useFirstVisit } from './welcome';
import './dashboard.css';

const PHASES: { type: QuestionType; label: string }[] = [
  { type: 'trigger', label: 'Trigger Questions' },
  { type: 'value-proposition', label: 'Value Proposition' },
  { type: 'business-model', label: 'Business Model' },
];

const LOADING = '...';

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Spec §9 file date format: short month, day, year, US English ('Jan 5, 2025'); 'N/A' without a date. */
export function formatShortDate(iso: string | null): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'N/A' : SHORT_DATE.format(date);
}

function percentOf(answered: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((answered / total) * 100));
}

/** All three phases together: every answered question over every question. */
export function overallProgress(progress: DashboardResponse['progress']) {
  let answered = 0;
  let total = 0;
  for (const { type } of PHASES) {
    answered += progress[type].answered;
    total += progress[type].total;
  }
  return { answered, total, percent: percentOf(answered, total) };
}

/** What the dashboard shows of other features; app/router.tsx hands them in, so this feature imports none of them. */
export interface DashboardEmbeds {
  /** The coach's open requests for changes. */
  feedbackNotice: ReactNode;
  /** The founder brief's download. */
  founderBrief: ReactNode;
  /** The documents card, with the latest views of the founder's share links. */
  DocumentsCard: ComponentType<{ value: string; caption: string }>;
}

/** The founder's home (spec §2 Dashboard): five cards and four progress bars from one call, and the support chat. */
export function DashboardPage({ feedbackNotice, founderBrief, DocumentsCard }: DashboardEmbeds) {
  const me = useMe();
  const dashboard = useDashboard();
  const firstVisit = useFirstVisit(useAuth().user?.sub ?? '');
  const firstName = me.data?.profile?.firstName.trim();
  const data = dashboard.data;

  return (
    <div className="dashboard">
      <PageHeader
        title="Dashboard"
        subtitle={`${greeting(firstName, firstVisit)} ${firstVisit ? 'Here is where you start building your startup.' : 'Here is how your startup is coming along.'}`}
      />
      {dashboard.isError && !data ? (
        <div className="notice" role="alert">
          <h2 className="notice__title">Could not load your progress</h2>
          <p className="notice__text">Something went wrong. Please try again.</p>
          <Button variant="secondary" onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <NextStepCard me={me.data} data={data} />
          {feedbackNotice}
          <DashboardContent data={data} DocumentsCard={DocumentsCard} />
          <ValidateToolkit phases={me.data?.phases} data={data} />
        </>
      )}
      {founderBrief}
      <SupportChat />
    </div>
  );
}

function DashboardContent({
  data,
  DocumentsCard,
}: {
  data: DashboardResponse | undefined;
  DocumentsCard: DashboardEmbeds['DocumentsCard'];
}) {
  const overall = data ? overallProgress(data.progress) : undefined;
  return (
    <>
      <section aria-labelledby="dashboard-summary" aria-busy={!data || undefined}>
        <h2 id="dashboard-summary" className="sr-only">
          Summary
        </h2>
        <ul className="dashboard__cards">
          {PHASES.map(({ type, label }) => {
            const progress = data?.progress[type];
            return (
              <StatCard
                key={type}
                label={label}
                value={progress ? `${progress.percent}%` : LOADING}
                caption={progress ? `${progress.answered} of ${plural(progress.total, 'question')} answered` : LOADING}
              />
            );
          })}
          <StatCard
            label="Validation Tests"
            value={data ? String(data.validationTests.count) : LOADING}
            caption="Tests started or completed"
          />
          <DocumentsCard
            value={data ? String(data.documents.count) : LOADING}
            caption={data ? `Last upload: ${formatShortDate(data.documents.lastUploadedAt)}` : 'Last upload: ...'}
          />
        </ul>
      </section>

      <Card className="dashboard__progress">
        <h2 className="dashboard__section-title">Your Progress</h2>
        <div className="dashboard__bars" aria-busy={!data || undefined}>
          {PHASES.map(({ type, label }) => {
            const progress = data?.progress[type];
            return (
              <ProgressRow
                key={type}
                label={label}
                percent={progress?.percent}
                detail={progress ? `${progress.answered}/${plural(progress.total, 'question')}` : undefined}
              />
            );
          })}
          <ProgressRow
            label="Overall Progress"
            percent={overall?.percent}
            detail={overall ? `${overall.answered}/${plural(overall.total, 'question')}` : undefined}
          />
        </div>
      </Card>
    </>
  );
}

/** The one thing to do next, named and linked, so the dashboard never leaves the founder wondering where to go. */
function NextStepCard({ me, data }: { me: MeResponse | undefined; data: DashboardResponse | undefined }) {
  if (!me || !data) return null;
  const step: NextStep = nextStep({
    phases: me.phases,
    hasIdea: Boolean(me.profile?.idea?.trim()),
    progress: data.progress,
    reviews: data.reviews,
    validationTests: data.validationTests,
    documents: data.documents,
  });
  return (
    <section
      className={step.waiting ? 'card dashboard__next dashboard__next--waiting' : 'card dashboard__next'}
      aria-labelledby="dashboard-next-title"
      data-step={step.id}
    >
      <div className="dashboard__next-body">
        <p className="dashboard__next-eyebrow">{step.waiting ? 'Waiting for your coach' : 'Your next step'}</p>
        <h2 id="dashboard-next-title" className="dashboard__next-title">
          {step.title}
        </h2>
        <p className="dashboard__next-text">{step.text}</p>
      </div>
      <Link
        className={`btn btn--md ${step.waiting ? 'btn--secondary' : 'btn--primary'} dashboard__next-action`}
        to={step.action.to}
      >
        {step.action.label}
      </Link>
    </section>
  );
}

function StatCard({ label, value, caption }: { label: string; value: string; caption: string }) {
  return (
    <li className="card dashboard__card">
      <p className="dashboard__card-label">{label}</p>
      <p className="dashboard__card-value">{value}</p>
      <p className="dashboard__card-caption">{caption}</p>
    </li>
  );
}

function ProgressRow({ label, percent, detail }: { label: string; percent: number | undefined; detail?: string }) {
  return (
    <div className="dashboard__bar">
      <div className="dashboard__bar-head">
        <span className="dashboard__bar-label">{label}</span>
        <span className="dashboard__bar-value">{percent === undefined ? LOADING : `${percent}%`}</span>
      </div>
      <ProgressBar
        value={percent ?? 0}
        label={label}
        valueText={percent === undefined ? 'Loading' : `${percent}%${detail ? ` (${detail})` : ''}`}
      />
    </div>
  );
}
