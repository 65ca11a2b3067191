import { DocumentTitle } from '../../../components/ui/document-title';
import { H1Register } from '../../../features/admin-compliance/components/h1-register';
import { RequirePermission } from '../../components/require-permission';

/** Issue 16 Schedule H1 register (admin only). */
export const H1RegisterRoute = () => (
  <RequirePermission permission="h1.view">
    <DocumentTitle title="H1 Register" />
    <H1Register />
  </RequirePermission>
);
