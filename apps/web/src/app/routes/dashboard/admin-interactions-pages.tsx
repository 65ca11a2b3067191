import { DocumentTitle } from '../../../components/ui/document-title';
import { InteractionsPage } from '../../../features/admin-interactions/components/interactions-page';
import { RequirePermission } from '../../components/require-permission';

/** Issue 31 point 4: the drug interaction table (admin only). */
export const InteractionsRoute = () => (
  <RequirePermission permission="interactions.manage">
    <DocumentTitle title="Drug interactions" />
    <InteractionsPage />
  </RequirePermission>
);
