import { DocumentTitle } from '../../../components/ui/document-title';
import { UsersPage } from '../../../features/admin-users/components/users-page';
import { RequirePermission } from '../../components/require-permission';

/** Spec §2 /dashboard/users (admin). */
export function UsersRoute() {
  return (
    <RequirePermission permission="customers.view">
      <DocumentTitle title="Users" />
      <UsersPage />
    </RequirePermission>
  );
}
