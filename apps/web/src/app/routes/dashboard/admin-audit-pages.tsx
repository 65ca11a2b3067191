import { DocumentTitle } from '../../../components/ui/document-title';
import { AuditLog } from '../../../features/admin-audit/components/audit-log';
import { RequireAdmin } from '../../components/require-admin';

/** Issue 16 point 7: the audit log and its chain check (admin only). */
export const AuditLogRoute = () => (
  <RequireAdmin>
    <DocumentTitle title="Audit Log" />
    <AuditLog />
  </RequireAdmin>
);
