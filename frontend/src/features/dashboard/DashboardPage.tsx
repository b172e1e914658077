import { PageHeader } from '../../ui/PageHeader';

/** Founder home; the progress cards come in a later issue. */
export function DashboardPage() {
  return <PageHeader title="Dashboard" />;
}
