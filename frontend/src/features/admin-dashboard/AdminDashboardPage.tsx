import { Badge } from '../../ui/Badge';
import { PageHeader } from '../../ui/PageHeader';

/** Admin home; the statistics cards come in a later issue. */
export function AdminDashboardPage() {
  return (
    <PageHeader
      title="Admin Dashboard"
      subtitle="Manage your platform"
      aside={<Badge variant="accent">Admin Panel</Badge>}
    />
  );
}
