import { DocumentTitle } from '../../../components/ui/document-title';
import { AuditLog } from '../../../features/admin-audit/components/audit-log';
import { HealthAccessLog } from '../../../features/admin-audit/components/health-access-log';
import { RequirePermission } from '../../components/require-permission';

/** Issue 16 point 7: the audit log and its chain check (admin only). */
export const AuditLogRoute = () => (
  <RequirePermission permission="audit.view">
    <DocumentTitle title="Audit Log" />
    <AuditLog />
  </RequirePermission>
);

/** Issue 32 point 4: who opened customers' health data, by person and by customer (owner). */
export const HealthAccessRoute = () => (
  <RequirePermission permission="audit.view">
    <DocumentTitle title="Health-data access" />
    <HealthAccessLog />
  </RequirePermission>
);
