import { type ComponentType, type ReactNode, useEffect } from 'react';
import { QUESTION_TYPES, type QuestionType } from '#shared/domain/questions';
import { plural } from '#shared/plural';
import { type AdminStatsResponse, useAdminStats } from '../../data/admin/admin-stats';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { IconFileText, type IconProps, IconQuestion, IconShield, IconTarget, IconTrendingUp } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { IconUsers } from './icons';
import './admin-dashboard.css';

export const LOADING = '...';

/** What the cards show: the server's counters, zeros once a failed load has ended, or '...' while loading. */
interface Figures {
  totalUsers: string;
  completed: Record<Extract<QuestionType, 'trigger' | 'value-proposition'>, string>;
  rate: Record<Extract<QuestionType, 'trigger' | 'value-proposition'>, string>;
  /** Counted phrases ("1 user", "8 users"), or '... users' while loading. */
  startedUsers: Record<Extract<QuestionType, 'trigger' | 'value-proposition'>, string>;
  questionsAvailable: string;
  /** Founders sent back for changes, every phase together. */
  changesRequested: string;
  /** The coaches' average rating per phase, '–' before any rating. */
  rating: Record<QuestionType, string>;
}

function figuresOf(stats: AdminStatsResponse | undefined, loading: boolean): Figures {
  const show = (n: number | undefined) => (loading ? LOADING : String(n ?? 0));
  const counted = (n: number | undefined, one: string) => (loading ? `${LOADING} ${one}s` : plural(n ?? 0, one));
  return {
    totalUsers: show(stats?.totalUsers),
    completed: {
      trigger: show(stats?.completed.trigger),
      'value-proposition': show(stats?.completed['value-proposition']),
    },
    rate: {
      trigger: show(stats?.completionRate.trigger),
      'value-proposition': show(stats?.completionRate['value-proposition']),
    },
    startedUsers: {
      trigger: counted(stats?.started.trigger, 'user'),
      'value-proposition': counted(stats?.started['value-proposition'], 'user'),
    },
    changesRequested: show(stats ? QUESTION_TYPES.reduce((n, t) => n + stats.changesRequested[t], 0) : undefined),
    rating: Object.fromEntries(
      QUESTION_TYPES.map((t) => {
        const average = stats?.averageRating[t];
        return [t, loading ? LOADING : average === null || average === undefined ? '–' : average.toFixed(1)];
      }),
    ) as Record<QuestionType, string>,
    // Spec §2: the sum of both kinds (trigger and value proposition questions).
    questionsAvailable: counted(
      stats ? stats.questions.trigger + stats.questions['value-proposition'] : undefined,
      'question',
    ),
  };
}

/** Spec §2 Admin Dashboard: platform counters from one call; errors are only logged (spec §8). */
export function AdminDashboardPage() {
  const stats = useAdminStats();
  const { error } = stats;
  useEffect(() => {
    if (error) console.error('Could not load the admin statistics', error);
  }, [error]);

  const loading = stats.isPending && !stats.isError;
  const f = figuresOf(stats.data, loading);

  return (
    <div className="admin-dash">
      <PageHeader
        title="Admin Dashboard"
        subtitle="Manage your platform"
        aside={<Badge variant="accent">Admin Panel</Badge>}
      />

      <section aria-labelledby="admin-dash-overview" aria-busy={loading || undefined}>
        <h2 id="admin-dash-overview" className="sr-only">
          Overview
        </h2>
        <ul className="admin-dash__cards">
          <StatCard icon={IconUsers} label="Total Users" value={f.totalUsers} caption="Registered platform users" />
          <StatCard
            icon={IconQuestion}
            label="Trigger Questions"
            value={f.completed.trigger}
            caption={`${f.rate.trigger}% completion rate`}
          />
          <StatCard
            icon={IconTarget}
            label="Value Proposition"
            value={f.completed['value-proposition']}
            caption={`${f.rate['value-proposition']}% completion rate`}
          />
          <StatCard
            icon={IconFileText}
            label="Changes Requested"
            value={f.changesRequested}
            caption="Founders sent back to revise"
          />
          <StatCard
            icon={IconTrendingUp}
            label="Average Rating"
            value={f.rating.trigger}
            caption={`Trigger answers, out of 5 • VP ${f.rating['value-proposition']} • BM ${f.rating['business-model']}`}
          />
          <StatCard icon={IconShield} label="System Status" value="Online" caption="All services running" status />
        </ul>
      </section>

      <section aria-labelledby="admin-dash-insights" aria-busy={loading || undefined}>
        <h2 id="admin-dash-insights" className="sr-only">
          Insights
        </h2>
        <ul className="admin-dash__info">
          <InfoCard icon={IconTrendingUp} title="User Engagement">
            {`${f.startedUsers.trigger} started • ${f.rate.trigger}% completion rate`}
          </InfoCard>
          <InfoCard icon={IconTarget} title="Value Proposition Analytics">
            {`${f.startedUsers['value-proposition']} active • ${f.rate['value-proposition']}% completed`}
          </InfoCard>
          <InfoCard icon={IconFileText} title="Platform Content">
            {`${f.questionsAvailable} available`}
          </InfoCard>
        </ul>
      </section>
    </div>
  );
}

interface StatCardProps {
  icon: ComponentType<IconProps>;
  label: string;
  value: string;
  caption: string;
  status?: boolean;
}

function StatCard({ icon: Icon, label, value, caption, status = false }: StatCardProps) {
  return (
    <li className="card admin-dash__card">
      <div className="admin-dash__card-head">
        <h3 className="admin-dash__card-label">{label}</h3>
        <Icon size={18} className="admin-dash__card-icon" />
      </div>
      <p className={status ? 'admin-dash__card-value admin-dash__card-value--ok' : 'admin-dash__card-value'}>
        {status ? <span className="admin-dash__dot" aria-hidden="true" /> : null}
        {value}
      </p>
      <p className="admin-dash__card-caption">{caption}</p>
    </li>
  );
}

function InfoCard({
  icon: Icon,
  title,
  children,
}: {
  icon: ComponentType<IconProps>;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="admin-dash__info-item">
      <Card className="admin-dash__info-card">
        <span className="admin-dash__info-icon">
          <Icon size={20} />
        </span>
        <div>
          <h3 className="admin-dash__info-title">{title}</h3>
          <p className="admin-dash__info-text">{children}</p>
        </div>
      </Card>
    </li>
  );
}
