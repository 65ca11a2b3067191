import { DocumentTitle } from '../../../components/ui/document-title';
import { InteractionsPage } from '../../../features/admin-interactions/components/interactions-page';
import { RequireAdmin } from '../../components/require-admin';

/** Issue 31 point 4: the drug interaction table (admin only). */
export const InteractionsRoute = () => (
  <RequireAdmin>
    <DocumentTitle title="Drug interactions" />
    <InteractionsPage />
  </RequireAdmin>
);
