import { DocumentTitle } from '../../../components/ui/document-title';
import { BackgroundJobs } from '../../../features/admin-jobs/components/background-jobs';
import { RequireAdmin } from '../../components/require-admin';

/** Issue 17: the durable queue's jobs, failed ones with a Retry (admin only). */
export const BackgroundJobsRoute = () => (
  <RequireAdmin>
    <DocumentTitle title="Background Jobs" />
    <BackgroundJobs />
  </RequireAdmin>
);
