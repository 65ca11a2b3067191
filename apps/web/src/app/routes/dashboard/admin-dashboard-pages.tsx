import { DocumentTitle } from '../../../components/ui/document-title';
import { OperationsDashboard } from '../../../features/admin-dashboard/components/operations-dashboard';
import { RequirePermission } from '../../components/require-permission';

/** Issue 18: the admin's /dashboard, in its own chunk with the chart library. */
export const OperationsDashboardRoute = () => (
  <RequirePermission permission="staff">
    <DocumentTitle title="Dashboard" />
    <OperationsDashboard />
  </RequirePermission>
);
