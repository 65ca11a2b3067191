import { DocumentTitle } from '../../../components/ui/document-title';
import { H1Register } from '../../../features/admin-compliance/components/h1-register';
import { RequireAdmin } from '../../components/require-admin';

/** Issue 16 Schedule H1 register (admin only). */
export const H1RegisterRoute = () => (
  <RequireAdmin>
    <DocumentTitle title="H1 Register" />
    <H1Register />
  </RequireAdmin>
);
