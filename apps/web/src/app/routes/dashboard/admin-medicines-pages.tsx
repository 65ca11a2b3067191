import { useParams } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title';
import { MedicineEditor } from '../../../features/admin-medicines/components/medicine-editor';
import { MedicinesAdminList } from '../../../features/admin-medicines/components/medicines-admin-list';
import { RequireAdmin } from '../../components/require-admin';

/** Issue 30: medicine information of each salt composition (admin only, its own chunk). */
export const MedicinesAdminRoute = () => (
  <RequireAdmin>
    <DocumentTitle title="Medicine information" />
    <MedicinesAdminList />
  </RequireAdmin>
);

export function MedicineEditRoute() {
  const { slug = '' } = useParams();
  return (
    <RequireAdmin>
      <DocumentTitle title="Edit medicine information" />
      <MedicineEditor key={slug} slug={slug} />
    </RequireAdmin>
  );
}
