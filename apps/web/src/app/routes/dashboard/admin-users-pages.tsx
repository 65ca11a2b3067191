import { DocumentTitle } from '../../../components/ui/document-title';
import { UsersPage } from '../../../features/admin-users/components/users-page';
import { RequireAdmin } from '../../components/require-admin';

/** Spec §2 /dashboard/users (admin). */
export function UsersRoute() {
  return (
    <RequireAdmin>
      <DocumentTitle title="Users" />
      <UsersPage />
    </RequireAdmin>
  );
}
