import { DocumentTitle } from '../../../components/ui/document-title';
import { OperationsDashboard } from '../../../features/admin-dashboard/components/operations-dashboard';
import { RequireAdmin } from '../../components/require-admin';

/** Issue 18: the admin's /dashboard, in its own chunk with the chart library. */
export const OperationsDashboardRoute = () => (
  <RequireAdmin>
    <DocumentTitle title="Dashboard" />
    <OperationsDashboard />
  </RequireAdmin>
);
