import { DocumentTitle } from '../../../components/ui/document-title';
import { BackgroundJobs } from '../../../features/admin-jobs/components/background-jobs';
import { RequirePermission } from '../../components/require-permission';

/** Issue 17: the durable queue's jobs, failed ones with a Retry (admin only). */
export const BackgroundJobsRoute = () => (
  <RequirePermission permission="settings.manage">
    <DocumentTitle title="Background Jobs" />
    <BackgroundJobs />
  </RequirePermission>
);
