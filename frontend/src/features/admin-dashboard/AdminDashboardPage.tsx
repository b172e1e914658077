import { type ComponentType, type ReactNode, useEffect } from 'react';
import { useAdminStats } from '../../data/admin/admin-stats';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { IconFileText, IconGrid, type IconProps, IconQuestion, IconTarget, IconTrendingUp } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { figuresOf } from './figures';
import { IconUsers } from './icons';
import { ReviewQueue } from './ReviewQueue';
import { ToolStats } from './ToolStats';
import './admin-dashboard.css';

/**
 * Spec §2 Admin Dashboard: platform counters from one call (errors are only logged, spec §8), and the founders
 * waiting for review. Every figure is the server's: nothing on the page is fixed text posing as a measurement.
 */
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
            icon={IconGrid}
            label="Business Model"
            value={f.completed['business-model']}
            caption={`${f.rate['business-model']}% completion rate`}
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
        </ul>
      </section>

      <ReviewQueue />

      <ToolStats stats={stats.data} loading={loading} />

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
            {`${f.questionsAvailable} available: ${f.questionsByType}`}
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
}

function StatCard({ icon: Icon, label, value, caption }: StatCardProps) {
  return (
    <li className="card admin-dash__card">
      <div className="admin-dash__card-head">
        <h3 className="admin-dash__card-label">{label}</h3>
        <Icon size={18} className="admin-dash__card-icon" />
      </div>
      <p className="admin-dash__card-value">{value}</p>
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
