import { useParams } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title';
import { MedicineEditor } from '../../../features/admin-medicines/components/medicine-editor';
import { MedicinesAdminList } from '../../../features/admin-medicines/components/medicines-admin-list';
import { RequirePermission } from '../../components/require-permission';

/** Issue 30: medicine information of each salt composition (admin only, its own chunk). */
export const MedicinesAdminRoute = () => (
  <RequirePermission permission="medicines.review">
    <DocumentTitle title="Medicine information" />
    <MedicinesAdminList />
  </RequirePermission>
);

export function MedicineEditRoute() {
  const { slug = '' } = useParams();
  return (
    <RequirePermission permission="medicines.review">
      <DocumentTitle title="Edit medicine information" />
      <MedicineEditor key={slug} slug={slug} />
    </RequirePermission>
  );
}
