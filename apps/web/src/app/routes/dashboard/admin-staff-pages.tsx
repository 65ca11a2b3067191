import { DocumentTitle } from '../../../components/ui/document-title';
import { StaffPage } from '../../../features/admin-staff/components/staff-page';
import { RequirePermission } from '../../components/require-permission';

/** Issue 32 /dashboard/staff (the owner's: staff.manage). */
export function StaffRoute() {
  return (
    <RequirePermission permission="staff.manage">
      <DocumentTitle title="Staff" />
      <StaffPage />
    </RequirePermission>
  );
}
